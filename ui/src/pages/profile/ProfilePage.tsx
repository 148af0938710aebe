import { useCallback, useState, type FormEvent } from 'react'
import { MSG } from '../../../../src/contract/messages'
import type { ProfileResult } from '../../../../src/contract/auth'
import { call, messageOr } from '../../api/client'
import { Button } from '../../components/Button'
import { PasswordField, TextField } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { ResultDialog, type Result } from '../../components/ResultDialog'
import { getSession, setSession, updateUser, useSession } from '../../session/store'
import { validateProfile, type ProfileErrors as Errors } from './validate'

export default function ProfilePage() {
  const session = useSession()
  const user = session?.user
  const blank = { name: user?.name ?? '', email: user?.email ?? '', currentPassword: '', newPassword: '', confirmPassword: '' }
  const [editing, setEditing] = useState(false)
  const [form, setForm] = useState(blank)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result | null>(null)
  const closeResult = useCallback(() => setResult(null), [])
  if (!user) return null

  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }))
  const cancel = () => {
    setForm(blank)
    setErrors({})
    setEditing(false)
  }

  async function save(e: FormEvent) {
    e.preventDefault()
    const found = validateProfile(form)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      // One request: name, email and a new password are saved together or not at all.
      const { token, ...user } = (
        await call<ProfileResult>('PUT', '/auth/profile', {
          body: { name: form.name.trim(), email: form.email.trim(), ...(form.currentPassword ? { currentPassword: form.currentPassword } : {}), ...(form.newPassword ? { newPassword: form.newPassword } : {}) },
        })
      ).data
      // A new password voids the old token; the answer's fresh one replaces it.
      if (token && getSession()) setSession({ token, user })
      else updateUser(user)
      setForm({ name: user.name, email: user.email, currentPassword: '', newPassword: '', confirmPassword: '' })
      setEditing(false)
      setResult({ kind: 'success', message: MSG.profileUpdated })
    } catch (err) {
      setResult({ kind: 'error', message: messageOr(err, err instanceof Error && err.message ? err.message : MSG.profileUpdateFailed) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="mx-auto max-w-2xl">
      <PageHeader title="Profile Settings" description="Your name, email and password." />
      <form onSubmit={save} noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Full Name" autoComplete="name" value={editing ? form.name : user.name} onChange={set('name')} readOnly={!editing} error={errors.name} />
          <TextField label="Email" type="email" autoComplete="email" value={editing ? form.email : user.email} onChange={set('email')} readOnly={!editing} error={errors.email} />
        </div>
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Role</p>
          <p className="mt-1.5 inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200">{user.role_name}</p>
        </div>

        {editing && (
          <fieldset className="space-y-5 border-t border-slate-200 pt-5 dark:border-slate-800">
            <legend className="sr-only">Change password</legend>
            <div>
              <h2 className="text-base font-semibold">Change password</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">Leave blank to keep your current password.</p>
            </div>
            <PasswordField label="Current Password" autoComplete="current-password" value={form.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
            <PasswordField label="New Password" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} error={errors.newPassword} hint="Minimum 8 characters" />
            {form.newPassword && (
              <PasswordField label="Confirm New Password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} error={errors.confirmPassword} />
            )}
          </fieldset>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {editing ? (
            <>
              <Button variant="secondary" onClick={cancel} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Saving...' : 'Save Changes'}
              </Button>
            </>
          ) : (
            <Button
              onClick={() => {
                setForm(blank)
                setEditing(true)
              }}
            >
              Edit Profile
            </Button>
          )}
        </div>
      </form>
      <ResultDialog result={result} onClose={closeResult} />
    </section>
  )
}
