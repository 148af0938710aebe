import * as v from 'valibot'
import { email, flag, id, password, requiredText } from './fields'
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

export const LoginBody = v.object({
  email: v.pipe(v.string('email is required'), v.trim(), v.nonEmpty('email is required'), v.toLowerCase()),
  password: v.pipe(v.string('password is required'), v.nonEmpty('password is required'), v.maxLength(200, 'password is too long')),
})
export const ProfileBody = v.object({ name: requiredText('name', 100), email: email() })
export const ProfilePasswordBody = v.object({
  currentPassword: v.pipe(v.string(MSG.currentPasswordRequired), v.nonEmpty(MSG.currentPasswordRequired)),
  newPassword: password('newPassword', MSG.profilePasswordTooShort),
})
export const CreateUserBody = v.object({
  name: requiredText('name', 100),
  email: email(),
  password: password('password', MSG.profilePasswordTooShort),
  role_id: id('role_id'),
})
export const UpdateUserBody = v.object({
  name: requiredText('name', 100),
  email: email(),
  role_id: id('role_id'),
})
export const SetPasswordBody = v.object({ newPassword: password('newPassword', MSG.profilePasswordTooShort) })
export const UserStatusBody = v.object({ is_active: flag('is_active') })
export const RoleBody = v.object({ role_name: requiredText('role_name', 50) })

export const ForgotPasswordBody = v.object({ email: v.pipe(v.string('email is required'), v.trim(), v.nonEmpty('email is required'), v.toLowerCase()) })
export const ResetPasswordBody = v.object({
  token: v.pipe(v.string(MSG.resetMissingToken), v.nonEmpty(MSG.resetMissingToken), v.maxLength(200, MSG.resetInvalid)),
  newPassword: password('newPassword', MSG.resetPasswordTooShort),
})
