import type { Role, User } from '../../../src/contract/auth'
import { call, callList } from './client'

// The Manager's user administration (SPEC §7 "Manager users") and the role picker.

/** Every user (the team is small: one page of 500). */
export const listUsers = (signal?: AbortSignal) => callList<User>('/manager/users', { limit: 500 }, signal)
export const createUser = (body: { name: string; email: string; password: string; role_id: number }) => call<User>('POST', '/manager/users', { body })
export const updateUser = (id: number, body: { name: string; email: string; role_id: number }) => call<User>('PUT', `/manager/users/${id}`, { body })
export const setUserPassword = (id: number, newPassword: string) => call<null>('PATCH', `/manager/users/${id}/password`, { body: { newPassword } })
export const setUserStatus = (id: number, is_active: boolean) => call<User>('PATCH', `/manager/users/${id}/status`, { body: { is_active } })
export const listRoles = (signal?: AbortSignal) => call<Role[]>('GET', '/auth/roles', { signal })
