/** The roles module's face: what the wiring may use. */
export { createRolesService, type RolesService } from './service'
export { authRolesRoutes, managerRolesRoutes } from './routes'
