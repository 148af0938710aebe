import { useId, useState } from 'react'

export interface Slice {
  label: string
  value: number
  /** A colour from the chart's fixed palette. */
  color: string
}

/** SPEC §9: each chart has its own fixed palette. Items by Category cycles through this one. */
export const CATEGORY_PALETTE = ['#0f766e', '#2563eb', '#d97706', '#7c3aed', '#db2777', '#059669', '#dc2626', '#0891b2', '#65a30d', '#9333ea', '#ea580c', '#475569']

export const NO_DATA = 'No data available'

const R = 15.915494309189533 // circumference 100: dash lengths are percentages

/**
 * A donut chart drawn in SVG (uPlot has no pie): a legend with every value and share, and the
 * hovered, tapped or focused slice's value in the centre. Without data: 'No data available'.
 */
export function PieChart({ title, slices, format = (n) => String(n) }: { title: string; slices: Slice[]; format?: (n: number) => string }) {
  const titleId = useId()
  const [active, setActive] = useState<number | null>(null)
  const total = slices.reduce((a, s) => a + Math.max(0, s.value), 0)
  const pct = (v: number) => (total ? (v / total) * 100 : 0)
  const share = (v: number) => `${Math.round(pct(v))}%`
  const shown = active !== null ? slices[active] : null

  let offset = 25 // start at 12 o'clock
  const arcs = slices.map((s, i) => {
    const len = pct(Math.max(0, s.value))
    const arc = { i, s, len, offset }
    offset -= len
    return arc
  })

  return (
    <figure className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" data-chart="pie" data-total={total}>
      <figcaption id={titleId} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        {title}
      </figcaption>
      {total === 0 ? (
        <p className="flex flex-1 items-center justify-center py-10 text-sm text-slate-500 dark:text-slate-400">{NO_DATA}</p>
      ) : (
        <div className="mt-3 flex flex-1 flex-col items-center gap-3">
          <div className="relative size-36 shrink-0">
            <svg viewBox="0 0 42 42" className="size-full -rotate-0" role="img" aria-labelledby={titleId} aria-describedby={`${titleId}-desc`}>
              <desc id={`${titleId}-desc`}>{slices.map((s) => `${s.label}: ${format(s.value)} (${share(s.value)})`).join('; ')}</desc>
              <circle cx="21" cy="21" r={R} fill="none" className="stroke-slate-100 dark:stroke-slate-800" strokeWidth="6" />
              {arcs
                .filter((a) => a.len > 0)
                .map(({ i, s, len, offset: o }) => (
                  <circle
                    key={s.label}
                    cx="21"
                    cy="21"
                    r={R}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={active === i ? 7.5 : 6}
                    strokeDasharray={`${len} ${100 - len}`}
                    strokeDashoffset={o}
                    onMouseEnter={() => setActive(i)}
                    onMouseLeave={() => setActive(null)}
                    onClick={() => setActive(i)}
                    className="cursor-pointer transition-[stroke-width]"
                    data-slice={s.label}
                    data-value={s.value}
                  />
                ))}
            </svg>
            <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
              <span className="text-lg leading-tight font-semibold">{shown ? format(shown.value) : format(total)}</span>
              <span className="max-w-20 truncate text-[11px] text-slate-600 dark:text-slate-400">{shown ? shown.label : 'Total'}</span>
            </div>
          </div>
          <ul className="w-full min-w-0 space-y-0.5 text-sm">
            {slices.map((s, i) => (
              <li key={s.label}>
                <button
                  type="button"
                  onMouseEnter={() => setActive(i)}
                  onMouseLeave={() => setActive(null)}
                  onFocus={() => setActive(i)}
                  onBlur={() => setActive(null)}
                  onClick={() => setActive(i)}
                  aria-pressed={active === i}
                  className={`flex min-h-11 w-full items-center gap-2 rounded-lg px-2 text-left hover:bg-slate-50 sm:min-h-8 dark:hover:bg-slate-800 ${active === i ? 'bg-slate-100 dark:bg-slate-800' : ''}`}
                >
                  <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: s.color }} />
                  <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-300">{s.label}</span>
                  <span className="font-medium tabular-nums">{format(s.value)}</span>
                  <span className="w-10 text-right text-xs text-slate-600 tabular-nums dark:text-slate-400">{share(s.value)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </figure>
  )
}
