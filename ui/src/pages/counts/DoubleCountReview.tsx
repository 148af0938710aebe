import { useState } from 'react'
import type { CountDevice, CountLine, CountReview } from '../../../../src/contract/counts'
import { resolveLine } from '../../api/counts'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { toast } from '../../components/toast'
import { useSubmit } from '../../components/useSubmit'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { COUNT_UI } from '../../messages/counts'

type DoubleLine = CountReview['double_count_lines'][number]
/** A line resolved on this screen: the server's answer (who, how, the figure) with the names the review gave it. */
type Resolved = { key: string; area_name: string; item_name: string; line: CountLine }
const keyOf = (l: { area_id: number; item_id: number }) => `${l.area_id}-${l.item_id}`

/**
 * The review's double counts (issue 33.5): a line two counters gave different figures. Each counter's latest
 * figure is shown (who, device, when); the Manager keeps one, adds them (two shelves) or asks for a recount.
 * Approval is refused while one is unresolved. Lines resolved here stay listed with who resolved them and how.
 */
export function DoubleCountReview({ countId, lines, units, editable, onResolved }: { countId: number; lines: DoubleLine[]; units: Map<number, string>; editable: boolean; onResolved: () => void }) {
  const [resolved, setResolved] = useState<Resolved[]>([])
  const open = new Set(lines.map(keyOf))
  // A line decided here but double counted again since (a newer entry) is listed as open, not as resolved.
  const done = resolved.filter((r) => !open.has(r.key))
  if (lines.length === 0 && done.length === 0) return null
  return (
    <section className="mt-6" aria-labelledby="review-double-title">
      <h2 id="review-double-title" className="text-lg font-semibold">
        {COUNT_UI.doubleCounts}
      </h2>
      <p className={`mb-2 text-sm ${lines.length ? 'font-semibold text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}`}>{COUNT_UI.doubleCountsIntro(lines.length)}</p>
      <ul className="space-y-3" aria-label={COUNT_UI.doubleCounts}>
        {lines.map((l) => (
          <DoubleRow
            key={keyOf(l)}
            countId={countId}
            line={l}
            unit={units.get(l.item_id) ?? ''}
            editable={editable}
            onResolved={(answer) => {
              setResolved((rs) => [...rs.filter((r) => r.key !== keyOf(l)), { key: keyOf(l), area_name: l.area_name, item_name: l.item_name, line: answer }])
              onResolved()
            }}
          />
        ))}
        {done.map((r) => (
          <ResolvedRow key={r.key} resolved={r} />
        ))}
      </ul>
    </section>
  )
}

function DoubleRow({ countId, line, unit, editable, onResolved }: { countId: number; line: DoubleLine; unit: string; editable: boolean; onResolved: (answer: CountLine) => void }) {
  const fmt = useFormat()
  const { busy, failure, run } = useSubmit()
  const figure = (n: number | null) => (n === null ? COUNT_UI.entryCleared : fmt.quantity(n, unit))
  // Hundredths, so 0.1 + 0.2 adds up as the server adds it.
  const sum = line.entries.reduce((s, e) => s + Math.round((e.counted ?? 0) * 100), 0) / 100
  const send = (keep: string) =>
    run(async () => {
      const res = await resolveLine(countId, { area_id: line.area_id, item_id: line.item_id, keep })
      toast({ kind: 'success', title: UI.successTitle, message: res.message ?? '' })
      onResolved(res.data)
    }, COUNT_UI.resolveLineFailed)
  return (
    <li className="rounded-xl border border-amber-300 bg-white p-3 dark:border-amber-700 dark:bg-slate-900" data-testid={`double-${line.area_id}-${line.item_id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {line.item_name} · {line.area_name}
        </p>
        <Badge tone="warning">To resolve</Badge>
      </div>
      <ul className="mt-1 space-y-1 text-sm" aria-label={`${line.item_name} in ${line.area_name}: counters' figures`}>
        {line.entries.map((e) => (
          <li key={e.id} className="flex flex-wrap justify-between gap-2">
            <span className="font-semibold tabular-nums">{figure(e.counted)}</span>
            <span className="text-slate-600 dark:text-slate-300">{COUNT_UI.entryBy(e.user_name, e.device_id, fmt.dateTime(e.counted_at))}</span>
          </li>
        ))}
      </ul>
      {editable && (
        <div className="mt-2 space-y-2">
          <ErrorLine message={failure} />
          <div className="flex flex-wrap gap-2">
            {line.entries.map((e) => (
              <Button key={e.id} variant="secondary" onClick={() => void send(e.id)} disabled={busy}>
                {COUNT_UI.keepEntry(e.user_name, figure(e.counted))}
              </Button>
            ))}
            <Button variant="secondary" onClick={() => void send('SUM')} disabled={busy}>
              {COUNT_UI.addThem(fmt.quantity(sum, unit))}
            </Button>
            <Button variant="secondary" onClick={() => void send('RECOUNT')} disabled={busy}>
              {COUNT_UI.askRecount}
            </Button>
          </div>
        </div>
      )}
    </li>
  )
}

function ResolvedRow({ resolved: { line, area_name, item_name, key } }: { resolved: Resolved }) {
  const fmt = useFormat()
  const figure = fmt.quantity(line.counted, line.unit)
  const how =
    line.resolution === 'KEEP' ? COUNT_UI.resolvedKept(line.counted_by_name ?? '', figure) : line.resolution === 'SUM' ? COUNT_UI.resolvedAdded(figure) : COUNT_UI.resolvedRecount
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900" data-testid={`double-${key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {item_name} · {area_name}
        </p>
        <Badge tone={line.resolution === 'RECOUNT' ? 'neutral' : 'success'}>Resolved</Badge>
      </div>
      <p className="mt-1 text-sm">
        {COUNT_UI.resolvedBy(line.resolved_by_name ?? '', how)}
        {line.resolved_at && <span className="text-slate-600 dark:text-slate-300"> · {fmt.dateTime(line.resolved_at)}</span>}
      </p>
    </li>
  )
}

/** Each counter's device, when it last synced and what it still holds (issue 33.5): a table on the review. */
export function DevicesTable({ devices }: { devices: CountDevice[] }) {
  const fmt = useFormat()
  if (devices.length === 0) return null
  return (
    <section className="mt-6" aria-labelledby="review-devices-title">
      <h2 id="review-devices-title" className="text-lg font-semibold">
        {COUNT_UI.devices}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="review-devices">
          <caption className="sr-only">{COUNT_UI.devicesCaption}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3">{COUNT_UI.deviceCounter}</th>
              <th scope="col" className="py-1 pr-3">{COUNT_UI.deviceName}</th>
              <th scope="col" className="py-1 pr-3">{COUNT_UI.deviceLastSync}</th>
              <th scope="col" className="py-1 text-right">{COUNT_UI.deviceWaiting}</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((d) => (
              <tr key={`${d.user_id}-${d.device_id ?? ''}`} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-3">{d.user_name}</td>
                <td className="py-1 pr-3">{d.device_id ?? COUNT_UI.deviceUnnamed}</td>
                <td className="py-1 pr-3">{fmt.dateTime(d.last_sync_at)}</td>
                <td className={`py-1 text-right tabular-nums ${d.waiting > 0 ? 'font-semibold text-amber-800 dark:text-amber-200' : ''}`}>{d.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
