import { Link } from 'wouter'
import { copyAge } from '../../../../src/contract/offsite'
import { getOffsiteStatus } from '../../api/offsite'
import { useLoad } from '../../components/useLoad'

/** A copy older than this is shown as a warning (the server's overdue alert fires then too). */
const OVERDUE_MS = 26 * 3_600_000

/**
 * The Manager's one line on the last good off-site copy ("Off-site copy: 2 h ago"), linking to the
 * settings; nothing while off-site copies are not set up or the status cannot be read.
 */
export function OffsiteLine({ ready }: { ready: boolean }) {
  if (!ready) return null
  return <Line />
}

function Line() {
  const state = useLoad(async (signal) => (await getOffsiteStatus(signal)).data, [], () => '')
  const s = state.data
  if (!s?.configured) return null
  const stale = !s.last_success_at || Date.now() - Date.parse(s.last_success_at) > OVERDUE_MS
  return (
    <p className={`mb-6 text-sm ${stale ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`} data-testid="offsite-line">
      <Link href="/manager/settings" className="underline-offset-2 hover:underline">
        Off-site copy: {copyAge(s.last_success_at, new Date())}
      </Link>
      {s.last_error && stale && <span> · {s.last_error}</span>}
    </p>
  )
}
