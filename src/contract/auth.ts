import * as v from 'valibot'
import { email, flag, id, lookupEmail, paging, password, requiredText, safeName } from './fields'
import { MSG } from './messages'

export interface User {
  id: number
  name: string
  email: string
  role_id: number
  role_name: string
  is_active: boolean
  last_login_at: string | null
  created_at: string
}
export interface Role {
  id: number
  role_name: string
  is_builtin: boolean
  user_count: number
}
export interface LoginResult {
  user: User
  token: string
}

/** A lock longer than the first (each further lock lasts twice the last). */
export const accountLockedFor = (minutes: number) =>
  minutes === 15 ? MSG.accountLocked : `Too many failed sign-in attempts. Please wait ${minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minutes`} and try again.`
export const RESET_TOO_OFTEN = 'Too many password reset requests from this device. Please wait 15 minutes and try again.'
export const serverBusy = 'The server is busy checking other sign-ins. Please try again in a moment.'

export const LoginBody = v.strictObject({
  email: lookupEmail(),
  password: v.pipe(v.string('password is required'), v.nonEmpty('password is required'), v.maxLength(200, 'password is too long')),
})
export const PROFILE_EMAIL_NEEDS_PASSWORD = 'Enter your current password to change your email'
/**
 * PUT /auth/profile: name and email, and a new password when one is typed; saved together or not
 * at all. The current password is needed to change the email or the password.
 */
export const ProfileBody = v.strictObject({
  name: safeName('name', 100),
  email: email(),
  currentPassword: v.optional(v.pipe(v.string(MSG.currentPasswordRequired), v.maxLength(200, 'currentPassword is too long'))),
  // '' (or absent) keeps the password.
  newPassword: v.optional(
    v.pipe(v.string('newPassword must be text'), v.check((s) => s === '' || s.length >= 8, MSG.profilePasswordTooShort), v.maxLength(200, 'newPassword is too long')),
  ),
})
/** The profile answer: the user, and a fresh token when the password changed (older tokens are void). */
export type ProfileResult = User & { token?: string }
export const ProfilePasswordBody = v.strictObject({
  currentPassword: v.pipe(v.string(MSG.currentPasswordRequired), v.nonEmpty(MSG.currentPasswordRequired)),
  newPassword: password('newPassword', MSG.profilePasswordTooShort),
})
export const CreateUserBody = v.strictObject({
  name: safeName('name', 100),
  email: email(),
  password: password('password', MSG.profilePasswordTooShort),
  role_id: id('role_id'),
})
export const UpdateUserBody = v.strictObject({
  name: safeName('name', 100),
  email: email(),
  role_id: id('role_id'),
})
export const SetPasswordBody = v.strictObject({ newPassword: password('newPassword', MSG.profilePasswordTooShort) })
export const UserStatusBody = v.strictObject({ is_active: flag('is_active') })
export const RoleBody = v.strictObject({ role_name: requiredText('role_name', 50) })

export const ForgotPasswordBody = v.strictObject({ email: lookupEmail() })
export const ResetPasswordBody = v.strictObject({
  token: v.pipe(v.string(MSG.resetMissingToken), v.nonEmpty(MSG.resetMissingToken), v.maxLength(200, MSG.resetInvalid)),
  newPassword: password('newPassword', MSG.resetPasswordTooShort),
})

// The Team forms' one message when a field is blank (SPEC §5), checked before the field rules.
const blank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '')
const allPresent = (keys: readonly string[], message: string) =>
  v.check((input: unknown) => typeof input === 'object' && input !== null && keys.every((k) => !blank((input as Record<string, unknown>)[k])), message)

/** POST /manager/users and /auth/users: any blank field is 'All fields are required'. */
export const CreateUserRequest = v.pipe(v.unknown(), allPresent(['name', 'email', 'password', 'role_id'], MSG.allFieldsRequired), CreateUserBody)
/** PUT /manager/users/:id: any blank field is 'Name, email and role are required'. */
export const UpdateUserRequest = v.pipe(v.unknown(), allPresent(['name', 'email', 'role_id'], MSG.nameEmailRoleRequired), UpdateUserBody)

export const USER_STATUSES = ['active', 'inactive'] as const
/** GET /manager/users: q (name or email), role (name, any case), status (active | inactive), page, limit. */
export const UserListQuery = v.object({
  ...paging,
  role: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, 'role must be at most 50 characters'))),
  status: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['', ...USER_STATUSES], 'status must be active or inactive'))),
})
/** GET /manager/users/search: SPEC's `query`, and `q` like every other list. */
export const UserSearchQuery = v.object({ ...paging, query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'query must be at most 200 characters'))) })
export const RecentLoginsQuery = v.object({
  limit: v.optional(v.pipe(v.unknown(), v.transform(Number), v.number('limit must be a number'), v.integer('limit must be a whole number'), v.minValue(1, 'limit must be at least 1'), v.maxValue(100, 'limit must be at most 100')), 10),
})
export const IdParam = v.object({ id: id('id') })

export interface UserStats {
  total: number
  active: number
  inactive: number
  by_role: { role_name: string; count: number }[]
}
