import { useEffect } from 'react'
import { probe, useOffline } from '../../api/connection'
import { UI } from '../../messages/common'

const PROBE_MS = 5000

/**
 * A thin line under the header while calls fail for lack of a connection; it goes as soon as one
 * answers. While it shows, the server's health route is asked every 5 s (and when the browser says it
 * is online again), so it also goes on a screen that makes no calls by itself.
 */
export function ConnectionBanner() {
  const offline = useOffline()
  useEffect(() => {
    if (!offline) return
    const timer = setInterval(() => void probe(), PROBE_MS)
    const online = () => void probe()
    window.addEventListener('online', online)
    return () => {
      clearInterval(timer)
      window.removeEventListener('online', online)
    }
  }, [offline])
  if (!offline) return null
  return (
    <div role="status" className="sticky top-16 z-30 bg-amber-100 px-4 py-1.5 text-center text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50">
      {UI.offline}
    </div>
  )
}
