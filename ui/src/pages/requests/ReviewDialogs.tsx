import { useState, type FormEvent } from 'react'
import { ApproveBody, RejectBody, type KitchenRequest } from '../../../../src/contract/kitchen'
import { approveRequest, rejectRequest } from '../../api/kitchen'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField, TextField } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { KITCHEN_UI_MSG as M } from './messages'
import { failureMessage, relabel, toNumber } from './shared'

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
export function ApproveDialog({ request, onClose, onDone, onFailed }: ReviewProps) {
  return (
    <Modal open={!!request} onClose={onClose} title="Approve Request" size="sm">
      {request && <ApproveBodyForm request={request} onClose={onClose} onDone={onDone} onFailed={onFailed} />}
    </Modal>
  )
}

function ApproveBodyForm({ request, onClose, onDone, onFailed }: ReviewProps & { request: KitchenRequest }) {
  const [quantity, setQuantity] = useState(String(request.quantity_requested))
  const [remarks, setRemarks] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    const r = check(ApproveBody, { quantity_approved: toNumber(quantity), remarks: remarks.trim() || null })
    if (!r.ok) {
      setErrors({ quantity_approved: relabel(r.errors.quantity_approved, 'Approved quantity'), remarks: relabel(r.errors.remarks, 'Remarks') })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const res = await approveRequest(request.id, { quantity_approved: r.value.quantity_approved ?? request.quantity_requested, remarks: r.value.remarks ?? null })
      onDone(res.message)
      onClose()
    } catch (err) {
      setFormError(failureMessage(err, M.approveFailed, M.approveError))
      onFailed?.()
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Summary request={request} />
      <ErrorLine message={formError} />
      <TextField label={`Approved quantity (${request.unit})`} inputMode="decimal" autoComplete="off" value={quantity} onChange={setQuantity} error={errors.quantity_approved} data-autofocus />
      <TextAreaField label="Remarks (optional)" rows={2} value={remarks} onChange={setRemarks} error={errors.remarks} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Approving...' : 'Approve'}
        </Button>
      </div>
    </form>
  )
}

/** SPEC §4: reject with a reason (required). */
export function RejectDialog({ request, onClose, onDone, onFailed }: ReviewProps) {
  return (
    <Modal open={!!request} onClose={onClose} title="Reject Request" size="sm">
      {request && <RejectBodyForm request={request} onClose={onClose} onDone={onDone} onFailed={onFailed} />}
    </Modal>
  )
}

function RejectBodyForm({ request, onClose, onDone, onFailed }: ReviewProps & { request: KitchenRequest }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFormError(null)
    const r = check(RejectBody, { remarks: reason })
    if (!r.ok) {
      setError(relabel(r.errors.remarks, 'Reason'))
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const res = await rejectRequest(request.id, r.value)
      onDone(res.message)
      onClose()
    } catch (err) {
      setFormError(failureMessage(err, M.rejectFailed, M.rejectError))
      onFailed?.()
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Summary request={request} />
      <ErrorLine message={formError} />
      <TextAreaField label="Reason" rows={3} value={reason} onChange={setReason} error={error} data-autofocus />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? 'Rejecting...' : 'Reject'}
        </Button>
      </div>
    </form>
  )
}
