/** The dashboard module's face: what the wiring may use. */
export { createDashboardService, type DashboardService } from './service'
export { dashboardRoutes, managerDashboardRoutes } from './routes'
