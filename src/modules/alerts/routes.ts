import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { ALERT_MSG, AlertListQuery, type AlertAction, type AlertType } from '../../contract/alerts'
import { id } from '../../contract/fields'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** The lists of one family of alerts (open ones unless a status is asked for). */
const FAMILIES = {
  lowStock: ['LOW_STOCK', 'OUT_OF_STOCK'],
  expiry: ['EXPIRING', 'EXPIRED'],
  discrepancy: ['DISCREPANCY'],
  system: ['SYSTEM'],
} as const satisfies Record<string, readonly AlertType[]>
const DONE: Record<AlertAction, string> = { read: ALERT_MSG.read, dismiss: ALERT_MSG.dismissed, resolve: ALERT_MSG.resolved }

export const alertsRoutes = ({ alerts }: AppDeps) => {
  const list = (query: unknown, types?: readonly AlertType[]) => {
    const q = parse(AlertListQuery, query)
    const { rows, total } = alerts.list(q, types)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }
  const act = (params: { id: string }, action: AlertAction) => ok(alerts.act(parse(id('id'), params.id), action), DONE[action])
  return new Elysia({ name: 'alerts-routes', prefix: '/alerts' })
    .get('', ({ query }) => list(query))
    .get('/statistics', () => ok(alerts.statistics()))
    .get('/low-stock', ({ query }) => list(query, FAMILIES.lowStock))
    .get('/expiry', ({ query }) => list(query, FAMILIES.expiry))
    .get('/discrepancy', ({ query }) => list(query, FAMILIES.discrepancy))
    .get('/system', ({ query }) => list(query, FAMILIES.system))
    .get('/:id', ({ params }) => ok(alerts.get(parse(id('id'), params.id))))
    .put('/:id/read', ({ params }) => act(params, 'read'))
    .put('/:id/dismiss', ({ params }) => act(params, 'dismiss'))
    .put('/:id/resolve', ({ params }) => act(params, 'resolve'))
}
