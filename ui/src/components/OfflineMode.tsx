import { useOfflineMode } from '../lib/offline/register'
import { OFFLINE_MODE as M } from '../messages/offlineMode'
import { Badge } from './Badge'

/**
 * Which of the two the phone has (issue 33): "Works offline" (a service worker controls the page, so the app opens
 * without the box) or "Keep this page open until synced" (no worker: plain HTTP or an old browser — only the open tab
 * keeps what is typed until the box has it).
 */
export function OfflineMode() {
  const works = useOfflineMode() === 'works'
  return (
    <span title={works ? M.worksOfflineHint : M.keepOpenHint} data-offline-mode={works ? 'works' : 'keep-open'}>
      <Badge tone={works ? 'success' : 'warning'}>{works ? M.worksOffline : M.keepOpen}</Badge>
    </span>
  )
}
