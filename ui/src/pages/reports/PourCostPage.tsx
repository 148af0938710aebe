import { useState } from 'react'
import { Link } from 'wouter'
import type { PourCostRow } from '../../../../src/contract/bar'
import { addDays, localDate } from '../../../../src/contract/dates'
import { REPORT_MSG } from '../../../../src/contract/reports'
import { downloadPourCost, getPourCost } from '../../api/bar'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { DataTable } from '../../components/DataTable'
import { TextField } from '../../components/Field'
import { failureMessage } from '../../components/failureMessage'
import { PageHeader } from '../../components/PageHeader'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import type { PagedList } from '../../components/usePagedList'
import { useDisplaySettings } from '../../lib/display'
import { saveFile } from '../../lib/saveFile'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'

const pct = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}%`)

/**
 * Pour cost (issue 35): each drink's liquor cost ÷ its price without tax against its category's target, with what
 * sold in the days chosen; the drinks above target first, and each category weighted by what sold.
 */
export default function PourCostPage() {
  const f = useFormat()
  const { time_zone } = useDisplaySettings()
  const today = localDate(new Date(), time_zone)
  const [range, setRange] = useState({ start_date: addDays(today, -29), end_date: today })
  const [typed, setTyped] = useState(range)
  const [busy, setBusy] = useState(false)
  const loaded = useLoad((signal) => getPourCost(range, signal).then((r) => r.data), [range.start_date, range.end_date], 'Failed to load the pour cost report')
  const rows = loaded.data?.rows ?? []
  const list: PagedList<PourCostRow> = { rows, total: rows.length, page: 1, limit: Math.max(rows.length, 1), loading: loaded.loading, error: loaded.error, setPage: () => {}, retry: loaded.reload }
  const rangeError = !typed.start_date || !typed.end_date ? REPORT_MSG.bothDates : typed.start_date > typed.end_date ? REPORT_MSG.startAfterEnd : null
  async function download() {
    setBusy(true)
    try {
      const file = await downloadPourCost(range)
      saveFile(file.blob, file.filename ?? 'pour-cost.csv')
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, 'Failed to download the report') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Pour cost" description="Each drink's liquor cost as a share of its price without tax, against the target for its kind. Drinks above target first." />
      <p>
        <Link href="/manager/reports" className="text-sm text-brand-800 underline">
          All reports
        </Link>
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!rangeError) setRange(typed)
        }}
      >
        <TextField label="From" type="date" value={typed.start_date} onChange={(v) => setTyped((t) => ({ ...t, start_date: v }))} />
        <TextField label="To" type="date" value={typed.end_date} onChange={(v) => setTyped((t) => ({ ...t, end_date: v }))} error={rangeError ?? undefined} />
        <Button type="submit">Show</Button>
        <Button variant="secondary" onClick={download} disabled={busy}>
          Download CSV
        </Button>
      </form>
      {loaded.data && loaded.data.categories.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-4" aria-label="By category">
          {loaded.data.categories.map((c) => (
            <li key={c.category} className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
              <p className="text-sm font-semibold capitalize">{c.category}</p>
              <p className={c.pour_cost_pct !== null && c.pour_cost_pct > c.target_pct ? 'text-lg font-semibold text-red-700' : 'text-lg font-semibold'}>{pct(c.pour_cost_pct)}</p>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                target {pct(c.target_pct)} · {c.sold} sold
              </p>
            </li>
          ))}
        </ul>
      )}
      <DataTable
        kind="drinks"
        caption="Pour cost by drink"
        list={list}
        rowKey={(r) => r.recipe_id}
        columns={[
          { header: 'Drink', cell: (r) => r.name },
          { header: 'Category', cell: (r) => <span className="capitalize">{r.category}</span> },
          { header: 'Price', cell: (r) => (r.price === null ? '—' : f.money(r.price)), numeric: true },
          { header: 'Cost', cell: (r) => (r.cost === null ? '—' : f.money(r.cost)), numeric: true },
          { header: 'Pour cost', cell: (r) => <span className={r.over_target ? 'font-semibold text-red-700 dark:text-red-300' : ''}>{pct(r.pour_cost_pct)}</span>, numeric: true },
          { header: 'Target', cell: (r) => pct(r.target_pct), numeric: true },
          { header: 'Sold', cell: (r) => String(r.sold), numeric: true },
          { header: 'Status', cell: (r) => (r.cost === null ? <Badge tone="warning">Not costed</Badge> : r.over_target ? <Badge tone="danger">Above target</Badge> : <Badge tone="success">On target</Badge>) },
        ]}
      />
    </section>
  )
}
