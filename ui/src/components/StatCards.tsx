import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { LoadError } from './LoadError'

export interface Stat {
  label: string
  /** `undefined` while loading: a pulse instead of the number. */
  value: ReactNode | undefined
  tone?: 'neutral' | 'warning' | 'success' | 'danger'
  /** The list this card counts: the card is a link there, and that list's total equals the number. */
  href?: string
}

const TONES = {
  neutral: 'text-slate-900 dark:text-slate-100',
  warning: 'text-amber-800 dark:text-amber-300',
  success: 'text-emerald-800 dark:text-emerald-300',
  danger: 'text-red-700 dark:text-red-300',
}

/** A page's statistics row (two a row on phones, four on desks): pulses while loading, the error with a Retry. */
export function StatCards({ stats, loading, error, onRetry, label = 'Statistics' }: { stats: Stat[]; loading: boolean; error: string | null; onRetry: () => void; label?: string }) {
  if (error) return <LoadError error={error} retry={onRetry} inline className="mb-6" />
  return (
    <section aria-label={label} aria-busy={loading || undefined} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map((s) => {
        const body = (
          <>
            <span className="block text-sm text-slate-600 dark:text-slate-400">{s.label}</span>
            {loading && s.value === undefined ? (
              <span aria-hidden="true" className="mt-2 block h-7 w-16 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            ) : (
              <span className={`mt-1 block text-2xl font-semibold tabular-nums ${TONES[s.tone ?? 'neutral']}`} data-stat={s.label}>
                {s.value ?? '—'}
              </span>
            )}
          </>
        )
        const card = 'block rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900'
        return s.href ? (
          <Link key={s.label} href={s.href} className={`${card} hover:bg-slate-50 dark:hover:bg-slate-800`}>
            {body}
          </Link>
        ) : (
          <div key={s.label} className={card}>
            {body}
          </div>
        )
      })}
    </section>
  )
}
