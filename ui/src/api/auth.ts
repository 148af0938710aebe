import type { LoginResult, User } from '../../../src/contract/auth'
import { call } from './client'

export const login = (email: string, password: string) => call<LoginResult>('POST', '/auth/login', { body: { email, password }, auth: false })
export const getProfile = () => call<User>('GET', '/auth/profile')
export const updateProfile = (body: { name: string; email: string }) => call<User>('PUT', '/auth/profile', { body })
/** Answers a fresh token: the old ones are void after a password change. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  call<LoginResult>('PATCH', '/auth/profile/password', { body })
