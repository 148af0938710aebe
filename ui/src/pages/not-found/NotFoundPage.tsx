import { Link } from 'wouter'
import { AuthShell } from '../../components/AuthShell'
import { buttonClass } from '../../components/Button'
import { UI } from '../../messages/common'
import { logout } from '../../session/logout'

export default function NotFoundPage() {
  return (
    <AuthShell title={UI.pageNotFound}>
      <p className="text-sm text-slate-700 dark:text-slate-300">The page you asked for does not exist. Check the address, or go on from here.</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Link href="/dashboard" className={buttonClass('primary', 'flex-1')}>
          Go to Dashboard
        </Link>
        {/* DECISIONS: the login link on the 404 page signs out first. */}
        <button type="button" onClick={logout} className={buttonClass('secondary', 'flex-1')}>
          Go to Login
        </button>
      </div>
    </AuthShell>
  )
}
