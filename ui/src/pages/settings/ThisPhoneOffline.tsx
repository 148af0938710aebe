import { useOfflineMode } from '../../lib/offline/register'
import { OFFLINE_MODE as M } from '../../messages/offlineMode'

/**
 * The last step of connecting a phone (docs/https.md): whether this phone's service worker is registered and in
 * control, so the app opens without the box — and what to do when it is not.
 */
export function ThisPhoneOffline() {
  const mode = useOfflineMode()
  const works = mode === 'works'
  const text = works ? M.registered : mode === 'installing' ? M.installing : mode === 'insecure' ? M.insecure : M.unsupported
  return (
    <div
      data-offline-mode={works ? 'works' : 'keep-open'}
      className={`rounded-lg border px-3 py-2 text-sm ${works ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'}`}
    >
      <p className="font-semibold">{M.settingsTitle}</p>
      <p>{text}</p>
    </div>
  )
}
