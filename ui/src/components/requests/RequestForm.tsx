import { useState, type FormEvent } from 'react'
import { CreateRequestBody, PRIORITIES, type KitchenRequest, type Priority } from '../../../../src/contract/kitchen'
import { createRequest, updateRequest } from '../../api/kitchen'
import { ErrorLine } from '../ErrorLine'
import { SelectField, TextAreaField } from '../Field'
import { QuantityField } from '../QuantityField'
import { FormModal } from '../FormModal'
import { check } from '../../lib/validation'
import { titleCase } from '../Badge'
import { ItemPicker, type PickedItem } from '../ItemPicker'
import { KITCHEN_UI_MSG as M } from '../../messages/kitchen'
import { relabel, toNumber } from '../../lib/formInput'
import { useSubmit } from '../useSubmit'

export interface RequestFormProps {
  open: boolean
  onClose: () => void
  /** Edit this (PENDING) request; without it the form makes a new one. */
  request?: KitchenRequest | null
  /** A new request prefilled with this item (/requests?item_id=…, the Chef dashboard's 'Request More'). */
  initialItem?: PickedItem | null
  /** After the server accepted: the request and the server's success message. */
  onSaved: (request: KitchenRequest, message: string) => void
  /** The server refused: the page may re-read its list (the request may have moved meanwhile). */
  onFailed?: () => void
  /** The failure lines (SPEC §8): /requests uses 'Failed to create kitchen request'; the dashboard passes 'Failed to submit request'. */
  failure?: { failed: string; error: string }
  title?: string
  submitLabel?: string
}

const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: titleCase(p) }))

/**
 * New / Edit kitchen request in a dialog: item (searchable), quantity (≥ 0.01, numeric keypad),
 * priority (MEDIUM by default) and remarks. Reusable: the Chef dashboard's 'New Ingredient Request'
 * renders it with its own title and failure lines.
 */
export function RequestForm(props: RequestFormProps) {
  return props.open && <RequestFormBody {...props} />
}

function RequestFormBody({ request, initialItem, onSaved, onFailed, onClose, failure, title, submitLabel }: RequestFormProps) {
  const [item, setItem] = useState<PickedItem | null>(request ? { id: request.item_id, name: request.item_name, unit: request.unit } : (initialItem ?? null))
  const [quantity, setQuantity] = useState(request ? String(request.quantity_requested) : '')
  const [priority, setPriority] = useState<Priority>(request?.priority ?? 'MEDIUM')
  const [remarks, setRemarks] = useState(request?.remarks ?? '')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const { busy, failure: formError, setFailure: setFormError, run } = useSubmit()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    const body = { item_id: item?.id, quantity_requested: toNumber(quantity), priority, remarks: remarks.trim() || null }
    if (!item || quantity.trim() === '') {
      setErrors({ item_id: item ? undefined : 'Item is required', quantity_requested: quantity.trim() === '' ? 'Quantity is required' : undefined })
      setFormError(M.fillRequired)
      return
    }
    const r = check(CreateRequestBody, body)
    if (!r.ok) {
      setErrors({ quantity_requested: relabel(r.errors.quantity_requested, 'Quantity'), remarks: relabel(r.errors.remarks, 'Remarks'), priority: relabel(r.errors.priority, 'Priority') })
      return
    }
    setErrors({})
    const lines = request ? { failed: M.updateFailed, error: M.updateError } : (failure ?? { failed: M.createFailed, error: M.createError })
    await run(async () => {
      const send = { ...r.value, remarks: r.value.remarks ?? null }
      const res = request ? await updateRequest(request.id, send) : await createRequest(send)
      onSaved(res.data, res.message)
      onClose()
    }, lines.failed, lines.error, onFailed)
  }

  return (
    <FormModal
      title={title ?? (request ? 'Edit Request' : 'New Request')}
      busy={busy}
      formId={request ? `request-form-${request.id}` : 'request-form-new'}
      submitLabel={submitLabel ?? (request ? 'Save Changes' : 'Submit Request')}
      onClose={onClose}
      onSubmit={submit}
    >
      <ErrorLine message={formError} />
      <ItemPicker label="Item" source="store" value={item} onChange={setItem} error={errors.item_id} autoFocus={!item} />
      <div className="grid grid-cols-2 gap-3">
        <QuantityField label="Quantity" unit={item?.unit} value={quantity} onChange={setQuantity} error={errors.quantity_requested} data-autofocus={item ? true : undefined} />
        <SelectField label="Priority" value={priority} onChange={(v) => setPriority(v as Priority)} options={PRIORITY_OPTIONS} error={errors.priority} />
      </div>
      <TextAreaField label="Remarks (optional)" rows={2} value={remarks} onChange={setRemarks} error={errors.remarks} />
    </FormModal>
  )
}
