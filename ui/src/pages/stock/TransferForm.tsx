import { useState, type FormEvent } from 'react'
import { KITCHEN_MSG, TransferBody, type TransferDirection } from '../../../../src/contract/kitchen'
import { STOCK_MSG, type Item } from '../../../../src/contract/stock'
import { toCents } from '../../../../src/contract/fixed'
import { listKitchenInventory } from '../../api/kitchen'
import { transferItem } from '../../api/stock'
import { useLoad } from '../../components/useLoad'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { toast } from '../../components/toast'
import { FormModal } from '../../components/FormModal'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { newKey, numberOrUndefined, withLabels } from '../../lib/formInput'
import { STOCK_UI } from '../../messages/stock'
import { useSubmit } from '../../components/useSubmit'

const LABELS = { quantity: 'Quantity', remarks: 'Remarks' }

/** 'Send to kitchen' / 'Return to store' (DECISIONS "Kitchen": transfers are made from /stock). */
export function TransferForm({ item, direction, onClose, onSaved }: { item: Item; direction: TransferDirection; onClose: () => void; onSaved: () => void }) {
  const fmt = useFormat()
  const [key] = useState(newKey)
  const [quantity, setQuantity] = useState('')
  const [remarks, setRemarks] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy, failure, setFailure, run } = useSubmit()
  const toKitchen = direction === 'TO_KITCHEN'
  // Returning: what the kitchen holds is what can come back (the store's balance says nothing here).
  const kitchen = useLoad(
    async (signal) => {
      if (toKitchen) return null
      const rows = (await listKitchenInventory({ page: 1, limit: 50, q: item.name }, signal)).data
      return rows.find((r) => r.item_id === item.id)?.quantity ?? 0
    },
    [toKitchen, item.id],
  )

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const checked = check(TransferBody, { item_id: item.id, quantity: numberOrUndefined(quantity), direction, remarks })
    setErrors(checked.ok ? {} : withLabels(checked.errors, LABELS))
    if (!checked.ok) return
    // The store's balance is known: refuse before sending, with the server's own words.
    if (toKitchen && toCents(checked.value.quantity) > toCents(item.current_quantity)) {
      setFailure(STOCK_MSG.insufficientStock(toCents(item.current_quantity), toCents(checked.value.quantity), item.unit))
      return
    }
    await run(async () => {
      const res = await transferItem(checked.value, key)
      toast({
        kind: 'success',
        title: res.message || KITCHEN_MSG.transferRecorded,
        message: STOCK_UI.storeAndKitchenNow(item.name, fmt.quantity(res.data.store_quantity, item.unit), fmt.quantity(res.data.kitchen_quantity, item.unit)),
      })
      onSaved()
      onClose()
    }, STOCK_UI.transferFailed)
  }

  const formId = `transfer-form-${item.id}`
  return (
    <FormModal title={toKitchen ? 'Send to Kitchen' : 'Return to Store'} size="sm" busy={busy} formId={formId} submitLabel={toKitchen ? 'Send to Kitchen' : 'Return to Store'} onClose={onClose} onSubmit={submit}>
      {toKitchen ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-semibold">{item.name}</span>: {fmt.quantity(item.current_quantity, item.unit)} in the store. The quantity moves from the store to the kitchen.
        </p>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="kitchen-balance">
          {kitchen.data !== null
            ? STOCK_UI.kitchenHolds(item.name, fmt.quantity(kitchen.data, item.unit))
            : kitchen.error
              ? `${item.name}: ${kitchen.error}`
              : STOCK_UI.kitchenHoldsLoading(item.name)}{' '}
          The quantity moves from the kitchen back to the store.
        </p>
      )}
      <ErrorLine message={failure} />
      <QuantityField label={LABELS.quantity} unit={item.unit} value={quantity} onChange={setQuantity} error={errors.quantity} data-autofocus required />
      <TextAreaField label={LABELS.remarks} value={remarks} onChange={setRemarks} error={errors.remarks} hint="Optional" />
    </FormModal>
  )
}
