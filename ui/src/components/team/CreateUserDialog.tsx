import { useEffect, useState, type FormEvent } from 'react'
import type { Role, User } from '../../../../src/contract/auth'
import { CreateUserRequest, SetPasswordBody, UpdateUserRequest } from '../../../../src/contract/auth'
import { MSG } from '../../../../src/contract/messages'
import { messageOr } from '../../api/client'
import { createUser, listRoles, setUserPassword, updateUser } from '../../api/users'
import { check } from '../../lib/validation'
import { UI } from '../../messages/common'
import { Button } from '../Button'
import { ErrorLine } from '../ErrorLine'
import { PasswordField, SelectField, TextField } from '../Field'
import { toast } from '../toast'
import { FormModal } from '../FormModal'
import { TEAM } from '../../messages/team'

type Form = { name: string; email: string; password: string; role_id: string }
const EMPTY: Form = { name: '', email: '', password: '', role_id: '' }

/** The roles from the server (GET /auth/roles), loaded when the dialog opens. */
function useRoles(open: boolean) {
  const [roles, setRoles] = useState<Role[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!open) return
    const ctrl = new AbortController()
    setError(null)
    listRoles(ctrl.signal).then(
      (r) => setRoles(r.data),
      (err) => !ctrl.signal.aborted && setError(messageOr(err, TEAM.rolesLoadFailed)),
    )
    return () => ctrl.abort()
  }, [open, attempt])
  return { roles, error, retry: () => setAttempt((a) => a + 1) }
}

interface UserFormProps {
  open: boolean
  onClose: () => void
  /** Editing this user; creating when absent. */
  user?: User | null
  onSaved: () => void
}

/**
 * Create User (SPEC §5: every field required, 'All fields are required'; password hint 'Minimum 8
 * characters'; role from the server's list, sent as a number) and Edit user (name, email and role
 * required; a blank password keeps the current one, a given one goes through PATCH …/password).
 */
function UserFormDialog({ open, onClose, user, onSaved }: UserFormProps) {
  const editing = !!user
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const roles = useRoles(open)

  useEffect(() => {
    if (!open) return
    setForm(user ? { name: user.name ?? '', email: user.email ?? '', password: '', role_id: String(user.role_id) } : EMPTY)
    setErrors({})
    setFailure(null)
  }, [open, user])

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const base = { name: form.name, email: form.email, role_id: form.role_id === '' ? undefined : Number(form.role_id) }
    const result = editing ? check(UpdateUserRequest, base) : check(CreateUserRequest, { ...base, password: form.password })
    const found: Record<string, string> = result.ok ? {} : result.errors
    if (editing && form.password && !found._) {
      const pw = check(SetPasswordBody, { newPassword: form.password })
      if (!pw.ok) found.password = pw.errors.newPassword
    }
    // A blank field: the form's one message (SPEC §5), not a line per field.
    setErrors(found._ ? { _: found._ } : found)
    if (Object.keys(found).length) return
    setBusy(true)
    const body = { name: form.name.trim(), email: form.email.trim().toLowerCase(), role_id: Number(form.role_id) }
    try {
      if (user) {
        await updateUser(user.id, body)
        if (form.password) await setUserPassword(user.id, form.password)
        toast({ kind: 'success', title: UI.successTitle, message: MSG.userUpdated })
      } else {
        await createUser({ ...body, password: form.password })
        toast({ kind: 'success', title: UI.successTitle, message: MSG.userCreated })
      }
      onSaved()
      onClose()
    } catch (err) {
      const message = messageOr(err, editing ? MSG.userUpdateFailed : MSG.userCreateFailed)
      setFailure(message)
      toast({ kind: 'error', title: UI.errorTitle, message })
    } finally {
      setBusy(false)
    }
  }

  const formId = editing ? 'edit-user-form' : 'create-user-form'
  return (
    <FormModal open={open} title={editing ? TEAM.editTitle : TEAM.createTitle} busy={busy} formId={formId} submitLabel={editing ? 'Save Changes' : 'Create User'} onClose={onClose} onSubmit={submit}>
      <ErrorLine message={errors._ ?? failure} />
      <TextField label="Full Name" autoComplete="off" value={form.name} onChange={set('name')} error={errors.name} data-autofocus />
      <TextField label="Email" type="email" autoComplete="off" value={form.email} onChange={set('email')} error={errors.email} />
      <PasswordField
        label={editing ? 'New Password' : 'Password'}
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
        hint={editing ? TEAM.keepPasswordHint : TEAM.passwordHint}
      />
      {roles.error ? (
        <div className="space-y-2">
          <ErrorLine message={roles.error} />
          <Button variant="secondary" onClick={roles.retry}>
            {UI.retry}
          </Button>
        </div>
      ) : (
        <SelectField
          label="Role"
          value={form.role_id}
          onChange={set('role_id')}
          placeholder={roles.roles ? TEAM.selectRole : 'Loading roles...'}
          options={(roles.roles ?? []).map((r) => ({ value: String(r.id), label: r.role_name }))}
          error={errors.role_id}
        />
      )}
    </FormModal>
  )
}

export function CreateUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  return <UserFormDialog open={open} onClose={onClose} onSaved={onCreated} />
}

export function EditUserDialog({ user, onClose, onSaved }: { user: User | null; onClose: () => void; onSaved: () => void }) {
  return <UserFormDialog open={user !== null} user={user} onClose={onClose} onSaved={onSaved} />
}
