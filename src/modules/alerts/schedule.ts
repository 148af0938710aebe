import type { Settings } from '../../contract/settings'
import type { Logger } from '../../lib/log'
import type { AlertService } from './service'

const FIRST_SCAN_DELAY_MS = 1000

/**
 * Rescans every item's stock and expiry conditions once after the start and then at the top of
 * every hour (Bun.cron in the restaurant's zone), so an item that crosses into its expiry window
 * overnight is alerted without waiting for a stock change. Called by `rims serve` once the
 * listeners accept; the scan runs in chunks between requests (alerts.rescanInChunks).
 */
export function startAlertSchedule(deps: {
  alerts: AlertService
  settings: { get(): Settings; onChange(listener: (s: Settings, changed: (keyof Settings)[]) => void): void }
  logger: Logger
}) {
  const { alerts } = deps
  let running: Promise<void> | null = null
  let again = false
  const scan = (): Promise<void> => {
    // One scan at a time; a request for another while one runs makes one more afterwards.
    if (running) return (again = true), running
    running = alerts
      .rescanInChunks()
      .catch((e) => deps.logger.error('The hourly alert scan failed', { error: String(e) }))
      .finally(() => {
        running = null
        if (again) (again = false), void scan()
      })
    return running
  }
  let stopped = false
  let job: Bun.CronJob | null = null
  const plan = (zone: string) => {
    job?.stop()
    if (!stopped) job = Bun.cron('0 * * * *', () => void scan(), { tz: zone })
  }
  // A moment after the listeners accept, so the start's first answers never share the CPU with it; the hourly
  // cron is planned then too (a cron in a zone loads ICU's zone data, which those answers do not need).
  const first = setTimeout(() => {
    job ?? plan(deps.settings.get().time_zone)
    void scan()
  }, FIRST_SCAN_DELAY_MS)
  deps.settings.onChange((s, changed) => {
    if (changed.includes('time_zone')) plan(s.time_zone)
    // A new expiring window or zone changes which items are expiring now, not in an hour.
    if (changed.includes('time_zone') || changed.includes('expiring_days')) void scan()
  })
  return {
    scan,
    stop: () => {
      stopped = true
      clearTimeout(first)
      job?.stop()
    },
  }
}
