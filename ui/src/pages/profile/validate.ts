import { ProfileBody, ProfilePasswordBody } from '../../../../src/contract/auth'
import { MSG } from '../../../../src/contract/messages'
import { check } from '../../lib/validation'

export type ProfileErrors = Partial<Record<'name' | 'email' | 'currentPassword' | 'newPassword' | 'confirmPassword', string>>

/** SPEC §5 "Profile", in its order: current password required, new passwords match, at least 8 characters. */
export function validateProfile(f: { name: string; email: string; currentPassword: string; newPassword: string; confirmPassword: string }): ProfileErrors {
  const errors: ProfileErrors = {}
  const profile = check(ProfileBody, { name: f.name, email: f.email })
  if (!profile.ok) Object.assign(errors, { name: profile.errors.name, email: profile.errors.email })
  if (f.newPassword) {
    const pw = check(ProfilePasswordBody, { currentPassword: f.currentPassword, newPassword: f.newPassword })
    if (!pw.ok) Object.assign(errors, { currentPassword: pw.errors.currentPassword, newPassword: pw.errors.newPassword })
    if (f.newPassword !== f.confirmPassword) errors.confirmPassword = MSG.newPasswordsDoNotMatch
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as ProfileErrors
}
