import { useLayoutEffect, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { useLocation } from 'wouter'
import { AuthLink } from '../../components/AuthLink'
import { LoginBody } from '../../../../src/contract/auth'
import { MSG } from '../../../../src/contract/messages'
import { login } from '../../api/auth'
import { messageOr } from '../../api/client'
import { Brand } from '../../components/Brand'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { PasswordField, TextField } from '../../components/Field'
import { useDisplaySettings } from '../../lib/display'
import { groupMode, homePath } from '../../lib/mode'
import { dropShell, shellValues, whenShellIdle } from '../../lib/shell'
import { check } from '../../lib/validation'
import { AUTH } from '../../messages/auth'
import { setSession } from '../../session/store'

export default function LoginPage() {
  const { restaurant_name } = useDisplaySettings()
  const [, navigate] = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  // This page now stands where the static screen was: what was typed there is kept, a Sign In pressed there is
  // carried out, and the screen is dropped before the browser paints (no flash, no shift). A press still held on the
  // static screen is let finish there first.
  useLayoutEffect(
    () =>
      whenShellIdle((deferred) => {
        const typed = shellValues()
        const keep = () => {
          if (typed.email) setEmail(typed.email)
          if (typed.password) setPassword(typed.password)
        }
        // Outside the layout phase the values must be rendered before the screen goes, or one frame shows them empty.
        if (deferred) flushSync(keep)
        else keep()
        dropShell(document.getElementById('root'))
        if (typed.submitted) void signIn(typed.email, typed.password)
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )

  function submit(e: FormEvent) {
    e.preventDefault()
    void signIn(email, password)
  }

  async function signIn(email: string, password: string) {
    const input = check(LoginBody, { email, password })
    if (!input.ok) return setError(input.errors.email ?? input.errors.password ?? null)
    setError(null)
    setBusy(true)
    try {
      const { data } = await login(input.value.email, input.value.password)
      setSession({ token: data.token, user: data.user })
      navigate(homePath, { replace: true })
    } catch (err) {
      // SPEC §8: the server's message inline, or 'Network error occurred'.
      setError(messageOr(err, MSG.networkError))
      setBusy(false)
    }
  }

  return (
    <main className="grid min-h-dvh lg:grid-cols-2">
      <section className="flex flex-col justify-center px-4 py-10 sm:px-10">
        <div className="mx-auto w-full max-w-sm">
          <div className="mb-8">
            <Brand name={restaurant_name} />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">Sign in to your account</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Restaurant and bar inventory for the whole team.</p>
          <form onSubmit={submit} noValidate className="mt-8 space-y-5">
            <TextField label="Email address" type="email" autoComplete="username" inputMode="email" value={email} onChange={setEmail} required />
            <PasswordField label="Password" toggle="typed" autoComplete="current-password" value={password} onChange={setPassword} required />
            <ErrorLine message={error} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? AUTH.signingIn : AUTH.signIn}
            </Button>
            {/* The group server sends no mail: its Managers are made with `rims group create-manager`. */}
            {!groupMode && (
              <AuthLink href="/forgot-password" className="">
                {AUTH.forgotLink}
              </AuthLink>
            )}
          </form>
        </div>
      </section>
      <aside aria-label="About RIMS" className="bg-brand-900 px-4 py-10 text-white sm:px-10 lg:flex lg:flex-col lg:justify-center dark:bg-brand-950">
        <div className="mx-auto w-full max-w-md">
          <h2 className="text-2xl font-semibold tracking-tight">Every shelf, every plate, accounted for.</h2>
          <p className="mt-2 text-brand-100">RIMS keeps the store, the kitchen and the office on the same page.</p>
          <ul className="mt-8 space-y-5">
            {AUTH.marketing.map((m) => (
              <li key={m.title} className="flex gap-3">
                <span aria-hidden="true" className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-white/15 text-sm">
                  ✓
                </span>
                <div>
                  <p className="font-semibold">{m.title}</p>
                  <p className="text-sm text-brand-100">{m.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </main>
  )
}
