import type { Settings } from '../../contract/settings'
import type { Logger } from '../../lib/log'
import type { SettingsService } from '../settings'
import type { OffsiteService } from './service'

const MINUTE = 60_000

/**
 * The nightly snapshot with Bun.cron in the restaurant's zone (re-planned when the schedule or the zone
 * changes), and a minute's tick that publishes the ledger rows hourly, retries after a failure (backoff)
 * and raises the overdue alert.
 */
export function startOffsiteSchedule(settings: SettingsService, offsite: OffsiteService, logger: Logger, o: { delayMs?: number } = {}) {
  let job: Bun.CronJob | null = null
  let stopped = false
  const plan = (s: Settings) => {
    job?.stop()
    if (stopped) return
    // A failure is already logged with its reason and retried by the tick.
    job = Bun.cron(s.offsite_cron, () => offsite.status().configured && offsite.run({ snapshot: true }).catch(() => {}), { tz: s.time_zone })
    logger.info('Off-site copies scheduled', { cron: s.offsite_cron, time_zone: s.time_zone })
  }
  const first = setTimeout(() => job ?? plan(settings.get()), o.delayMs ?? 0)
  const tick = setInterval(() => void offsite.tick(), MINUTE)
  settings.onChange((s, changed) => {
    if (changed.includes('offsite_cron') || changed.includes('time_zone')) plan(s)
  })
  return {
    stop: () => {
      stopped = true
      clearTimeout(first)
      clearInterval(tick)
      job?.stop()
    },
  }
}
