import { useState, type FormEvent } from 'react'
import { toCents } from '../../../../src/contract/fixed'
import { STOCK_MSG, StockCountBody, type Item } from '../../../../src/contract/stock'
import { countItem } from '../../api/stock'
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
import { useFigureCheck } from '../../components/useFigureCheck'

const LABELS = { quantity: 'Counted Quantity', remarks: 'Reason' }

/** A stock count (PATCH /items/{id}/quantity): the difference is recorded as a signed adjustment with the reason. */
export function CountForm({ item, onClose, onSaved }: { item: Item; onClose: () => void; onSaved: () => void }) {
  const fmt = useFormat()
  const [key] = useState(newKey)
  // Empty, the balance written above it (issue 29): a prefilled balance took the counted digits after it (250 → 250246).
  const [quantity, setQuantity] = useState('')
  const [remarks, setRemarks] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy, failure, setFailure, run } = useSubmit()
  const figures = useFigureCheck()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const checked = check(StockCountBody, { quantity: numberOrUndefined(quantity), remarks })
    setErrors(checked.ok ? {} : withLabels(checked.errors, LABELS))
    if (!checked.ok) return
    const counted = await figures.confirm(toCents(checked.value.quantity), [{ kind: 'balance', value: toCents(item.current_quantity) }], item.unit)
    if (counted === null) return requestAnimationFrame(() => document.getElementById(fieldId)?.focus())
    if (counted !== toCents(checked.value.quantity)) setQuantity(String(counted / 100))
    await run(async () => {
      const res = await countItem(item.id, { ...checked.value, quantity: counted / 100 }, key)
      toast({ kind: 'success', title: res.message || STOCK_MSG.stockCounted, message: STOCK_UI.inStoreNow(item.name, fmt.quantity(res.data.current_quantity, item.unit)) })
      onSaved()
      onClose()
    }, STOCK_UI.countFailed)
  }

  const formId = `count-form-${item.id}`
  const fieldId = `${formId}-quantity`
  return (
    <FormModal title="Count Stock" size="sm" busy={busy} formId={formId} submitLabel="Save Count" onClose={onClose} onSubmit={submit}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold">{item.name}</span>: the balance is {fmt.quantity(item.current_quantity, item.unit)}. Enter what you counted; the
        difference is recorded as an adjustment.
      </p>
      <ErrorLine message={failure} />
      <QuantityField id={fieldId} label={LABELS.quantity} unit={item.unit} value={quantity} onChange={setQuantity} error={errors.quantity} data-autofocus required />
      <TextAreaField label={LABELS.remarks} value={remarks} onChange={setRemarks} error={errors.remarks} hint="Required, e.g. monthly count" required />
      {figures.dialog}
    </FormModal>
  )
}
