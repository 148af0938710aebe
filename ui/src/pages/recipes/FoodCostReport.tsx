import { formatMl } from '../../../../src/contract/bar'
import { useState } from 'react'
import type { AvtRow } from '../../../../src/contract/recipes'
import { downloadAvt, getAvt, getFoodCost, listApprovedCounts, type PeriodParams } from '../../api/recipes'
import { Button } from '../../components/Button'
import { DataTable } from '../../components/DataTable'
import { failureMessage } from '../../components/failureMessage'
import { SelectField, TextField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { Spinner } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import type { PagedList } from '../../components/usePagedList'
import { saveFile } from '../../lib/saveFile'
import { useDisplaySettings } from '../../lib/display'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { RECIPES_UI } from '../../messages/recipes'
import { SALES_UI } from '../../messages/sales'
import { localInput } from './salesWindow'
import { VarianceChart } from './VarianceChart'

/**
 * Food cost % and actual vs theoretical usage between two approved counts (Manager). The last two approved counts
 * are picked by default, older first; the sales window defaults to their approval times (so two counts approved
 * the same day take the sales between them) and either end can be moved. No sale in the window is said plainly.
 */
export function FoodCostReport({ onImportSales }: { onImportSales?: () => void } = {}) {
  const f = useFormat()
  const zone = useDisplaySettings().time_zone
  const counts = useLoad((signal) => listApprovedCounts(signal).then((r) => r.data), [], RECIPES_UI.loadFailed)
  const approved = [...(counts.data ?? [])].filter((c) => c.approved_at).sort((a, b) => (a.approved_at! < b.approved_at! ? 1 : -1))
  const [pickedOpening, setOpening] = useState<string | null>(null)
  const [pickedClosing, setClosing] = useState<string | null>(null)
  const [salesFrom, setSalesFrom] = useState<string | null>(null)
  const [salesTo, setSalesTo] = useState<string | null>(null)
  const opening = pickedOpening ?? (approved[1] ? String(approved[1].id) : '')
  const closing = pickedClosing ?? (approved[0] ? String(approved[0].id) : '')
  const countOf = (id: string) => approved.find((c) => String(c.id) === id)
  const openingAt = countOf(opening)?.approved_at
  const closingAt = countOf(closing)?.approved_at
  // Untouched ends are left to the server, which takes the exact approval instants.
  const params: PeriodParams | null =
    opening && closing ? { opening_count_id: Number(opening), closing_count_id: Number(closing), ...(salesFrom ? { sales_from: salesFrom } : {}), ...(salesTo ? { sales_to: salesTo } : {}) } : null
  const report = useLoad(
    async (signal) => {
      if (!params) return null
      const [fc, avt] = await Promise.all([getFoodCost(params, signal), getAvt(params, signal)])
      return { fc: fc.data, avt: avt.data }
    },
    [opening, closing, salesFrom, salesTo],
    RECIPES_UI.reportFailed,
  )
  const options = approved.map((c) => ({ value: String(c.id), label: `Count #${c.id} · ${f.dateTime(c.approved_at ?? c.started_at)}` }))
  const pct = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}%`)

  async function download() {
    if (!params) return
    try {
      const file = await downloadAvt(params)
      saveFile(file.blob, file.filename ?? 'avt.csv')
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, RECIPES_UI.downloadFailed) })
    }
  }

  const rows = report.data?.avt.rows ?? []
  const list: PagedList<AvtRow> = { rows, total: rows.length, page: 1, limit: Math.max(rows.length, 1), loading: report.loading, error: null, setPage: () => {}, retry: report.reload }
  const fc = report.data?.fc

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{RECIPES_UI.periodIntro}</p>
      {counts.error && <LoadError error={counts.error} retry={counts.reload} />}
      {counts.data && approved.length < 2 && <p className="text-sm">{SALES_UI.fewCounts}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Opening count" value={opening} onChange={(v) => (setOpening(v), setSalesFrom(null))} placeholder="Choose a count" options={options} />
        <SelectField label="Closing count" value={closing} onChange={(v) => (setClosing(v), setSalesTo(null))} placeholder="Choose a count" options={options} />
        <TextField
          label={SALES_UI.salesFrom}
          type="datetime-local"
          value={salesFrom ?? (openingAt ? localInput(openingAt, zone) : '')}
          onChange={(v) => setSalesFrom(v || null)}
          hint={SALES_UI.windowHint}
        />
        <TextField label={SALES_UI.salesTo} type="datetime-local" value={salesTo ?? (closingAt ? localInput(closingAt, zone) : '')} onChange={(v) => setSalesTo(v || null)} />
      </div>
      {(salesFrom || salesTo) && (
        <Button variant="secondary" onClick={() => (setSalesFrom(null), setSalesTo(null))}>
          {SALES_UI.resetWindow}
        </Button>
      )}
      {report.error && <LoadError error={report.error} retry={report.reload} />}
      {params && report.loading && <Spinner />}
      {fc && (
        <section aria-label="Food cost" className="space-y-3">
          <p className="text-sm font-medium">{SALES_UI.window(f.dateTime(fc.sales_from_at), f.dateTime(fc.sales_to_at))}</p>
          {fc.sales_lines === 0 && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {SALES_UI.noSales(f.dateTime(fc.sales_from_at), f.dateTime(fc.sales_to_at))}{' '}
              <a
                href="/recipes?tab=sales"
                className="font-semibold underline"
                onClick={(e) => {
                  if (!onImportSales) return
                  e.preventDefault()
                  onImportSales()
                }}
              >
                {SALES_UI.importLink}
              </a>
            </p>
          )}
          {!fc.final && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {fc.note}
            </p>
          )}
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {[
              ['Opening stock', f.money(fc.opening_value)],
              ['Purchases', f.money(fc.purchases)],
              ['Closing stock', f.money(fc.closing_value)],
              ['Cost of goods sold', f.money(fc.cogs)],
              ['Food sales', f.money(fc.food_sales)],
              ['Actual food cost', pct(fc.actual_food_cost_pct)],
              ['Theoretical food cost', pct(fc.theoretical_food_cost_pct)],
              ['Gap', `${pct(fc.gap_pct)} · ${f.money(fc.gap_value)}`],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {fc.bar.length > 0 && (
            <div>
              <h2 className="text-base font-semibold">Bar: liquor poured vs sold</h2>
              <ul className="mt-1 space-y-1 text-sm" aria-label="Bar variance by bottle">
                {fc.bar.map((b) => (
                  <li key={b.item_id} className="flex flex-wrap justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
                    <span className="font-medium">{b.item_name}</span>
                    <span className="tabular-nums">
                      {formatMl(b.actual_ml)} gone · {formatMl(b.theoretical_ml)} sold ·{' '}
                      <span className={b.variance_value > 0 ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
                        {formatMl(Math.abs(b.variance_ml))} {b.variance_ml > 0 ? 'not explained by sales' : 'more sold than gone'} ({f.money(b.variance_value)})
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {fc.not_counted.closing.length > 0 && (
            <p className="text-xs text-slate-600 dark:text-slate-400">{`${fc.not_counted.closing.length} item(s) not counted at the closing count, taken at their ledger balance`}</p>
          )}
        </section>
      )}
      {report.data && (
        <section aria-label="Actual vs theoretical" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Actual vs theoretical usage</h2>
            <Button variant="secondary" onClick={download}>
              {RECIPES_UI.download}
            </Button>
          </div>
          <VarianceChart rows={rows} />
          <DataTable
            kind="items"
            caption="Actual vs theoretical usage by item"
            list={list}
            rowKey={(r) => r.item_id}
            columns={[
              { header: 'Item', cell: (r) => r.item_name },
              { header: 'Actual', cell: (r) => f.quantity(r.actual_usage, r.unit), numeric: true },
              { header: 'Theoretical', cell: (r) => f.quantity(r.theoretical_usage, r.unit), numeric: true },
              { header: 'Variance', cell: (r) => `${f.quantity(r.variance, r.unit)}${r.variance_pct === null ? '' : ` (${r.variance_pct}%)`}`, numeric: true },
              { header: 'Value', cell: (r) => <span className={r.variance_value > 0 ? 'font-semibold text-red-700 dark:text-red-300' : ''}>{f.money(r.variance_value)}</span>, numeric: true },
              { header: 'Wastage', cell: (r) => f.quantity(r.wastage, r.unit), numeric: true, wide: true },
              { header: 'Unexplained', cell: (r) => f.quantity(r.unexplained, r.unit), numeric: true },
              { header: 'Opening', cell: (r) => f.quantity(r.opening, r.unit), numeric: true, wide: true },
              { header: 'Purchased', cell: (r) => f.quantity(r.purchased, r.unit), numeric: true, wide: true },
              { header: 'Closing', cell: (r) => f.quantity(r.closing, r.unit), numeric: true, wide: true },
            ]}
          />
        </section>
      )}
    </div>
  )
}
