/** The alerts module's face: what other modules and the wiring may use. */
export { createAlertService, type AlertService } from './service'
export { alertsRoutes } from './routes'
export { startAlertSchedule } from './schedule'
export { priceAlertListener, raiseSystemAlert, stockAlertListener } from './events'
export type { AlertContext } from './engine'
export { clearCondition, insertAlert, openAlertByKey, refreshAlert, type AlertDraft } from './repo'
