import type { AvtRow } from '../../../../src/contract/recipes'
import { useFormat } from '../../lib/useFormat'

/** The top variances by value as horizontal SVG bars (losses red, gains green); the table below carries the numbers. */
export function VarianceChart({ rows }: { rows: AvtRow[] }) {
  const f = useFormat()
  const top = rows.filter((r) => r.variance_value !== 0).slice(0, 8)
  if (top.length === 0) return null
  const max = Math.max(...top.map((r) => Math.abs(r.variance_value)))
  const rowH = 28
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-semibold">Top variances by value</figcaption>
      <svg role="img" aria-label={`Top variances: ${top.map((r) => `${r.item_name} ${f.money(r.variance_value)}`).join(', ')}`} viewBox={`0 0 100 ${top.length * rowH}`} preserveAspectRatio="none" className="h-auto w-full" style={{ height: top.length * rowH }}>
        {top.map((r, i) => {
          const w = (Math.abs(r.variance_value) / max) * 100
          return <rect key={r.item_id} x={0} y={i * rowH + 4} width={w} height={rowH - 8} rx={2} className={r.variance_value > 0 ? 'fill-red-500' : 'fill-emerald-500'} />
        })}
      </svg>
      <ol className="grid gap-0.5 text-xs" aria-hidden="true">
        {top.map((r) => (
          <li key={r.item_id} className="flex justify-between gap-2">
            <span className="truncate">{r.item_name}</span>
            <span className="tabular-nums">{f.money(r.variance_value)}</span>
          </li>
        ))}
      </ol>
    </figure>
  )
}
