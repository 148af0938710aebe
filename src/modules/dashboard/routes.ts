import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { DashboardListQuery, RecentActivityQuery, TrendsQuery } from '../../contract/dashboard'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** Every role's own dashboard (the service picks the summary for the user's role). */
export const dashboardRoutes = ({ dashboard }: AppDeps) =>
  new Elysia({ name: 'dashboard-routes', prefix: '/dashboard' }).use(signedIn).get('', (ctx) => ok(dashboard.summary(ctx.user)), { signedIn: true })

/** The Manager's dashboard pieces. */
export const managerDashboardRoutes = ({ dashboard }: AppDeps) =>
  new Elysia({ name: 'manager-dashboard-routes', prefix: '/manager/dashboard' }).use(signedIn)
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
