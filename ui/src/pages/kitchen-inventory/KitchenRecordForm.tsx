import { useState, type FormEvent } from 'react'
import { AdjustmentBody, KITCHEN_MSG, UsageBody, WastageBody, type KitchenInventoryRow } from '../../../../src/contract/kitchen'
import { recordAdjustment, recordUsage, recordWastage } from '../../api/kitchen'
import { OfflineMode } from '../../components/OfflineMode'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { FormModal } from '../../components/FormModal'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { ItemPicker, type PickedItem } from '../../components/ItemPicker'
import { newKey, relabel, toNumber } from '../../lib/formInput'
import { useSubmit } from '../../components/useSubmit'
import { useFigureCheck } from '../../components/useFigureCheck'
import { boxUnreachable, sendNow } from '../../lib/offline/app'
import { addRequest } from '../../lib/offline/outbox'
import { UI } from '../../messages/common'
import { getSession } from '../../session/store'

export type RecordMode = 'usage' | 'wastage' | 'adjustment'

/** The usual reasons for wastage, one tap each; the text field stays for anything else or more detail. */
export const WASTAGE_REASONS = ['Expired', 'Spoiled', 'Dropped', 'Over-prepared', 'Other'] as const

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
export function KitchenRecordForm({ mode, ...props }: KitchenRecordFormProps) {
  return mode && <FormBody mode={mode} {...props} />
}

function FormBody({ mode, row, onClose, onDone, onFailed }: KitchenRecordFormProps & { mode: RecordMode }) {
  const f = useFormat()
  const copy = COPY[mode]
  // One Idempotency-Key per opening of the form (DECISIONS): a retried submit moves nothing twice.
  const [key] = useState(newKey)
  const [item, setItem] = useState<PickedItem | null>(row ? { id: row.item_id, name: row.item_name, unit: row.unit, quantity: row.quantity } : null)
  const [quantity, setQuantity] = useState('')
  const [direction, setDirection] = useState<'add' | 'remove'>('add')
  const [remarks, setRemarks] = useState('')
  const reasonId = `kitchen-${mode}-reason`
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const { busy, failure: formError, setFailure: setFormError, run } = useSubmit()
  const figures = useFigureCheck()
  const quantityId = `kitchen-${mode}-quantity`

  const typed = toNumber(quantity)
  const signed = mode === 'adjustment' && direction === 'remove' && typed > 0 ? -typed : typed
  const over = item && quantity.trim() !== '' ? overStockMessage(mode, item.quantity, signed, item.unit) : null

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
    // Issue 29.3: an addition far above the kitchen's balance asks first (usage and wastage cannot exceed it at all).
    let toSend = r.value.quantity
    if (mode === 'adjustment' && toSend > 0 && item?.quantity !== undefined) {
      const answer = await figures.confirm(hundredths(toSend), [{ kind: 'balance', value: hundredths(item.quantity) }], item.unit)
      if (answer === null) return void requestAnimationFrame(() => document.getElementById(quantityId)?.focus())
      if (answer !== hundredths(toSend)) setQuantity(String(answer / 100))
      toSend = answer / 100
    }
    await run(async () => {
      const body = { item_id: r.value.item_id, quantity: toSend, remarks: r.value.remarks ?? null }
      try {
        const res =
          mode === 'usage'
            ? await recordUsage(body, key)
            : mode === 'wastage'
              ? await recordWastage({ ...body, remarks: body.remarks ?? '' }, key)
              : await recordAdjustment({ ...body, remarks: body.remarks ?? '' }, key)
        onDone(res.message, `${item?.name}: ${f.quantity(res.data.kitchen_quantity, item?.unit)} in the kitchen now.`)
      } catch (err) {
        // Issue 33.6: usage and wastage made where the box does not answer wait on the phone under the form's
        // Idempotency-Key and are sent once when it does (the Manager's adjustment needs the box).
        const user = getSession()?.user.id
        if (mode === 'adjustment' || !boxUnreachable(err) || user === undefined) throw err
        const sent = mode === 'usage' ? body : { ...body, remarks: body.remarks ?? '' }
        await addRequest({ id: key, user_id: user, path: `/kitchen-inventory/${mode}`, body: sent, label: `${copy.title}: ${item?.name} ${f.quantity(toSend, item?.unit)}` })
        void sendNow()
        onDone(UI.keptOnPhone, `${item?.name}: ${f.quantity(toSend, item?.unit)}.`)
      }
      onClose()
    }, copy.failed, undefined, onFailed)
  }

  return (
    <FormModal
      title={copy.title}
      size="sm"
      busy={busy}
      busyLabel={copy.busy}
      submitVariant={mode === 'wastage' ? 'danger' : 'primary'}
      formId={`kitchen-${mode}-form`}
      submitLabel={copy.submit}
      onClose={onClose}
      onSubmit={submit}
    >
      {mode !== 'adjustment' && <OfflineMode />}
      <ErrorLine message={formError} />
      {row ? (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
          <p className="font-semibold">{row.item_name}</p>
          <p className="text-slate-600 dark:text-slate-300">{f.quantity(row.quantity, row.unit)} in the kitchen</p>
        </div>
      ) : (
        <ItemPicker label="Item" source="kitchen" value={item} onChange={setItem} error={errors.item_id} autoFocus />
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
      <QuantityField
        id={quantityId}
        label="Quantity"
        unit={item?.unit}
        enterKeyHint="next"
        value={quantity}
        onChange={setQuantity}
        error={errors.quantity}
        hint={item?.quantity !== undefined && !row ? `${f.quantity(item.quantity, item.unit)} in the kitchen` : undefined}
        data-autofocus={row ? true : undefined}
      />
      {over && <ErrorLine message={over} />}
      {mode === 'wastage' && (
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Quick reason</legend>
          <div className="flex flex-wrap gap-2">
            {WASTAGE_REASONS.map((r) => (
              <button
                key={r}
                type="button"
                aria-pressed={remarks === r || (r === 'Other' && remarks.startsWith('Other'))}
                onClick={() => {
                  // 'Other' keeps the words typed so far after it and puts the cursor in the text field.
                  if (r === 'Other') {
                    setRemarks((t) => (t.startsWith('Other') ? t : 'Other: '))
                    requestAnimationFrame(() => document.getElementById(reasonId)?.focus())
                  } else setRemarks(r)
                }}
                className="min-h-11 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-900 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-950 dark:aria-pressed:text-brand-100"
              >
                {r}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {figures.dialog}
      <TextAreaField id={reasonId} label={copy.remarks} rows={2} value={remarks} onChange={setRemarks} error={errors.remarks} required={mode !== 'usage'} />
    </FormModal>
  )
}
