import { useState } from 'react'
import { DraftLayoutBody, LAYOUT_SAMPLE_ROWS, PDF_FIELDS, type InvoiceDraft } from '../../../../src/contract/invoices'
import { getDraftLayout, updateDraftLayout } from '../../api/invoices'
import { Button } from '../../components/Button'
import { ColumnMap } from '../../components/ColumnMap'
import { ErrorLine } from '../../components/ErrorLine'
import { LoadError } from '../../components/LoadError'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { check } from '../../lib/validation'
import { INVOICE_UI as T } from '../../messages/invoices'
import { fieldChoiceProblem } from './fieldChoice'

const OPTIONS = PDF_FIELDS.map((f) => ({ value: f, label: T.fields[f] }))

/**
 * A PDF whose column headers no label knows (issue 34.2c), or a photo's (read by OCR, issue 34.4): its rows as read,
 * cut into columns by position, and a select per column (the import wizard's ColumnMap); the file (a photo: the
 * words stored with it) is read again with the columns named (PUT …/layout). Receiving a PDF's draft keeps them as
 * the supplier's template; a photo's are for that photo only.
 */
export function PdfColumns({ draft, onRead }: { draft: InvoiceDraft; onRead: (d: InvoiceDraft) => void }) {
  const columns = draft.layout!.columns
  const photo = draft.reader === 'OCR'
  const rows = useLoad((signal) => getDraftLayout(draft.id, signal).then((r) => r.data.rows), [draft.id, JSON.stringify(columns)], T.rowsFailed(photo ? 'photo' : 'PDF'))
  const [fields, setFields] = useState<string[]>(() => columns.map((c) => c.field ?? ''))
  const { busy, failure, setFailure, run } = useSubmit()

  function readAgain() {
    setFailure(null)
    const problem = fieldChoiceProblem(fields)
    if (problem) return setFailure(problem)
    const c = check(DraftLayoutBody, { columns: columns.map((col, i) => ({ ...col, field: fields[i] || null })) })
    if (!c.ok) return setFailure(Object.values(c.errors)[0])
    void run(async () => onRead((await updateDraftLayout(draft.id, c.value)).data), T.layoutFailed)
  }

  return (
    <section aria-labelledby={`columns-${draft.id}`} className="mt-4 space-y-3 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={`columns-${draft.id}`} className="text-base font-semibold">
        {T.columnsTitle}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{photo ? T.columnsHintPhoto : T.columnsHint}</p>
      {rows.error && <LoadError error={rows.error} retry={rows.reload} inline />}
      <ColumnMap
        name={T.columnsOf(photo ? 'photo' : 'PDF')}
        samples={LAYOUT_SAMPLE_ROWS}
        columns={columns.map((c, i) => ({ label: T.columnLabel(c.header, i), values: (rows.data ?? []).map((r) => r[i]), value: fields[i] }))}
        options={OPTIONS}
        ignore={{ value: '', label: T.notRead }}
        onChange={(i, v) => {
          setFailure(null)
          setFields((f) => f.map((x, j) => (j === i ? v : x)))
        }}
      />
      <ErrorLine message={failure} />
      <Button disabled={busy} onClick={readAgain} className="w-full sm:w-auto">
        {busy ? T.readingAgain : T.readAgain}
      </Button>
    </section>
  )
}
