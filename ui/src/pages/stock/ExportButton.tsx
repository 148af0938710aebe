import { useState } from 'react'
import type { ImportKind } from '../../../../src/contract/imports'
import { exportCsv } from '../../api/imports'
import { Button } from '../../components/Button'
import { failureMessage } from '../../components/failureMessage'
import { toast } from '../../components/toast'
import { saveFile } from '../../lib/saveFile'
import { UI } from '../../messages/common'

const LABEL: Record<ImportKind, string> = { items: 'items', suppliers: 'suppliers', categories: 'categories' }

/** Downloads the tab's rows as a CSV that imports back to zero changes. */
export function ExportButton({ kind }: { kind: ImportKind }) {
  const [busy, setBusy] = useState(false)
  async function run() {
    setBusy(true)
    try {
      const { blob, filename } = await exportCsv(kind)
      saveFile(blob, filename ?? `${kind}.csv`)
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, `Failed to export ${LABEL[kind]}`) })
    } finally {
      setBusy(false)
    }
  }
  return (
    // The visible words name the list, so the accessible name is the text itself (axe: label-content-name-mismatch).
    <Button variant="secondary" onClick={run} disabled={busy}>
      {busy ? 'Exporting…' : `Export ${LABEL[kind]} as CSV`}
    </Button>
  )
}
