/** The auth module's face: sign-in, sessions and the lockout, for the wiring and the access check. */
export { createAuthService, type AuthService } from './service'
export { createLockout, type Lockout } from './lockout'
export { createTokens, type Tokens } from './tokens'
export { authRoutes } from './routes'
