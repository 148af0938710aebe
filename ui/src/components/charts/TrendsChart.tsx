// The 30-day trends as uPlot line charts. Loaded lazily (see Trends.tsx) so uPlot stays out of the initial bundle.
import { useEffect, useId, useMemo, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { Trends } from '../../../../src/contract/dashboard'
import { formatDay, formatNumber } from '../../lib/format'

export interface TrendsChartProps {
  trends: Trends
  money: (n: number) => string
  /** The restaurant's locale setting: days and counts are written its way (defaults to en-ZM). */
  locale?: string
  /** Called once both charts have drawn (the dashboard's timing mark). */
  onDrawn?: () => void
}

interface Line {
  label: string
  values: number[]
  color: string
  /** Which y scale: counts or money (and 'money2' for the right-hand money axis). */
  scale: 'count' | 'money' | 'money2'
}

const dark = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
/** The calendar date (YYYY-MM-DD) as a UTC midnight in seconds; uPlot then formats it in UTC. */
const toX = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000
const fromX = (x: number) => new Date(x * 1000).toISOString().slice(0, 10)

/** A small floating tooltip: the day and each series' value at the cursor. */
function tooltipPlugin(format: (scale: Line['scale'], n: number) => string, lines: Line[], dayLabel: (x: number) => string): uPlot.Plugin {
  let tip: HTMLDivElement
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div')
        tip.className = 'rims-chart-tip pointer-events-none absolute z-10 hidden rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900'
        tip.setAttribute('aria-hidden', 'true')
        u.over.appendChild(tip)
      },
      setCursor: (u) => {
        const i = u.cursor.idx
        const left = u.cursor.left ?? -1
        if (i == null || left < 0) {
          tip.classList.add('hidden')
          return
        }
        const rows = lines.map((l, k) => `<div class="flex items-center gap-2"><span style="background:${l.color}" class="inline-block size-2 rounded-full"></span>${l.label}: <b>${format(l.scale, u.data[k + 1][i] ?? 0)}</b></div>`)
        tip.innerHTML = `<div class="mb-1 font-semibold">${dayLabel(u.data[0][i])}</div>${rows.join('')}`
        tip.classList.remove('hidden')
        const w = u.over.clientWidth
        const x = left + 12 + tip.offsetWidth > w ? left - tip.offsetWidth - 12 : left + 12
        tip.style.left = `${Math.max(0, x)}px`
        tip.style.top = `${Math.max(0, (u.cursor.top ?? 0) - 10)}px`
      },
    },
  }
}

function UChart({ title, x, lines, money, locale, onDrawn }: { title: string; x: number[]; lines: Line[]; money: (n: number) => string; locale: string; onDrawn: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const drawnRef = useRef(onDrawn)
  drawnRef.current = onDrawn

  useEffect(() => {
    const el = ref.current
    if (!el) return
    let u: uPlot | null = null
    let ro: ResizeObserver | null = null
    // Each chart is built in a task of its own: on a slow phone each takes tens of ms, and a tap between them is handled.
    const timer = setTimeout(() => {
      const ink = dark() ? '#cbd5e1' : '#334155'
      const grid = dark() ? '#1e293b' : '#e2e8f0'
      const count = (n: number) => formatNumber(n, locale)
      const dayLabel = (t: number) => formatDay(fromX(t), { locale })
      const fmt = (scale: Line['scale'], n: number) => (scale === 'count' ? count(n) : money(n))
      // The legend shows the hovered day, or the latest day while nothing is hovered: never a bare "Stock In:".
      const last = x.length - 1
      const at = (values: readonly (number | null)[], v: number | null, idx: number | null | undefined) => (idx == null ? values[last] ?? null : v)
      const hasRight = lines.some((l) => l.scale === 'money2')
      const axis = (scale: string, side: 1 | 3): uPlot.Axis => ({
        scale,
        side,
        stroke: ink,
        grid: { show: side === 3, stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
        // Wide enough for the longest tick label (money can be 'K 140,000.00').
        size: (_u, values) => Math.max(40, ...(values ?? []).map((v) => String(v).length * 7 + 18)),
        values: (_u, ticks) => ticks.map((t) => (scale === 'count' ? count(t) : money(t))),
      })
      const width = () => Math.max(260, el.clientWidth)
      const opts: uPlot.Options = {
        width: width(),
        height: 220,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, count: { range: (_u, _min, max) => [0, Math.max(1, max)] }, money: { range: (_u, _min, max) => [0, Math.max(1, max * 1.05)] }, money2: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        axes: [{ stroke: ink, grid: { show: false }, ticks: { stroke: grid, width: 1 }, values: (_u, ticks) => ticks.map(dayLabel) }, axis(lines[0].scale, 3), ...(hasRight ? [axis('money2', 1)] : [])],
        series: [
          { label: 'Date', value: (_u, v, _s, idx) => (last < 0 ? '—' : dayLabel(at(x, v, idx) ?? x[last])) },
          ...lines.map((l) => ({
            label: l.label,
            scale: l.scale,
            stroke: l.color,
            width: 2,
            fill: `${l.color}14`,
            points: { size: 5 },
            value: (_u: uPlot, v: number | null, _s: number, idx: number | null) => {
              const shown = at(l.values, v, idx)
              return shown == null ? '—' : fmt(l.scale, shown)
            },
          })),
        ],
        legend: { show: true, live: true },
        cursor: { drag: { x: false, y: false } },
        plugins: [tooltipPlugin(fmt, lines, dayLabel)],
      }
      u = new uPlot(opts, [x, ...lines.map((l) => l.values)], el)
      u.root.querySelector('.u-legend')?.setAttribute('aria-label', `${title} legend`)
      drawnRef.current()
      ro = new ResizeObserver(() => u?.setSize({ width: width(), height: 220 }))
      ro.observe(el)
    })
    return () => {
      clearTimeout(timer)
      ro?.disconnect()
      u?.destroy()
    }
    // The data arrives once per load; a new load rebuilds the chart.
  }, [x, lines, money, title, locale])

  const count = (n: number) => formatNumber(n, locale)
  const summary = lines.map((l) => `${l.label}: total ${l.scale === 'count' ? count(l.values.reduce((a, b) => a + b, 0)) : money(l.values.reduce((a, b) => a + b, 0))}, latest ${l.scale === 'count' ? count(l.values.at(-1) ?? 0) : money(l.values.at(-1) ?? 0)}`).join('; ')
  return (
    <figure className="min-w-0">
      <figcaption id={titleId} className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {title}
      </figcaption>
      <p className="sr-only">{summary}</p>
      <div ref={ref} className="rims-uplot relative w-full" role="group" aria-labelledby={titleId} data-chart="trends" />
    </figure>
  )
}

/** Stock in/out and kitchen usage (counts per day); wastage value and stock value (money per day). */
export default function TrendsChart({ trends, money, locale = 'en-ZM', onDrawn }: TrendsChartProps) {
  const drawn = useRef(0)
  const done = () => {
    drawn.current += 1
    if (drawn.current === 2) onDrawn?.()
  }
  const { x, counts, values } = useMemo(() => {
    const counts: Line[] = [
      { label: 'Stock In', values: trends.stock_in, color: '#0f766e', scale: 'count' },
      { label: 'Stock Out', values: trends.stock_out, color: '#2563eb', scale: 'count' },
      { label: 'Kitchen Usage', values: trends.usage, color: '#d97706', scale: 'count' },
    ]
    const values: Line[] = [
      { label: 'Stock Value', values: trends.stock_value, color: '#7c3aed', scale: 'money' },
      { label: 'Wastage Value', values: trends.wastage_value, color: '#dc2626', scale: 'money2' },
    ]
    return { x: trends.dates.map(toX), counts, values }
  }, [trends])
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <UChart title="Stock movements and kitchen usage per day" x={x} lines={counts} money={money} locale={locale} onDrawn={done} />
      <UChart title="Stock value and wastage value per day" x={x} lines={values} money={money} locale={locale} onDrawn={done} />
    </div>
  )
}
