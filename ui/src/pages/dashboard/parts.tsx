import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { ActivityEntry, DashboardItem } from '../../../../src/contract/dashboard'
import { Button, buttonClass } from '../../components/Button'
import { LoadError } from '../../components/LoadError'
import { Spinner } from '../../components/Spinner'
import { useFormat } from '../../lib/useFormat'
import { DASH } from '../../messages/dashboard'
import type { Loaded } from '../../components/useLoad'

/** What a dashboard section shows while loading, on failure, or once loaded. */
export function Loading<T>({ state, children, label = 'Loading dashboard' }: { state: Loaded<T>; children: (data: T) => ReactNode; label?: string }) {
  if (state.error) return <LoadError error={state.error} retry={state.reload} className="rounded-2xl border-red-200 p-5 dark:border-red-900" />
  if (!state.data) return <Pending label={label} />
  return <>{children(state.data)}</>
}

/** A section's place while its data (or its turn, below the numbers) has not come yet. */
export function Pending({ label }: { label: string }) {
  return (
    <div className="flex min-h-32 items-center justify-center" aria-busy="true">
      <Spinner label={label} />
    </div>
  )
}

export function Hero({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>}
    </div>
  )
}

export function Section({ title, action, children, className = '' }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900 ${className}`} aria-label={title}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  )
}

/** An overview card: its label, the number, an optional line; a link to the list it counts (`href`), or a button when it opens something. */
export function StatCard({
  label,
  value,
  detail,
  onClick,
  href,
  tone = 'brand',
}: {
  label: string
  value: ReactNode
  detail?: ReactNode
  onClick?: () => void
  href?: string
  tone?: 'brand' | 'amber' | 'red' | 'slate'
}) {
  const tones = {
    brand: 'border-l-brand-600',
    amber: 'border-l-amber-500',
    red: 'border-l-red-600',
    slate: 'border-l-slate-500',
  }
  const body = (
    <>
      <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
      <span className="mt-1 block text-2xl font-semibold tabular-nums" data-stat={label}>
        {value}
      </span>
      {detail && <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{detail}</span>}
    </>
  )
  const cls = `block w-full rounded-2xl border border-l-4 border-slate-200 bg-white p-4 text-left dark:border-slate-800 dark:bg-slate-900 ${tones[tone]}`
  if (href)
    return (
      <Link href={href} className={`${cls} hover:bg-slate-50 dark:hover:bg-slate-800`}>
        {body}
      </Link>
    )
  return onClick ? (
    <button type="button" onClick={onClick} className={`${cls} hover:bg-slate-50 dark:hover:bg-slate-800`} aria-haspopup="dialog">
      {body}
    </button>
  ) : (
    <div className={cls}>{body}</div>
  )
}

export function Cards({ children }: { children: ReactNode }) {
  return <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">{children}</div>
}

export interface QuickAction {
  label: string
  href?: string
  onClick?: () => void
}

export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <Section title="Quick Actions">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {actions.map((a) =>
          a.href ? (
            <Link key={a.label} href={a.href} className={buttonClass('secondary', 'justify-start')}>
              {a.label}
            </Link>
          ) : (
            <Button key={a.label} variant="secondary" className="justify-start" onClick={a.onClick} aria-haspopup="dialog">
              {a.label}
            </Button>
          ),
        )}
      </div>
    </Section>
  )
}

const KIND_DOT: Record<ActivityEntry['kind'], string> = { movement: 'bg-brand-600', kitchen_movement: 'bg-amber-500', request: 'bg-blue-600' }

/** The timeline: up to 5 merged entries, newest first; 'View All' leads to the full list. */
export function RecentActivity({ entries, viewAllHref }: { entries: ActivityEntry[]; viewAllHref: string }) {
  const f = useFormat()
  return (
    <Section
      title="Recent Activity"
      action={
        <Link href={viewAllHref} className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
          {DASH.viewAll}
        </Link>
      }
    >
      {entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{DASH.noActivity}</p>
      ) : (
        <ol className="space-y-3" data-testid="recent-activity">
          {entries.slice(0, 5).map((e) => (
            <li key={`${e.kind}-${e.id}`} className="flex gap-3">
              <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${KIND_DOT[e.kind]}`} />
              <div className="min-w-0">
                <p className="text-sm font-medium break-words">{e.title}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {e.user_name} ({e.role_name}) · <time dateTime={e.at}>{f.dateTime(e.at)}</time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}

/** Low-stock and expiring items, each leading to /stock; or 'No alerts at this time'. */
export function StockAlerts({ title, low, expiring }: { title: string; low: DashboardItem[]; expiring: DashboardItem[] }) {
  const f = useFormat()
  const rows = [...low.slice(0, 3), ...expiring.slice(0, 2)]
  const line = (i: DashboardItem) => {
    if (i.status === 'out_of_stock') return `Out of stock (minimum ${f.quantity(i.min_stock_level, i.unit)})`
    if (i.status === 'low_stock') return `Low stock: ${f.quantity(i.current_quantity, i.unit)} left (minimum ${f.quantity(i.min_stock_level, i.unit)})`
    const d = i.days_until_expiry ?? 0
    if (i.status === 'expired') return `Expired ${f.date(i.expiry_date)}`
    return d === 0 ? 'Expires today' : `Expires in ${d} day${d === 1 ? '' : 's'} (${f.date(i.expiry_date)})`
  }
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{DASH.noAlerts}</p>
      ) : (
        <ul className="space-y-2" data-testid="stock-alerts">
          {rows.map((i) => (
            <li key={`${i.status}-${i.id}`}>
              <Link
                href="/stock"
                className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800"
              >
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                    i.priority === 'HIGH' ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
                  }`}
                >
                  {i.priority === 'HIGH' ? 'High' : 'Medium'}
                </span>
                {/* A long name wraps (anywhere, if it must): it never widens the card or the page at 375 px. */}
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium wrap-anywhere">{i.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{line(i)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
