import { useState, type FormEvent } from 'react'
import { ApproveBody, RejectBody, type KitchenRequest } from '../../../../src/contract/kitchen'
import { approveRequest, getItem, rejectRequest } from '../../api/kitchen'
import { useLoad } from '../../components/useLoad'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { FormModal } from '../../components/FormModal'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { KITCHEN_UI_MSG as M } from '../../messages/kitchen'
import { relabel, toNumber } from '../../lib/formInput'
import { useSubmit } from '../../components/useSubmit'

interface ReviewProps {
  request: KitchenRequest | null
  onClose: () => void
  onDone: (message: string) => void
  /** The server refused (e.g. someone else moved the request): the page re-reads its list. */
  onFailed?: () => void
}

function Summary({ request }: { request: KitchenRequest }) {
  const f = useFormat()
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      <span className="font-semibold">{request.request_number}</span> · {request.item_name} · {f.quantity(request.quantity_requested, request.unit)} requested by {request.chef_name}
      {request.remarks && <span className="mt-1 block text-slate-600 dark:text-slate-400">“{request.remarks}”</span>}
    </p>
  )
}

/** SPEC §4: approve with the quantity prefilled with the requested one, remarks optional. */
export function ApproveDialog({ request, ...props }: ReviewProps) {
  return request && <ApproveBodyForm request={request} {...props} />
}

function ApproveBodyForm({ request, onClose, onDone, onFailed }: ReviewProps & { request: KitchenRequest }) {
  const [quantity, setQuantity] = useState(String(request.quantity_requested))
  const [remarks, setRemarks] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const { busy, failure: formError, setFailure: setFormError, run } = useSubmit()
  const f = useFormat()
  // What the store holds now, beside the quantity to approve (fulfilling moves it from there).
  const store = useLoad((signal) => getItem(request.item_id, signal).then((r) => r.data.current_quantity), [request.item_id])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    const r = check(ApproveBody, { quantity_approved: toNumber(quantity), remarks: remarks.trim() || null })
    if (!r.ok) {
      setErrors({ quantity_approved: relabel(r.errors.quantity_approved, 'Approved quantity'), remarks: relabel(r.errors.remarks, 'Remarks') })
      return
    }
    setErrors({})
    await run(async () => {
      const res = await approveRequest(request.id, { quantity_approved: r.value.quantity_approved ?? request.quantity_requested, remarks: r.value.remarks ?? null })
      onDone(res.message)
      onClose()
    }, M.approveFailed, M.approveError, onFailed)
  }

  return (
    <FormModal title="Approve Request" size="sm" busy={busy} busyLabel="Approving..." formId={`approve-${request.id}`} submitLabel="Approve" onClose={onClose} onSubmit={submit}>
      <Summary request={request} />
      <ErrorLine message={formError} />
      <QuantityField
        label="Approved quantity"
        unit={request.unit}
        value={quantity}
        onChange={setQuantity}
        error={errors.quantity_approved}
        hint={store.data !== null ? M.storeHolds(f.quantity(store.data, request.unit)) : store.error ?? M.storeHoldsLoading}
        data-autofocus
      />
      <TextAreaField label="Remarks (optional)" rows={2} value={remarks} onChange={setRemarks} error={errors.remarks} />
    </FormModal>
  )
}

/** SPEC §4: reject with a reason (required). */
export function RejectDialog({ request, ...props }: ReviewProps) {
  return request && <RejectBodyForm request={request} {...props} />
}

function RejectBodyForm({ request, onClose, onDone, onFailed }: ReviewProps & { request: KitchenRequest }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const { busy, failure: formError, setFailure: setFormError, run } = useSubmit()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    const r = check(RejectBody, { remarks: reason })
    if (!r.ok) {
      setError(relabel(r.errors.remarks, 'Reason'))
      return
    }
    setError(undefined)
    await run(async () => {
      const res = await rejectRequest(request.id, r.value)
      onDone(res.message)
      onClose()
    }, M.rejectFailed, M.rejectError, onFailed)
  }

  return (
    <FormModal
      title="Reject Request"
      size="sm"
      busy={busy}
      busyLabel="Rejecting..."
      submitVariant="danger"
      formId={`reject-${request.id}`}
      submitLabel="Reject"
      onClose={onClose}
      onSubmit={submit}
    >
      <Summary request={request} />
      <ErrorLine message={formError} />
      <TextAreaField label="Reason" rows={3} value={reason} onChange={setReason} error={error} data-autofocus />
    </FormModal>
  )
}
