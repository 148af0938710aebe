/** The reports module's face: what the wiring may use. */
export { createReportService, type ReportService } from './service'
export { reportsRoutes } from './routes'
