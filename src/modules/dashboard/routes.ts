import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { DashboardListQuery, ORDERS_DUE_LIMIT, RecentActivityQuery, TrendsQuery, type StoreSummary } from '../../contract/dashboard'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** Every role's own dashboard (the service picks the summary for the user's role). */
export const dashboardRoutes = ({ dashboard, purchasing }: AppDeps) =>
  new Elysia({ name: 'dashboard-routes', prefix: '/dashboard' }).use(signedIn).get(
    '',
    (ctx) => {
      const summary = dashboard.summary(ctx.user)
      if (summary.role === 'Chef') return ok(summary)
      // The store view's 'Orders due today', as purchasing lists them (its rule), so the page needs no second request.
      const due = purchasing.listOrders({ page: 1, limit: ORDERS_DUE_LIMIT, due: 'today' }).rows
      const store: StoreSummary = { ...summary, orders_due_today: due.map(({ id, number, supplier_name, expected_date }) => ({ id, number, supplier_name, expected_date })) }
      return ok(store)
    },
    { signedIn: true },
  )

/** The Manager's dashboard in one answer (the page's one request), its trends, and its pieces. */
export const managerDashboardRoutes = ({ dashboard }: AppDeps) =>
  new Elysia({ name: 'manager-dashboard-routes', prefix: '/manager/dashboard' }).use(signedIn)
    .get('', () => ok(dashboard.manager()))
    .get('/stats', () => ok(dashboard.stats()))
    .get('/recent-activity', ({ query }) => ok(dashboard.recentActivity(parse(RecentActivityQuery, query).limit)))
    .get('/stock-alerts', ({ query }) => {
      const q = parse(DashboardListQuery, query)
      const { rows, total } = dashboard.stockAlerts(q.page, q.limit)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .get('/expiry-alerts', ({ query }) => {
      const q = parse(DashboardListQuery, query)
      const { rows, total } = dashboard.expiryAlerts(q.page, q.limit)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .get('/trends', ({ query }) => ok(dashboard.trends(parse(TrendsQuery, query).days)))
