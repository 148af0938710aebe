import { useState } from 'react'
import type { InvoiceDraftSummary } from '../../../../src/contract/invoices'
import { draftFile } from '../../api/invoices'
import { Button } from '../../components/Button'
import { failureMessage } from '../../components/failureMessage'
import { toast } from '../../components/toast'
import { saveFile } from '../../lib/saveFile'
import { INVOICE_UI as T } from '../../messages/invoices'

/** The invoice as the supplier sent it (the route needs the bearer token, so it is fetched, not linked). */
export function FileButton({ draft }: { draft: InvoiceDraftSummary }) {
  const [busy, setBusy] = useState(false)
  async function open() {
    setBusy(true)
    try {
      const f = await draftFile(draft.id)
      saveFile(f.blob, f.filename ?? draft.file_name)
    } catch (err) {
      toast({ kind: 'error', title: T.fileFailed, message: failureMessage(err, T.fileFailed) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void open()}>
      {T.fileLabel(draft.file_name)}
    </Button>
  )
}
