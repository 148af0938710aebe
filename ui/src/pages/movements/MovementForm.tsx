import { useEffect, useState, type FormEvent } from 'react'
import { canAccess } from '../../../../src/contract/access-types'
import { MovementBody, STOCK_MSG, stockAccess, UpdateMovementBody, type Item, type StockMovement } from '../../../../src/contract/stock'
import { toCents } from '../../../../src/contract/fixed'
import { getItem, recordMovement, updateMovement } from '../../api/stock'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField, TextAreaField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { ItemPicker, pickedFromItem, type PickedItem } from '../../components/ItemPicker'
import { FormModal } from '../../components/FormModal'
import { MovementHistory } from './MovementHistory'
import { movementRecordedToast, movementToast } from './movementToast'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { newKey, numberOrUndefined, withLabels } from '../../lib/formInput'
import { MOVEMENT_UI } from '../../messages/stock'
import { useSubmit } from '../../components/useSubmit'
import { useFigureCheck } from '../../components/useFigureCheck'
import { useSession } from '../../session/store'

const ANOTHER = 'another'
const LABELS = { item_id: 'Item', type: 'Type', quantity: 'Quantity', remarks: 'Remarks' }
const TYPES = [
  { value: 'IN', label: 'Stock In' },
  { value: 'OUT', label: 'Stock Out (Usage)' },
]

/** What an OUT of `quantity` may take, as the server counts it (an edited row first gives back its own effect). */
export function availableForOut(balance: number, old: Pick<StockMovement, 'item_id' | 'type' | 'quantity'> | null, itemId: number): number {
  const b = toCents(balance)
  if (!old || old.item_id !== itemId) return b
  return b - (old.type === 'OUT' ? -toCents(old.quantity) : toCents(old.quantity))
}

/** Record a movement, or edit one a person entered (IN/OUT only). Refuses an OUT above the balance before sending. */
export function MovementForm({ movement, onClose, onSaved }: { movement: StockMovement | null; onClose: () => void; onSaved: () => void }) {
  const fmt = useFormat()
  const canUndo = canAccess(stockAccess['DELETE /api/stock-movements/:id'], useSession()?.user.role_name)
  const [key, setKey] = useState(newKey)
  const [item, setItem] = useState<PickedItem | null>(null)
  const [itemError, setItemError] = useState<string | null>(null)
  const [type, setType] = useState<string>(movement?.type ?? 'IN')
  const [quantity, setQuantity] = useState(movement ? String(movement.quantity) : '')
  const [remarks, setRemarks] = useState(movement?.remarks ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy, failure, setFailure, run } = useSubmit()
  const figures = useFigureCheck()
  // The picked item in full: its par level is what a Stock In is compared with besides the balance (issue 29).
  const [full, setFull] = useState<Item | null>(null)

  // On edit the item's balance is read so the insufficient-stock check can run before sending.
  useEffect(() => {
    if (!movement) return
    const ctrl = new AbortController()
    getItem(movement.item_id, ctrl.signal).then(
      (r) => (setItem(pickedFromItem(r.data)), setFull(r.data)),
      (err: unknown) => !ctrl.signal.aborted && setItemError(err instanceof Error ? err.message : String(err)),
    )
    return () => ctrl.abort()
  }, [movement])
  useEffect(() => {
    if (movement) return
    if (!item) return setFull(null)
    const ctrl = new AbortController()
    getItem(item.id, ctrl.signal).then(
      (r) => setFull(r.data),
      () => {}, // the par level is only a second figure to compare with; the balance is known from the picker
    )
    return () => ctrl.abort()
  }, [movement, item])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const input = { item_id: movement ? movement.item_id : item?.id, type, quantity: numberOrUndefined(quantity), remarks }
    const checked = movement ? check(UpdateMovementBody, input) : check(MovementBody, input)
    setErrors(checked.ok ? {} : withLabels(checked.errors, LABELS))
    if (!checked.ok) return
    const body = checked.value as { item_id: number; type: 'IN' | 'OUT'; quantity: number; remarks: string | null }
    // SPEC §5: an OUT above the balance is refused, on create and on edit, with the server's own words.
    if (body.type === 'OUT' && item && item.id === body.item_id) {
      const available = availableForOut(item.quantity ?? 0, movement, item.id)
      const requested = toCents(body.quantity)
      if (available >= 0 && requested > available) {
        setFailure(STOCK_MSG.insufficientStock(available, requested, item.unit))
        return
      }
    }
    // A Stock In far above the balance and the par level asks first (an OUT above the balance is refused above).
    if (body.type === 'IN' && item && item.id === body.item_id) {
      const par = full?.id === item.id ? full.par_level : null
      const typed = toCents(body.quantity)
      const answer = await figures.confirm(typed, [{ kind: 'balance', value: toCents(item.quantity ?? 0) }, { kind: 'par level', value: par === null ? null : toCents(par) }], item.unit)
      if (answer === null) return requestAnimationFrame(() => document.getElementById(quantityId)?.focus())
      if (answer !== typed) {
        body.quantity = answer / 100
        setQuantity(String(answer / 100))
      }
    }
    const lines = movement ? [MOVEMENT_UI.updateFailed, MOVEMENT_UI.updateError] : [MOVEMENT_UI.recordFailed, MOVEMENT_UI.recordError]
    // 'Save and add another' (a delivery of several lines): the sheet stays open, emptied, the picker focused.
    const another = !movement && ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === ANOTHER
    await run(async () => {
      if (movement) {
        const res = await updateMovement(movement.id, { type: body.type, quantity: body.quantity, remarks: body.remarks }, key)
        void movementToast(res.data, res.message || STOCK_MSG.movementUpdated, fmt.quantity)
      } else {
        const res = await recordMovement(body, key)
        void movementRecordedToast(res.data, res.message || STOCK_MSG.movementRecorded, fmt.quantity, onSaved, canUndo)
      }
      onSaved()
      if (!another) return onClose()
      setKey(newKey())
      setItem(null)
      setQuantity('')
      setRemarks('')
      setErrors({})
      requestAnimationFrame(() => document.getElementById(formId)?.querySelector<HTMLInputElement>('[role="combobox"]')?.focus())
    }, lines[0], lines[1])
  }

  const formId = movement ? `movement-form-${movement.id}` : 'movement-form-new'
  const unit = item?.unit ?? movement?.unit
  const quantityId = `${formId}-quantity`
  return (
    <FormModal
      title={movement ? 'Edit Stock Movement' : 'Record Stock Movement'}
      busy={busy}
      formId={formId}
      submitLabel={movement ? 'Update Movement' : 'Record Movement'}
      extraSubmit={movement ? undefined : { label: MOVEMENT_UI.saveAndAddAnother, value: ANOTHER }}
      onClose={onClose}
      onSubmit={submit}
    >
      <ErrorLine message={failure} />
      {movement ? (
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Item</p>
          <p className="mt-1.5 text-sm">
            <span className="font-semibold">{movement.item_name}</span>
            {item && <span className="text-slate-600 dark:text-slate-400"> · Available: {fmt.quantity(item.quantity, item.unit)}</span>}
          </p>
          {itemError && <ErrorLine message={itemError} />}
        </div>
      ) : (
        <ItemPicker scan label={LABELS.item_id} source="store" value={item} onChange={setItem} error={errors.item_id} hint={item ? `Available: ${fmt.quantity(item.quantity, item.unit)}` : undefined} />
      )}
      <SelectField label={LABELS.type} value={type} onChange={setType} options={TYPES} error={errors.type} required />
      <QuantityField id={quantityId} label={LABELS.quantity} unit={unit} value={quantity} onChange={setQuantity} error={errors.quantity} hint={MOVEMENT_UI.quantityHint} required />
      <TextAreaField label={LABELS.remarks} value={remarks} onChange={setRemarks} error={errors.remarks} hint="Optional" />
      {movement && <MovementHistory movementId={movement.id} />}
      {figures.dialog}
    </FormModal>
  )
}
