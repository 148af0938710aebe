/** The settings module's face: what other modules and the wiring may use. */
export { createSettingsService, type SettingsService } from './service'
export { displaySettingsRoutes, managerSettingsRoutes } from './routes'
