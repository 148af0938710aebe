import { useState, type FormEvent } from 'react'
import { AdjustmentBody, KITCHEN_MSG, UsageBody, WastageBody, type KitchenInventoryRow } from '../../../../src/contract/kitchen'
import { listKitchenInventory, recordAdjustment, recordUsage, recordWastage } from '../../api/kitchen'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField, TextField } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { ItemPicker, type PickedItem } from '../requests/ItemPicker'
import { failureMessage, relabel, toNumber } from '../requests/shared'

export type RecordMode = 'usage' | 'wastage' | 'adjustment'

const COPY: Record<RecordMode, { title: string; submit: string; busy: string; remarks: string; failed: string }> = {
  usage: { title: 'Record Usage', submit: 'Record Usage', busy: 'Recording...', remarks: 'Details (optional)', failed: KITCHEN_MSG.recordUsageFailed },
  wastage: { title: 'Record Wastage', submit: 'Record Wastage', busy: 'Recording...', remarks: 'Reason', failed: KITCHEN_MSG.recordWastageFailed },
  adjustment: { title: 'Adjust Kitchen Stock', submit: 'Record Adjustment', busy: 'Recording...', remarks: 'Reason', failed: KITCHEN_MSG.recordAdjustmentFailed },
}

const hundredths = (n: number) => Math.round(n * 100)

/** SPEC §5: the over-stock message, shown before sending when the kitchen balance is known. */
export function overStockMessage(mode: RecordMode, available: number | undefined, signed: number, unit: string): string | null {
  if (available === undefined || !Number.isFinite(signed)) return null
  if (mode === 'adjustment') return signed < 0 && -signed > available ? KITCHEN_MSG.insufficientForAdjustment(hundredths(available), hundredths(-signed), unit) : null
  if (signed <= available) return null
  return (mode === 'usage' ? KITCHEN_MSG.insufficientForUsage : KITCHEN_MSG.insufficientForWastage)(hundredths(available), hundredths(signed), unit)
}

interface KitchenRecordFormProps {
  mode: RecordMode | null
  /** Opened from a row: the item is fixed and its balance known. */
  row?: KitchenInventoryRow | null
  onClose: () => void
  /** After the server accepted: its message and a line with the kitchen balance after the write. */
  onDone: (message: string, detail: string) => void
  /** The server refused (e.g. the balance changed meanwhile): the page re-reads its lists. */
  onFailed?: () => void
}

/** Usage, wastage (reason required) and the Manager's adjustment (signed, reason required): one phone-sized form. */
export function KitchenRecordForm({ mode, row, onClose, onDone, onFailed }: KitchenRecordFormProps) {
  return (
    <Modal open={mode !== null} onClose={onClose} title={mode ? COPY[mode].title : ''} size="sm">
      {mode && <FormBody mode={mode} row={row} onClose={onClose} onDone={onDone} onFailed={onFailed} />}
    </Modal>
  )
}

function FormBody({ mode, row, onClose, onDone, onFailed }: KitchenRecordFormProps & { mode: RecordMode }) {
  const f = useFormat()
  const copy = COPY[mode]
  // One Idempotency-Key per opening of the form (DECISIONS): a retried submit moves nothing twice.
  const [key] = useState(() => crypto.randomUUID())
  const [item, setItem] = useState<PickedItem | null>(row ? { id: row.item_id, name: row.item_name, unit: row.unit, quantity: row.quantity } : null)
  const [quantity, setQuantity] = useState('')
  const [direction, setDirection] = useState<'add' | 'remove'>('add')
  const [remarks, setRemarks] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const typed = toNumber(quantity)
  const signed = mode === 'adjustment' && direction === 'remove' && typed > 0 ? -typed : typed
  const over = item && quantity.trim() !== '' ? overStockMessage(mode, item.quantity, signed, item.unit) : null

  const search = async (q: string, signal: AbortSignal): Promise<PickedItem[]> =>
    (await listKitchenInventory({ page: 1, limit: 8, q: q || undefined }, signal)).data.map((r) => ({
      id: r.item_id,
      name: r.item_name,
      unit: r.unit,
      quantity: r.quantity,
      detail: `${f.quantity(r.quantity, r.unit)} in the kitchen`,
    }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    const input = { item_id: item?.id, quantity: signed, remarks: remarks.trim() || (mode === 'usage' ? null : '') }
    const r = mode === 'usage' ? check(UsageBody, input) : mode === 'wastage' ? check(WastageBody, input) : check(AdjustmentBody, input)
    const found = r.ok
      ? {}
      : {
          item_id: r.errors.item_id ? 'Item is required' : undefined,
          quantity: quantity.trim() === '' ? 'Quantity is required' : relabel(r.errors.quantity, 'Quantity'),
          remarks: relabel(r.errors.remarks, mode === 'usage' ? 'Details' : 'Reason'),
        }
    setErrors(found)
    if (!r.ok || over) return
    setBusy(true)
    try {
      const body = { item_id: r.value.item_id, quantity: r.value.quantity, remarks: r.value.remarks ?? null }
      const res =
        mode === 'usage'
          ? await recordUsage(body, key)
          : mode === 'wastage'
            ? await recordWastage({ ...body, remarks: body.remarks ?? '' }, key)
            : await recordAdjustment({ ...body, remarks: body.remarks ?? '' }, key)
      onDone(res.message, `${item?.name}: ${f.quantity(res.data.kitchen_quantity, item?.unit)} in the kitchen now.`)
      onClose()
    } catch (err) {
      setFormError(failureMessage(err, copy.failed, copy.failed))
      onFailed?.()
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ErrorLine message={formError} />
      {row ? (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
          <p className="font-semibold">{row.item_name}</p>
          <p className="text-slate-600 dark:text-slate-300">{f.quantity(row.quantity, row.unit)} in the kitchen</p>
        </div>
      ) : (
        <ItemPicker label="Item" value={item} onChange={setItem} search={search} error={errors.item_id} autoFocus />
      )}
      {mode === 'adjustment' && (
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Change</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['add', 'remove'] as const).map((d) => (
              <label
                key={d}
                className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-950 ${'border-slate-300 dark:border-slate-600'}`}
              >
                <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} className="size-4 accent-brand-700" />
                {d === 'add' ? 'Add to stock' : 'Remove from stock'}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <TextField
        label={item ? `Quantity (${item.unit})` : 'Quantity'}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="next"
        value={quantity}
        onChange={setQuantity}
        error={errors.quantity}
        hint={item?.quantity !== undefined && !row ? `${f.quantity(item.quantity, item.unit)} in the kitchen` : undefined}
        data-autofocus={row ? true : undefined}
      />
      {over && <ErrorLine message={over} />}
      <TextAreaField label={copy.remarks} rows={2} value={remarks} onChange={setRemarks} error={errors.remarks} required={mode !== 'usage'} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={mode === 'wastage' ? 'danger' : 'primary'} disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </div>
    </form>
  )
}
