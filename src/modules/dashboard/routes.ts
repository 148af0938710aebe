import { Elysia } from 'elysia'
import type { AppDeps } from '../../app'
import { DashboardListQuery, RecentActivityQuery, TrendsQuery } from '../../contract/dashboard'
import { currentUser } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { createDashboardService } from './service'

export const dashboardRoutes = (deps: AppDeps) => {
  const dashboard = createDashboardService(deps.db, deps.clock, deps.settings)
  return new Elysia({ name: 'dashboard-routes' })
    .get('/dashboard', (ctx) => ok(dashboard.summary(currentUser(ctx))))
    .group('/manager/dashboard', (app) =>
      app
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
        .get('/trends', ({ query }) => ok(dashboard.trends(parse(TrendsQuery, query).days))),
    )
}
