import type { AppDeps } from '../../deps'

/**
 * Rescans every item's stock and expiry conditions once now and then at the top of every hour
 * (Bun.cron in the restaurant's zone), so an item that crosses into its expiry window overnight
 * is alerted without waiting for a stock change. Called by `rims serve`.
 */
export function startAlertSchedule(deps: Pick<AppDeps, 'alerts' | 'settings' | 'logger'>) {
  const { alerts } = deps
  const scan = () => {
    try {
      alerts.rescan()
    } catch (e) {
      deps.logger.error('The hourly alert scan failed', { error: String(e) })
    }
  }
  scan()
  let job: Bun.CronJob | null = null
  const plan = (zone: string) => {
    job?.stop()
    job = Bun.cron('0 * * * *', scan, { tz: zone })
  }
  plan(deps.settings.get().time_zone)
  deps.settings.onChange((s, changed) => {
    if (changed.includes('time_zone')) plan(s.time_zone)
    // A new expiring window or zone changes which items are expiring now, not in an hour.
    if (changed.includes('time_zone') || changed.includes('expiring_days')) scan()
  })
  return { scan, stop: () => job?.stop() }
}
