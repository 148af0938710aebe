import { useState, type FormEvent } from 'react'
import { KITCHEN_MSG, TransferBody, type TransferDirection } from '../../../../src/contract/kitchen'
import { STOCK_MSG, type Item } from '../../../../src/contract/stock'
import { toCents } from '../../../../src/contract/fixed'
import { transferItem } from '../../api/stock'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { toast } from '../../components/toast'
import { FormModal } from '../../components/FormModal'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { UI } from '../../messages/common'
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
      toast({ kind: 'success', title: UI.successTitle, message: res.message || KITCHEN_MSG.transferRecorded })
      onSaved()
      onClose()
    }, STOCK_UI.transferFailed)
  }

  const formId = `transfer-form-${item.id}`
  return (
    <FormModal title={toKitchen ? 'Send to Kitchen' : 'Return to Store'} size="sm" busy={busy} formId={formId} submitLabel={toKitchen ? 'Send to Kitchen' : 'Return to Store'} onClose={onClose} onSubmit={submit}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold">{item.name}</span>: {fmt.quantity(item.current_quantity, item.unit)} in the store.{' '}
        {toKitchen ? 'The quantity moves from the store to the kitchen.' : 'The quantity moves from the kitchen back to the store.'}
      </p>
      <ErrorLine message={failure} />
      <QuantityField label={LABELS.quantity} unit={item.unit} value={quantity} onChange={setQuantity} error={errors.quantity} data-autofocus required />
      <TextAreaField label={LABELS.remarks} value={remarks} onChange={setRemarks} error={errors.remarks} hint="Optional" />
    </FormModal>
  )
}
