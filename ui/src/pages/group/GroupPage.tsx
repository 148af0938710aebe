import { useState, type FormEvent } from 'react'
import { copyAge, type GroupSite } from '../../../../src/contract/group'
import { getGroupSummary } from '../../api/group'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { StatCards } from '../../components/StatCards'
import { useLoad } from '../../components/useLoad'
import { useDisplaySettings } from '../../lib/display'
import { formatMoney } from '../../lib/format'

const card = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900'
const pct = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n.toFixed(2)}%`)

/**
 * The group view (`rims group`): every restaurant's stock value, purchases, wastage and food cost for a period, each
 * from the site's newest off-site copy, and their totals. A site's figures are its own reports' (same days, its zone).
 */
export default function GroupPage() {
  const display = useDisplaySettings()
  const [start, setStart] = useState('')
  const [end, setEnd] = useState('')
  const [asked, setAsked] = useState<{ start_date: string; end_date: string } | null>(null)
  const [rangeError, setRangeError] = useState<string | null>(null)
  const summary = useLoad((signal) => getGroupSummary(asked, signal).then((r) => r.data), [asked], 'Failed to load the group figures')
  const data = summary.data
  const money = (v: number | null | undefined, currency?: string | null) => formatMoney(v, { locale: display.locale, currency: currency ?? data?.currency ?? display.currency })

  function show(e: FormEvent) {
    e.preventDefault()
    const s = start || data?.start_date || ''
    const en = end || data?.end_date || ''
    if (!s || !en) return setRangeError('Please select both start and end dates')
    if (s > en) return setRangeError('Start date cannot be after end date')
    setRangeError(null)
    setAsked({ start_date: s, end_date: en })
  }

  const t = data?.totals
  return (
    <section className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Group" description="Every restaurant's figures for a period, read from its newest off-site copy." />

      <form noValidate onSubmit={show} className={`${card} grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end`}>
        <TextField label="Start Date" type="date" value={start || data?.start_date || ''} onChange={(v) => (setStart(v), setRangeError(null))} />
        <TextField label="End Date" type="date" value={end || data?.end_date || ''} onChange={(v) => (setEnd(v), setRangeError(null))} />
        <Button type="submit" disabled={summary.loading}>
          {summary.loading ? 'Loading...' : 'Show'}
        </Button>
        {rangeError && (
          <div className="sm:col-span-3">
            <ErrorLine message={rangeError} />
          </div>
        )}
      </form>

      {data?.bucket_error && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          The bucket could not be read ({data.bucket_error}); the copies already here are shown.
        </p>
      )}

      <StatCards
        label="Group totals"
        loading={summary.loading}
        error={summary.error}
        onRetry={summary.reload}
        stats={[
          { label: 'Stock value', value: t ? money(t.stock_value) : undefined },
          { label: 'Purchases', value: t ? money(t.purchases) : undefined },
          { label: 'Wastage', value: t ? money(t.wastage) : undefined },
          { label: 'Food cost %', value: t ? `${pct(t.actual_food_cost_pct)} / ${pct(t.theoretical_food_cost_pct)}` : undefined },
        ]}
      />
      {data && !t && <p className="text-sm">The sites keep different currencies: their amounts are not added.</p>}
      {data && t && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {data.start_date} to {data.end_date} · {t.sites} of {data.sites.length} sites in the totals · Food cost: actual / theoretical over {t.food_cost_sites} sites, actual vs theoretical{' '}
          <span className="font-semibold tabular-nums">{money(t.gap_value)}</span> ({pct(t.gap_pct)})
        </p>
      )}

      {data && data.sites.length === 0 && <p className={card}>No restaurant has published an off-site copy to this bucket yet.</p>}
      {data && data.sites.length > 0 && (
        <ul aria-label="Sites" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.sites.map((s) => (
            <SiteCard key={s.site_id} site={s} money={money} />
          ))}
        </ul>
      )}
      {summary.error && !data && <LoadError error={summary.error} retry={summary.reload} />}
    </section>
  )
}

function SiteCard({ site: s, money }: { site: GroupSite; money: (v: number | null | undefined, currency?: string | null) => string }) {
  const f = s.figures
  const fc = f?.food_cost
  const row = (label: string, value: string) => (
    <div className="flex justify-between gap-3 py-1.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  )
  return (
    <li className={card} aria-label={s.site_name} data-site={s.site_id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">{s.site_name}</h2>
        <Badge tone={s.stale ? 'warning' : 'success'}>last copy {copyAge(s.age_seconds)}</Badge>
      </div>
      {s.error && <p className="mt-2 text-sm text-red-700 dark:text-red-300">{s.error}</p>}
      {f && (
        <dl className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {row('Stock value', money(f.stock_value, s.currency))}
          {row('Purchases', money(f.purchases, s.currency))}
          {row('Wastage', money(f.wastage, s.currency))}
          {row('Food cost % (actual / theoretical)', fc ? `${pct(fc.actual_food_cost_pct)} / ${pct(fc.theoretical_food_cost_pct)}` : '—')}
          {row('Actual vs theoretical', fc ? `${money(fc.cogs, s.currency)} vs ${money(fc.theoretical_cost, s.currency)}` : '—')}
        </dl>
      )}
      {fc && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Food cost between the counts of {fc.opening_count.day} and {fc.closing_count.day}
          {fc.final ? '' : ' (not final: unmapped sales)'}
        </p>
      )}
      {f?.food_cost_note && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{f.food_cost_note}</p>}
      {s.snapshot_at && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Figures as of {new Date(s.snapshot_at).toLocaleString()}</p>}
    </li>
  )
}
