import { useState } from 'react'
import { Link } from 'wouter'
import { DRAFT_STATUSES, InvoicesCsvQuery, type InvoiceDraftSummary } from '../../../../src/contract/invoices'
import { listDrafts, receivedInvoicesCsv } from '../../api/invoices'
import { Badge } from '../../components/Badge'
import { Button, buttonClass } from '../../components/Button'
import { DataTable, type Column } from '../../components/DataTable'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField, TextField } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { PAGE_SIZE, usePagedList } from '../../components/usePagedList'
import { useSubmit } from '../../components/useSubmit'
import { withLabels } from '../../lib/formInput'
import { saveFile } from '../../lib/saveFile'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { INVOICE_UI as T } from '../../messages/invoices'
import { FileButton } from './FileButton'
import { STATUS } from './status'

const STATUS_OPTIONS = DRAFT_STATUSES.map((s) => ({ value: s, label: STATUS[s].label }))

/** /manager/invoices — every invoice read: draft, needs review, received, disputed; its file, what a credit note should cover, and the bookkeeper's CSV. */
export default function InvoicesPage() {
  const fmt = useFormat()
  const [status, setStatus] = useState('')
  const list = usePagedList(({ page, limit, signal }) => listDrafts({ status: status || undefined, page, limit }, signal), [status], PAGE_SIZE)
  const columns: Column<InvoiceDraftSummary>[] = [
    { header: 'Date', cell: (d) => <span className="whitespace-nowrap">{d.invoice_date ? fmt.date(d.invoice_date) : T.noDate}</span> },
    {
      header: 'Invoice',
      cell: (d) => (
        <Link href={`/purchasing/invoices/${d.id}`} className="font-semibold text-brand-700 underline dark:text-brand-300">
          {d.invoice_number ?? d.file_name}
        </Link>
      ),
    },
    { header: 'Supplier', cell: (d) => d.supplier_name },
    { header: 'Status', cell: (d) => <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge> },
    { header: 'Gross', numeric: true, cell: (d) => fmt.money(d.gross) },
    { header: T.credit, numeric: true, cell: (d) => (d.difference_value > 0 ? <span className="font-semibold text-red-800 dark:text-red-300">{fmt.money(d.difference_value)}</span> : '—') },
    { header: 'File', cell: (d) => <FileButton draft={d} /> },
  ]
  return (
    <section className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={T.listTitle}
        description={T.listDescription}
        actions={
          <Link href="/purchasing/invoices/new" className={buttonClass('primary')}>
            {T.receiveLink}
          </Link>
        }
      />
      <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr] dark:border-slate-800 dark:bg-slate-900">
        <SelectField label={T.status} value={status} onChange={setStatus} options={STATUS_OPTIONS} placeholder={T.allStatuses} />
        <CsvDownload />
      </div>
      <DataTable kind="invoices" caption={T.listTitle} columns={columns} list={list} failed={T.loadFailed} />
    </section>
  )
}

/** The received invoices for the bookkeeper, by invoice date (both days included, either optional). */
function CsvDownload() {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy, failure, setFailure, run } = useSubmit()
  function download() {
    setFailure(null)
    const c = check(InvoicesCsvQuery, { from: from || undefined, to: to || undefined })
    setErrors(c.ok ? {} : withLabels(c.errors, { from: T.from, to: T.to }))
    if (!c.ok) return
    void run(async () => {
      const f = await receivedInvoicesCsv(c.value)
      saveFile(f.blob, f.filename ?? 'invoices.csv')
    }, T.csvFailed)
  }
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField label={T.from} type="date" value={from} onChange={setFrom} error={errors.from} />
        <TextField label={T.to} type="date" value={to} onChange={setTo} error={errors.to} />
        <Button variant="secondary" className="col-span-2 sm:col-span-1" disabled={busy} onClick={download}>
          {T.downloadCsv}
        </Button>
      </div>
      <ErrorLine message={failure} />
    </div>
  )
}
