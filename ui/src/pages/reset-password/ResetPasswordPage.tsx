import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { AuthLink } from '../../components/AuthLink'
import { ResetPasswordBody } from '../../../../src/contract/auth'
import { MSG } from '../../../../src/contract/messages'
import { messageOr } from '../../api/client'
import { resetPassword, validateResetToken } from '../../api/passwordReset'
import { AuthShell } from '../../components/AuthShell'
import { Button, buttonClass } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { PasswordField } from '../../components/Field'
import { Spinner } from '../../components/Spinner'
import { check } from '../../lib/validation'
import { AUTH } from '../../messages/auth'

/** SPEC §9: after a successful reset the user goes to /login after 3 seconds. */
export const RESET_REDIRECT_MS = 3000

type State = { step: 'validating' } | { step: 'invalid'; message: string } | { step: 'form'; email: string } | { step: 'done' }

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [, navigate] = useLocation()
  const [state, setState] = useState<State>(token ? { step: 'validating' } : { step: 'invalid', message: MSG.resetMissingToken })

  useEffect(() => {
    if (!token) return setState({ step: 'invalid', message: MSG.resetMissingToken })
    let live = true
    setState({ step: 'validating' })
    validateResetToken(token).then(
      (r) => live && setState({ step: 'form', email: r.data.email }),
      (err) => live && setState({ step: 'invalid', message: messageOr(err, MSG.resetInvalid) }),
    )
    return () => {
      live = false
    }
  }, [token])

  useEffect(() => {
    if (state.step !== 'done') return
    const t = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS)
    return () => clearTimeout(t)
  }, [state.step, navigate])

  if (state.step === 'validating')
    return (
      <AuthShell title={AUTH.validatingReset}>
        <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          <Spinner label={AUTH.validatingReset} /> Checking your link…
        </div>
      </AuthShell>
    )
  if (state.step === 'invalid')
    return (
      <AuthShell title={AUTH.invalidReset}>
        <ErrorLine message={state.message} />
        <Link href="/forgot-password" className={buttonClass('primary', 'mt-6 w-full')}>
          {AUTH.requestNewReset}
        </Link>
        <AuthLink href="/login" className="mt-2">
          {AUTH.backToLogin}
        </AuthLink>
      </AuthShell>
    )
  if (state.step === 'done')
    return (
      <AuthShell title="Password reset">
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
          {MSG.resetSuccess}
        </p>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Taking you to the sign-in page…</p>
      </AuthShell>
    )
  return <ResetForm token={token} email={state.email} onDone={() => setState({ step: 'done' })} />
}

function ResetForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const input = check(ResetPasswordBody, { token, newPassword: password })
    const next = {
      password: input.ok ? undefined : input.errors.newPassword,
      confirm: password !== confirm ? MSG.passwordsDoNotMatch : undefined,
    }
    setErrors(next)
    if (!input.ok || next.confirm) return
    setFailure(null)
    setBusy(true)
    try {
      await resetPassword(token, password)
      onDone()
    } catch (err) {
      setFailure(messageOr(err, MSG.resetFailed))
      setBusy(false)
    }
  }

  return (
    <AuthShell title={AUTH.setNewPassword}>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        For <span className="font-medium text-slate-900 dark:text-slate-100">{email}</span>
      </p>
      <form onSubmit={submit} noValidate className="space-y-5">
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordField label={AUTH.newPassword} autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} hint="Minimum 8 characters" />
        <PasswordField label={AUTH.confirmNewPassword} autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} />
        <ErrorLine message={failure} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : AUTH.setNewPassword}
        </Button>
      </form>
    </AuthShell>
  )
}
