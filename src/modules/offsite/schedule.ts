import { scheduleFromSetting } from '../../lib/cron'
import type { Logger } from '../../lib/log'
import type { SettingsService } from '../settings'
import type { OffsiteService } from './service'

const MINUTE = 60_000

/**
 * The nightly snapshot on `offsite_cron` in the restaurant's zone (lib/cron.ts plans and re-plans it), and a
 * minute's tick that publishes the ledger rows hourly, retries after a failure (backoff) and raises the overdue alert.
 */
export function startOffsiteSchedule(settings: SettingsService, offsite: OffsiteService, logger: Logger, o: { delayMs?: number } = {}) {
  const nightly = scheduleFromSetting(
    settings,
    'offsite_cron',
    // A failure is already logged with its reason and retried by the tick.
    () => offsite.status().configured && offsite.run({ snapshot: true }).catch(() => {}),
    (s) => logger.info('Off-site copies scheduled', { cron: s.offsite_cron, time_zone: s.time_zone }),
    o,
  )
  const tick = setInterval(() => void offsite.tick(), MINUTE)
  return {
    stop: () => {
      nightly.stop()
      clearInterval(tick)
    },
  }
}
