import { useId, useRef, useState, type FormEvent } from 'react'
import { CreateRequestBody, MAX_BATCH_LINES, PRIORITIES, type KitchenRequest, type Priority } from '../../../../src/contract/kitchen'
import { createRequest, createRequests, updateRequest } from '../../api/kitchen'
import { Button } from '../Button'
import { ErrorLine } from '../ErrorLine'
import { SelectField, TextAreaField } from '../Field'
import { QuantityField } from '../QuantityField'
import { FormModal } from '../FormModal'
import { check } from '../../lib/validation'
import { titleCase } from '../Badge'
import { ItemPicker, type PickedItem } from '../ItemPicker'
import { KITCHEN_UI_MSG as M } from '../../messages/kitchen'
import { relabel, toNumber } from '../../lib/formInput'
import { useFormat } from '../../lib/useFormat'
import { useSubmit } from '../useSubmit'

export interface RequestFormProps {
  open: boolean
  onClose: () => void
  /** Edit this (PENDING) request; without it the form makes new ones, one per line. */
  request?: KitchenRequest | null
  /** A new request prefilled with this item (/requests?item_id=…, the Chef dashboard's 'Request More'). */
  initialItem?: PickedItem | null
  /** After the server accepted: the requests made (or edited) and the confirmation, naming their numbers. */
  onSaved: (requests: KitchenRequest[], message: string) => void
  /** The server refused: the page may re-read its list (the request may have moved meanwhile). */
  onFailed?: () => void
  /** The failure lines (SPEC §8): /requests uses 'Failed to create kitchen request'; the dashboard passes 'Failed to submit request'. */
  failure?: { failed: string; error: string }
  title?: string
  submitLabel?: string
}

const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: titleCase(p) }))

interface Line {
  key: number
  item: PickedItem | null
  quantity: string
  priority: Priority
}
type LineErrors = { item_id?: string; quantity_requested?: string; priority?: string }

/**
 * New / Edit kitchen request in a dialog. New requests are a list ("tonight's list"): each line an
 * item (searchable, the store's on-hand beside it), a quantity and a priority; 'Add line' adds the
 * next. One line is sent as one request, several as one batch (one transaction: all or none).
 * Reusable: the Chef dashboard's 'New Ingredient Request' renders it with its own title and failure lines.
 */
export function RequestForm(props: RequestFormProps) {
  return props.open && <RequestFormBody {...props} />
}

function RequestFormBody({ request, initialItem, onSaved, onFailed, onClose, failure, title, submitLabel }: RequestFormProps) {
  const f = useFormat()
  const nextKey = useRef(1)
  const [lines, setLines] = useState<Line[]>([
    {
      key: 0,
      item: request ? { id: request.item_id, name: request.item_name, unit: request.unit } : (initialItem ?? null),
      quantity: request ? String(request.quantity_requested) : '',
      priority: request?.priority ?? 'MEDIUM',
    },
  ])
  const [remarks, setRemarks] = useState(request?.remarks ?? '')
  const [errors, setErrors] = useState<LineErrors[]>([])
  const [remarksError, setRemarksError] = useState<string | undefined>()
  const { busy, failure: formError, setFailure: setFormError, run } = useSubmit()
  const several = lines.length > 1

  const change = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)))
  const addLine = () => setLines((ls) => [...ls, { key: nextKey.current++, item: null, quantity: '', priority: 'MEDIUM' }])
  const removeLine = (key: number) => setLines((ls) => ls.filter((l) => l.key !== key))

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    const note = remarks.trim() || null
    const found: LineErrors[] = []
    const bodies = lines.map((l, i) => {
      if (!l.item || l.quantity.trim() === '') {
        found[i] = { item_id: l.item ? undefined : 'Item is required', quantity_requested: l.quantity.trim() === '' ? 'Quantity is required' : undefined }
        return null
      }
      const r = check(CreateRequestBody, { item_id: l.item.id, quantity_requested: toNumber(l.quantity), priority: l.priority, remarks: note })
      if (!r.ok) {
        found[i] = { quantity_requested: relabel(r.errors.quantity_requested, 'Quantity'), priority: relabel(r.errors.priority, 'Priority') }
        if (r.errors.remarks) setRemarksError(relabel(r.errors.remarks, 'Remarks'))
        return null
      }
      return { ...r.value, remarks: r.value.remarks ?? null }
    })
    setErrors(found)
    if (found.some((x) => x?.item_id || x?.quantity_requested === 'Quantity is required')) {
      setFormError(M.fillRequired)
      return
    }
    const ready = bodies.filter((b): b is NonNullable<typeof b> => b !== null)
    if (ready.length !== lines.length) return
    setRemarksError(undefined)
    const failed = request ? { failed: M.updateFailed, error: M.updateError } : (failure ?? { failed: M.createFailed, error: M.createError })
    await run(async () => {
      if (request) {
        const res = await updateRequest(request.id, ready[0])
        onSaved([res.data], res.message)
      } else if (ready.length === 1) {
        const res = await createRequest(ready[0])
        onSaved([res.data], M.madeNumbers(res.message || M.submitted, [res.data.request_number]))
      } else {
        const res = await createRequests(ready)
        onSaved(res.data, M.madeNumbers(res.message, res.data.map((r) => r.request_number)))
      }
      onClose()
    }, failed.failed, failed.error, onFailed)
  }

  return (
    <FormModal
      title={title ?? (request ? 'Edit Request' : 'New Request')}
      busy={busy}
      formId={request ? `request-form-${request.id}` : 'request-form-new'}
      submitLabel={submitLabel ?? (request ? 'Save Changes' : several ? `Submit ${lines.length} Requests` : 'Submit Request')}
      onClose={onClose}
      onSubmit={submit}
    >
      <ErrorLine message={formError} />
      {lines.map((l, i) => (
        <RequestLine
          key={l.key}
          line={l}
          number={i + 1}
          several={several}
          errors={errors[i] ?? {}}
          autoFocus={!l.item}
          onChange={(patch) => change(l.key, patch)}
          onRemove={several ? () => removeLine(l.key) : undefined}
          inStore={(item) => (item.quantity === undefined ? undefined : M.inStore(f.quantity(item.quantity, item.unit)))}
        />
      ))}
      {!request && lines.length < MAX_BATCH_LINES && (
        <Button type="button" variant="secondary" className="w-full" onClick={addLine}>
          Add line
        </Button>
      )}
      <TextAreaField label={several ? 'Remarks for every line (optional)' : 'Remarks (optional)'} rows={2} value={remarks} onChange={setRemarks} error={remarksError} />
    </FormModal>
  )
}

interface RequestLineProps {
  line: Line
  number: number
  several: boolean
  errors: LineErrors
  autoFocus: boolean
  onChange: (patch: Partial<Line>) => void
  onRemove?: () => void
  inStore: (item: PickedItem) => string | undefined
}

/** One line of the list: item (its store on-hand kept under it once picked), quantity, priority. */
function RequestLine({ line, number, several, errors, autoFocus, onChange, onRemove, inStore }: RequestLineProps) {
  const quantityId = useId()
  const fields = (
    <>
      <ItemPicker
        scan
        label="Item"
        source="store"
        value={line.item}
        onChange={(item) => {
          onChange({ item })
          // Picking an item goes straight on to its quantity: one tap fewer per line on a phone.
          if (item) requestAnimationFrame(() => document.getElementById(quantityId)?.focus())
        }}
        error={errors.item_id}
        hint={line.item ? inStore(line.item) : undefined}
        autoFocus={autoFocus}
      />
      <div className="grid grid-cols-2 gap-3">
        <QuantityField
          id={quantityId}
          label="Quantity"
          unit={line.item?.unit}
          value={line.quantity}
          onChange={(quantity) => onChange({ quantity })}
          error={errors.quantity_requested}
          data-autofocus={line.item && !several ? true : undefined}
        />
        <SelectField label="Priority" value={line.priority} onChange={(v) => onChange({ priority: v as Priority })} options={PRIORITY_OPTIONS} error={errors.priority} />
      </div>
    </>
  )
  if (!several) return <div className="space-y-4">{fields}</div>
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="flex w-full items-center justify-between px-1 text-sm font-semibold">Line {number}</legend>
      {fields}
      {onRemove && (
        <Button type="button" variant="ghost" className="min-h-11 w-full text-red-700! dark:text-red-300!" onClick={onRemove} aria-label={`Remove line ${number}`}>
          Remove line
        </Button>
      )}
    </fieldset>
  )
}
