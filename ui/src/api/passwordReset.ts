import { call } from './client'

// SPEC §7: the password-reset calls carry no token.
export const forgotPassword = (email: string) => call<null>('POST', '/password-reset/forgot-password', { body: { email }, auth: false })
export const validateResetToken = (token: string) =>
  call<{ email: string }>('GET', `/password-reset/validate-token/${encodeURIComponent(token)}`, { auth: false })
export const resetPassword = (token: string, newPassword: string) =>
  call<null>('POST', '/password-reset/reset-password', { body: { token, newPassword }, auth: false })
