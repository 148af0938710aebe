import { useState } from 'react'
import { DraftDisputeBody, type InvoiceDraft } from '../../../../src/contract/invoices'
import { disputeDraft } from '../../api/invoices'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { toast } from '../../components/toast'
import { useSubmit } from '../../components/useSubmit'
import { relabel } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { INVOICE_UI as T } from '../../messages/invoices'
import { FileButton } from './FileButton'

/** The Manager's part of a draft: the file as uploaded, and setting the invoice aside as disputed (a credit note is due). */
export function ManagerActions({ draft, onChanged }: { draft: InvoiceDraft; onChanged: (d: InvoiceDraft) => void }) {
  const [disputing, setDisputing] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const { busy, failure, setFailure, run } = useSubmit()
  const canDispute = draft.status !== 'DISPUTED'

  function dispute() {
    setFailure(null)
    const c = check(DraftDisputeBody, { reason })
    setError(c.ok ? undefined : relabel(c.errors.reason, 'Reason'))
    if (!c.ok) return
    void run(async () => {
      const res = await disputeDraft(draft.id, c.value.reason)
      toast({ kind: 'success', title: T.disputed })
      setDisputing(false)
      onChanged(res.data)
    }, T.disputeFailed)
  }

  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap gap-2">
        <FileButton draft={draft} />
        {canDispute && !disputing && (
          <Button variant="secondary" onClick={() => setDisputing(true)}>
            {T.dispute}
          </Button>
        )}
      </div>
      {disputing && (
        <div className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
          <TextField label={T.disputeReason} value={reason} onChange={(v) => (setReason(v), setError(undefined))} error={error} hint={T.disputeHint} />
          <ErrorLine message={failure} />
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" disabled={busy} onClick={dispute}>
              {T.disputeSubmit}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setDisputing(false)}>
              {T.cancel}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
