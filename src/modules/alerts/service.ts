import {
  ALERT_PRIORITIES,
  ALERT_STATUSES,
  ALERT_TYPES,
  ALERT_MSG,
  type Alert,
  type AlertAction,
  type AlertListQuery,
  type AlertStatistics,
  type AlertStatus,
  type AlertType,
} from '../../contract/alerts'
import { conflict, notFound } from '../../lib/errors'
import { reconcileItems, type AlertContext } from './engine'
import * as repo from './repo'
import type { ServiceDeps } from '../../db/service-deps'

/** Items per transaction of the background rescan: a few ms each on a Pi. */
const RESCAN_CHUNK = 200

export const toAlert = (r: repo.AlertRow): Alert => ({
  id: r.id,
  type: r.type,
  priority: r.priority,
  title: r.title,
  message: r.message,
  details: r.details ? JSON.parse(r.details) : null,
  item_id: r.item_id,
  status: r.status,
  created_at: r.created_at,
  updated_at: r.updated_at,
  resolved_at: r.resolved_at,
})

/** Each action: the status it leads to and the statuses it may start from (repeating it changes nothing). */
const ACTIONS: Record<AlertAction, { to: AlertStatus; from: readonly AlertStatus[] }> = {
  read: { to: 'READ', from: ['NEW', 'READ'] },
  dismiss: { to: 'DISMISSED', from: ['NEW', 'READ', 'DISMISSED'] },
  resolve: { to: 'RESOLVED', from: ['NEW', 'READ', 'DISMISSED', 'RESOLVED'] },
}

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>

export type AlertService = ReturnType<typeof createAlertService>

export function createAlertService({ db, clock, settings }: Pick<ServiceDeps, 'db' | 'clock' | 'settings'>) {
  const ctx: AlertContext = { clock, settings: settings.get }
  const row = (id: number) => repo.findAlert(db, id) ?? (() => { throw notFound('Alert') })()

  return {
    /** `types` narrows to a family (low-stock, expiry…); such lists show open alerts unless a status is asked for. */
    list(q: AlertListQuery, types?: readonly AlertType[]) {
      const status = q.status ?? (types ? 'OPEN' : undefined)
      const { rows, total } = repo.listAlerts(
        db,
        {
          types: q.type ? (types && !types.includes(q.type) ? [] : [q.type]) : types,
          priority: q.priority,
          statuses: status === 'OPEN' ? ['NEW', 'READ'] : status ? [status] : undefined,
          q: q.q,
        },
        q.limit,
        (q.page - 1) * q.limit,
      )
      return { rows: rows.map(toAlert), total }
    },

    get: (id: number) => toAlert(row(id)),

    statistics(): AlertStatistics {
      const stats: AlertStatistics = {
        total: 0,
        open: 0,
        high_priority_open: 0,
        by_type: zeroes(ALERT_TYPES),
        by_priority: zeroes(ALERT_PRIORITIES),
        by_status: zeroes(ALERT_STATUSES),
      }
      for (const c of repo.alertCounts(db)) {
        stats.total += c.n
        stats.by_status[c.status] += c.n
        if (c.status !== 'NEW' && c.status !== 'READ') continue
        stats.open += c.n
        stats.by_type[c.type] += c.n
        stats.by_priority[c.priority] += c.n
        if (c.priority === 'HIGH') stats.high_priority_open += c.n
      }
      return stats
    },

    /** read, dismiss or resolve by hand. A SYSTEM alert put away lets the next failure raise a new one. */
    act(id: number, action: AlertAction): Alert {
      db.transaction(() => {
        const alert = row(id)
        const rule = ACTIONS[action]
        if (!rule.from.includes(alert.status)) throw conflict(ALERT_MSG.cannot(action, alert.status))
        if (alert.status !== rule.to) repo.setStatus(db, id, rule.to, ctx.clock().toISOString(), alert.type === 'SYSTEM' && rule.to !== 'READ')
      }).immediate()
      return toAlert(row(id))
    },

    /** Every item's stock and expiry conditions against today's date: at start and every hour. */
    rescan() {
      db.transaction(() => reconcileItems(db, ctx, null)).immediate()
    },

    /**
     * The same rescan in short transactions of `size` items with a macrotask between them, so a
     * large store never holds a request (or the start's first answer) for more than a few ms.
     */
    async rescanInChunks(size = RESCAN_CHUNK) {
      const ids = repo.scanItemIds(db)
      for (let i = 0; i < ids.length; i += size) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        const chunk = ids.slice(i, i + size)
        db.transaction(() => reconcileItems(db, ctx, chunk)).immediate()
      }
    },
  }
}
