// Pieces shared by /requests and /kitchen-inventory: statistics cards, badges, debounced search, failures.
import { useEffect, useState, type ReactNode } from 'react'
import { ApiError } from '../../api/client'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { UI } from '../../messages'

/**
 * SPEC §8's three outcomes of a write: the server's message when it sent one, the screen's
 * 'Failed to …' when it answered without one, and 'Error …' when the call never completed.
 */
export function failureMessage(err: unknown, failed: string, error: string): string {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage
    return err.status === 0 ? error : failed
  }
  return error
}

/** A list's loading error: the server's message, else the page's own line. */
export function loadFailure(err: unknown, fallback: string): Error {
  if (err instanceof DOMException && err.name === 'AbortError') return err
  return new Error((err instanceof ApiError && err.serverMessage) || fallback)
}

/** The value after it stopped changing for `ms` (search boxes). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return v
}

/** A loaded value with its error and a reload (statistics cards). */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[], fallback: string) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const ctrl = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null }))
    load(ctrl.signal).then(
      (data) => setState({ data, error: null, loading: false }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return
        setState((s) => ({ ...s, loading: false, error: (err instanceof ApiError && err.serverMessage) || fallback }))
      },
    )
    return () => ctrl.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt])
  return { ...state, reload: () => setAttempt((a) => a + 1) }
}

export interface Stat {
  label: string
  value: number | undefined
  tone?: 'neutral' | 'warning' | 'success' | 'danger'
}

const TONES = {
  neutral: 'text-slate-900 dark:text-slate-100',
  warning: 'text-amber-700 dark:text-amber-300',
  success: 'text-emerald-700 dark:text-emerald-300',
  danger: 'text-red-700 dark:text-red-300',
}

/** Four statistics cards, two a row on phones; skeletons while loading, the error with a Retry. */
export function StatCards({ stats, loading, error, onRetry, label }: { stats: Stat[]; loading: boolean; error: string | null; onRetry: () => void; label: string }) {
  if (error)
    return (
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <ErrorLine message={error} />
        <Button variant="secondary" onClick={onRetry}>
          {UI.retry}
        </Button>
      </div>
    )
  return (
    <section aria-label={label} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map((s) => (
        <div key={s.label} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <p className="text-sm text-slate-600 dark:text-slate-400">{s.label}</p>
          {loading && s.value === undefined ? (
            <span aria-hidden="true" className="mt-2 block h-7 w-12 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
          ) : (
            <p className={`mt-1 text-2xl font-semibold tabular-nums ${TONES[s.tone ?? 'neutral']}`}>{s.value ?? 0}</p>
          )}
        </div>
      ))}
    </section>
  )
}

export type BadgeTone = 'warning' | 'success' | 'violet' | 'danger' | 'neutral' | 'info' | 'orange'
const BADGES: Record<BadgeTone, string> = {
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  danger: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  neutral: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
}

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGES[tone]}`}>{children}</span>
}

/** 'PENDING' → 'Pending' (SPEC §4: statuses are shown case-insensitively). */
export const titleCase = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()

/** A number typed in a text box: '' and junk are NaN (the schema then names the field). */
export const toNumber = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.')))

/** A schema message names its wire field ('quantity_requested must be …'); show the label instead. */
export const relabel = (message: string | undefined, label: string) => (message ? message.replace(/^[\w]+/, label) : undefined)

/** Buttons in a row's actions: full width on phone cards, compact in the table. */
export const rowButton = 'flex-1 sm:flex-none sm:px-3'
