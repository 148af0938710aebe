/** The password reset module's face: what the wiring may use. */
export { createPasswordResetService, type PasswordResetService } from './service'
export { passwordResetRoutes } from './routes'
