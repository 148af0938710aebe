import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { ALERT_MSG, AlertListQuery, type AlertAction, type AlertType } from '../../contract/alerts'
import { id } from '../../contract/fields'
import { listOf, ok } from '../../http/envelope'
import { parse, parseAction } from '../../http/validate'

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
  const act = (ctx: { params: { id: string }; body: unknown }, action: AlertAction) => {
    const alertId = parse(id('id'), ctx.params.id)
    parseAction(ctx.body)
    return ok(alerts.act(alertId, action), DONE[action])
  }
  return new Elysia({ name: 'alerts-routes', prefix: '/alerts' })
    .get('', ({ query }) => list(query))
    .get('/statistics', () => ok(alerts.statistics()))
    .get('/low-stock', ({ query }) => list(query, FAMILIES.lowStock))
    .get('/expiry', ({ query }) => list(query, FAMILIES.expiry))
    .get('/discrepancy', ({ query }) => list(query, FAMILIES.discrepancy))
    .get('/system', ({ query }) => list(query, FAMILIES.system))
    .get('/:id', ({ params }) => ok(alerts.get(parse(id('id'), params.id))))
    .put('/:id/read', (ctx) => act(ctx, 'read'))
    .put('/:id/dismiss', (ctx) => act(ctx, 'dismiss'))
    .put('/:id/resolve', (ctx) => act(ctx, 'resolve'))
}
