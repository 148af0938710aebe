import { useState, type FormEvent } from 'react'
import { AuthLink } from '../../components/AuthLink'
import { ForgotPasswordBody } from '../../../../src/contract/auth'
import { MSG } from '../../../../src/contract/messages'
import { messageOr } from '../../api/client'
import { forgotPassword } from '../../api/passwordReset'
import { AuthShell } from '../../components/AuthShell'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { toast } from '../../components/toast'
import { check } from '../../lib/validation'
import { UI } from '../../messages/common'
import { AUTH } from '../../messages/auth'

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const input = check(ForgotPasswordBody, { email })
    if (!input.ok) return setError(input.errors.email)
    setError(undefined)
    setBusy(true)
    try {
      await forgotPassword(input.value.email)
      toast({ kind: 'success', title: AUTH.emailSentTitle, message: MSG.resetEmailSent })
      setEmail('')
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: messageOr(err, MSG.resetEmailFailed) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthShell title="Forgot your password?">
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">Enter the email address of your account and we will send you a link to set a new password.</p>
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField label="Email address" type="email" autoComplete="email" inputMode="email" value={email} onChange={setEmail} error={error} required />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? AUTH.sending : AUTH.sendResetLink}
        </Button>
      </form>
      <AuthLink href="/login">{AUTH.backToLogin}</AuthLink>
    </AuthShell>
  )
}
