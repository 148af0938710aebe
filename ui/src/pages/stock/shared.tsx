import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { ApiError, messageOr } from '../../api/client'
import { Button } from '../../components/Button'
import { Pager } from '../../components/DataTable'
import { ErrorLine } from '../../components/ErrorLine'
import type { PagedList } from '../../components/usePagedList'
import { UI } from '../../messages'

// Pieces shared by the Stock and Movements pages.

/** '' → undefined (the schema then says "… is required"); otherwise the number typed (NaN is refused by the schema). */
export const numberOrUndefined = (s: string) => (s.trim() === '' ? undefined : Number(s))

/** The schema's "cost_price must be …" with the field's visible label instead: "Cost Price must be …". */
export function withLabels(errors: Record<string, string>, labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, message] of Object.entries(errors)) {
    const label = labels[key]
    out[key] = label && message.toLowerCase().startsWith(key.toLowerCase()) ? label + message.slice(key.length) : message
  }
  return out
}

/** SPEC §8: the server's message; else 'Failed to …' when it answered, 'Error …' when the call never got an answer. */
export const failureMessage = (err: unknown, failed: string, error: string) =>
  messageOr(err, err instanceof ApiError && err.status !== 0 ? failed : error)

/** One Idempotency-Key per opening of a stock-moving form (DECISIONS "UI behaviour"). */
export const newKey = () => crypto.randomUUID()

/** Loads one thing (statistics, a lookup list); `reload` refetches it after a write. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({ data: null, loading: true, error: null })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const key = JSON.stringify(deps)
  useEffect(() => {
    const ctrl = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null }))
    loadRef.current(ctrl.signal).then(
      (data) => setState({ data, loading: false, error: null }),
      (err: unknown) => {
        if (!ctrl.signal.aborted) setState((s) => ({ ...s, loading: false, error: err instanceof Error ? err.message : String(err) }))
      },
    )
    return () => ctrl.abort()
  }, [key, attempt])
  const reload = useCallback(() => setAttempt((a) => a + 1), [])
  return { ...state, reload }
}

export function StatCard({ label, value, tone = 'neutral' }: { label: string; value: ReactNode; tone?: 'neutral' | 'warning' | 'danger' | 'success' }) {
  const tones = {
    neutral: 'text-slate-900 dark:text-slate-100',
    warning: 'text-amber-800 dark:text-amber-300',
    danger: 'text-red-700 dark:text-red-300',
    success: 'text-emerald-800 dark:text-emerald-300',
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className={`mt-1 text-2xl font-semibold tabular-nums ${tones[tone]}`}>{value}</p>
    </div>
  )
}

/** The statistics row: skeleton while loading, the error with a Retry, else the cards. */
export function StatsRow({ loading, error, retry, children }: { loading: boolean; error: string | null; retry: () => void; children: ReactNode }) {
  if (error)
    return (
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <div className="flex-1">
          <ErrorLine message={error} />
        </div>
        <Button variant="secondary" onClick={retry}>
          {UI.retry}
        </Button>
      </div>
    )
  return (
    <section aria-label="Statistics" aria-busy={loading || undefined} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {children}
    </section>
  )
}

/** A value in a stat card, or a pulse while it loads. */
export const statValue = (v: ReactNode | undefined, loading: boolean) =>
  loading && v === undefined ? <span className="block h-7 w-16 animate-pulse rounded bg-slate-200 dark:bg-slate-700" aria-label="Loading" /> : (v ?? '—')

export interface TabDef<K extends string> {
  key: K
  label: string
  count?: number
}

/** ARIA tabs (arrow keys move between them); the panel is rendered by the caller with `tabPanelProps`. */
export function Tabs<K extends string>({ tabs, current, onChange, idBase }: { tabs: TabDef<K>[]; current: K; onChange: (k: K) => void; idBase: string }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.key === current)
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : -1
    if (next < 0) return
    e.preventDefault()
    onChange(tabs[next].key)
    refs.current[tabs[next].key]?.focus()
  }
  return (
    <div role="tablist" aria-label="Stock sections" onKeyDown={onKey} className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700">
      {tabs.map((t) => {
        const selected = t.key === current
        return (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[t.key] = el
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${t.key}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel-${t.key}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.key)}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 text-sm font-semibold whitespace-nowrap sm:px-4 ${
              selected ? 'border-brand-700 text-brand-800 dark:border-brand-400 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            {t.label}
            {t.count !== undefined && ' '}
            {t.count !== undefined && (
              <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-200">{t.count}</span>
            )}
          </button>
        )
      })}
    </div>
  )
}

export const tabPanelProps = (idBase: string, key: string) => ({
  role: 'tabpanel' as const,
  id: `${idBase}-panel-${key}`,
  'aria-labelledby': `${idBase}-tab-${key}`,
})

/** A search box with a visible label; typing is passed on after a short pause. */
export function SearchBox({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (v: string) => void; placeholder?: string }) {
  const id = useId()
  const [text, setText] = useState(value)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text === value) return
    const t = setTimeout(() => onChangeRef.current(text), 250)
    return () => clearTimeout(t)
  }, [text, value])
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-500 sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
    </div>
  )
}

/** A paged card grid (categories, suppliers): skeleton, the spec's empty line, the error with a Retry. */
export function CardGrid<T>({ list, kind, searchTerm, rowKey, render }: { list: PagedList<T>; kind: string; searchTerm?: string; rowKey: (r: T) => number | string; render: (r: T) => ReactNode }) {
  if (list.error)
    return (
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <ErrorLine message={list.error} />
        <Button variant="secondary" onClick={list.retry}>
          {UI.retry}
        </Button>
      </div>
    )
  const term = searchTerm?.trim()
  return (
    <div className="space-y-3" aria-busy={list.loading || undefined}>
      {list.loading && list.rows.length === 0 ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-36 animate-pulse rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" />
          ))}
        </div>
      ) : list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
          {UI.empty(kind, term || undefined)}
        </p>
      ) : (
        <ul aria-label={kind} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {list.rows.map((r) => (
            <li key={rowKey(r)} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
              {render(r)}
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} />
    </div>
  )
}

/** Small row-action buttons that still meet the 44 px touch target. */
export const actionClass = 'min-h-11 rounded-lg px-2.5 text-sm font-medium'
export function RowAction({ children, onClick, danger, label }: { children: ReactNode; onClick: () => void; danger?: boolean; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`${actionClass} whitespace-nowrap ${
        danger ? 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950' : 'text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800'
      }`}
    >
      {children}
    </button>
  )
}
