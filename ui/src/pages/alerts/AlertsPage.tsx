import { useState } from 'react'
import { ALERT_MSG, type Alert, type AlertAction, type AlertPriority, type AlertStatus, type AlertType } from '../../../../src/contract/alerts'
import { actOnAlert, getAlertStatistics, listAlerts, type AlertFamily } from '../../api/alerts'
import { Button } from '../../components/Button'
import { DataTable, type Column } from '../../components/DataTable'
import { LoadError } from '../../components/LoadError'
import { SelectField, TextField } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { toast } from '../../components/toast'
import { PAGE_SIZE, usePagedList } from '../../components/usePagedList'
import { useDebounced } from '../../components/useDebounced'
import { useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'

/** The type toggles: the server's alert families. */
const FAMILIES: { value: AlertFamily; label: string; types: readonly AlertType[] }[] = [
  { value: 'all', label: 'All', types: [] },
  { value: 'low-stock', label: 'Low stock', types: ['LOW_STOCK', 'OUT_OF_STOCK'] },
  { value: 'expiry', label: 'Expiry', types: ['EXPIRING', 'EXPIRED'] },
  { value: 'discrepancy', label: 'Discrepancy', types: ['DISCREPANCY'] },
  { value: 'system', label: 'System', types: ['SYSTEM'] },
]

const TYPE_LABEL: Record<AlertType, string> = {
  LOW_STOCK: 'Low stock',
  OUT_OF_STOCK: 'Out of stock',
  EXPIRING: 'Expiring soon',
  EXPIRED: 'Expired',
  DISCREPANCY: 'Discrepancy',
  SYSTEM: 'System',
  PRICE_CHANGE: 'Price change',
}

const PRIORITY_OPTIONS = [
  { value: 'HIGH', label: 'High' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'LOW', label: 'Low' },
]

const STATUS_OPTIONS = [
  { value: 'OPEN', label: 'Open (new or read)' },
  { value: 'NEW', label: 'New' },
  { value: 'READ', label: 'Read' },
  { value: 'DISMISSED', label: 'Dismissed' },
  { value: 'RESOLVED', label: 'Resolved' },
]

const PRIORITY_STYLE: Record<AlertPriority, string> = {
  HIGH: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  MEDIUM: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  LOW: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
}

const STATUS_LABEL: Record<AlertStatus, string> = { NEW: 'New', READ: 'Read', DISMISSED: 'Dismissed', RESOLVED: 'Resolved' }

const ACTION_LABEL: Record<AlertAction, string> = { read: 'Mark read', dismiss: 'Dismiss', resolve: 'Resolve' }

const badge = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold'

export default function AlertsPage() {
  const fmt = useFormat()
  const [family, setFamily] = useState<AlertFamily>('all')
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim())
  const [priority, setPriority] = useState<AlertPriority | ''>('')
  const [status, setStatus] = useState('OPEN')
  const [acting, setActing] = useState<string | null>(null)
  const { data: stats, error: statsError, reload: reloadStats } = useLoad((signal) => getAlertStatistics(signal).then((r) => r.data))

  const list = usePagedList<Alert>(
    ({ page, limit, signal }) => listAlerts({ family, q, priority, status, page, limit }, signal),
    [family, q, priority, status],
    PAGE_SIZE,
  )

  const refresh = () => {
    list.retry()
    reloadStats()
  }

  async function act(alert: Alert, action: AlertAction) {
    setActing(`${alert.id}:${action}`)
    try {
      const res = await actOnAlert(alert.id, action)
      toast({ kind: 'success', title: res.message })
    } catch (err) {
      toast({ kind: 'error', title: err instanceof Error ? err.message : String(err) })
    } finally {
      setActing(null)
      refresh()
    }
  }

  const familyCount = (types: readonly AlertType[]) => (stats ? (types.length ? types.reduce((n, t) => n + (stats.by_type[t] ?? 0), 0) : stats.open) : null)
  const high = stats?.high_priority_open ?? null

  const columns: Column<Alert>[] = [
    { header: 'Priority', cell: (a) => <span className={`${badge} ${PRIORITY_STYLE[a.priority]}`}>{a.priority.charAt(0) + a.priority.slice(1).toLowerCase()}</span> },
    {
      header: 'Alert',
      cell: (a) => (
        <div className="text-left">
          <p className={a.status === 'NEW' ? 'font-semibold' : 'font-medium'}>{a.title}</p>
          <p className="text-slate-600 dark:text-slate-400">{a.message}</p>
        </div>
      ),
    },
    { header: 'Type', cell: (a) => TYPE_LABEL[a.type] ?? a.type },
    { header: 'Status', cell: (a) => STATUS_LABEL[a.status] ?? a.status },
    { header: 'Raised', cell: (a) => <span className="whitespace-nowrap">{fmt.dateTime(a.created_at)}</span> },
  ]

  const actionsFor = (a: Alert) => {
    const open = a.status === 'NEW' || a.status === 'READ'
    const available: AlertAction[] = [...(a.status === 'NEW' ? (['read'] as const) : []), ...(open ? (['dismiss', 'resolve'] as const) : [])]
    if (!available.length) return <span className="text-sm text-slate-600 dark:text-slate-400">—</span>
    return available.map((action) => (
      <Button key={action} variant={action === 'resolve' ? 'primary' : 'secondary'} className="px-3" disabled={acting !== null} onClick={() => act(a, action)} aria-label={`${ACTION_LABEL[action]}: ${a.title}`}>
        {ACTION_LABEL[action]}
      </Button>
    ))
  }

  return (
    <section className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Alerts"
        description="Low stock, expiry, discrepancies and system problems, as they happen."
        actions={
          <Button variant="secondary" onClick={refresh} disabled={list.loading}>
            Refresh
          </Button>
        }
      />

      <div className="grid gap-3 sm:grid-cols-2" aria-live="polite">
        <p className="rounded-2xl border border-red-200 bg-red-50 p-4 dark:border-red-900 dark:bg-red-950/50">
          <span className="block text-sm font-medium text-red-800 dark:text-red-200">High priority</span>
          <span className="block text-3xl font-semibold text-red-900 tabular-nums dark:text-red-100" data-testid="high-priority-count">
            {high ?? '–'}
          </span>
          <span className="sr-only"> open high-priority alerts</span>
        </p>
        <p className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">Open alerts</span>
          <span className="block text-3xl font-semibold tabular-nums" data-testid="open-count">
            {stats?.open ?? '–'}
          </span>
        </p>
      </div>
      {/* SPEC §8's line alone, the reason on its own line under it. */}
      {statsError && <LoadError inline error={ALERT_MSG.loadFailed} detail={statsError} retry={reloadStats} />}

      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div role="group" aria-label="Alert type" className="flex flex-wrap gap-2">
          {FAMILIES.map((f) => {
            const n = familyCount(f.types)
            return (
              <button
                key={f.value}
                type="button"
                aria-pressed={family === f.value}
                onClick={() => setFamily(f.value)}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:border-brand-400 dark:aria-pressed:bg-brand-400 dark:aria-pressed:text-slate-950"
              >
                {f.label}
                {n !== null && <span className="tabular-nums">({n})</span>}
              </button>
            )
          })}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Search alerts" type="search" value={search} onChange={setSearch} placeholder="Title or message" />
          <SelectField label="Priority" value={priority} onChange={(v) => setPriority(v as AlertPriority | '')} options={PRIORITY_OPTIONS} placeholder="All priorities" />
          <SelectField label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        </div>
      </div>

      <DataTable kind="alerts" caption="Alerts" columns={columns} list={list} searchTerm={q} actions={actionsFor} failed={ALERT_MSG.loadFailed} />
    </section>
  )
}
