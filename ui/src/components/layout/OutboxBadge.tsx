import { useWaiting } from '../../lib/offline/app'
import { COUNT_UI } from '../../messages/counts'
import { UI } from '../../messages/common'

/**
 * Issue 33.4: what this phone holds that the box does not have yet (the signed-in user's counts and kitchen
 * records), on every page, under the connection banner. It goes when the outbox is empty.
 */
export function OutboxBadge() {
  const w = useWaiting()
  if (w.entries === 0 && w.records === 0) return null
  return (
    <div role="status" data-testid="outbox-badge" className="sticky top-16 z-30 bg-amber-50 px-4 py-1.5 text-center text-sm font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      {[w.entries > 0 && COUNT_UI.onPhone(w.entries), w.records > 0 && UI.recordsOnPhone(w.records)].filter(Boolean).join(' · ')}
    </div>
  )
}
