import { Link } from 'wouter'
import { buttonClass } from '../../components/Button'
import { AuthShell } from '../../components/AuthShell'
import { logout } from '../../session/logout'
import { UI } from '../../messages/common'

export default function UnauthorizedPage() {
  return (
    <AuthShell title={UI.unauthorized}>
      <p className="text-sm text-slate-700 dark:text-slate-300">You do not have permission to view this page. Go back to your dashboard or sign in with another account.</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Link href="/dashboard" className={buttonClass('primary', 'flex-1')}>
          Go to Dashboard
        </Link>
        {/* DECISIONS: 'Switch Account' signs out first. */}
        <button type="button" onClick={logout} className={buttonClass('secondary', 'flex-1')}>
          {UI.switchAccount}
        </button>
      </div>
    </AuthShell>
  )
}
