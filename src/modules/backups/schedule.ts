import type { Settings } from '../../contract/settings'
import type { Logger } from '../../lib/log'
import type { SettingsService } from '../settings'
import type { BackupService } from './service'

/**
 * Runs scheduled backups with Bun.cron in the restaurant's zone (no overlap: the next run is
 * planned after the last one ends) and re-plans when the schedule or the zone changes.
 */
export function startBackupSchedule(settings: SettingsService, backups: BackupService, logger: Logger, o: { delayMs?: number } = {}) {
  let job: Bun.CronJob | null = null
  let stopped = false
  const plan = (s: Settings) => {
    job?.stop()
    if (stopped) return
    job = Bun.cron(
      s.backup_cron,
      // A failure is already logged and raised as a SYSTEM alert; the next run tries again.
      () => backups.create('scheduled').catch(() => {}),
      { tz: s.time_zone },
    )
    logger.info('Backups scheduled', { cron: s.backup_cron, time_zone: s.time_zone })
  }
  // Planned a moment after the listeners accept (delayMs): a cron in a zone loads ICU's zone data, which the
  // start's first answers do not need. A change before then plans at once.
  const first = setTimeout(() => job ?? plan(settings.get()), o.delayMs ?? 0)
  settings.onChange((s, changed) => {
    if (changed.includes('backup_cron') || changed.includes('time_zone')) plan(s)
  })
  return {
    stop: () => {
      stopped = true
      clearTimeout(first)
      job?.stop()
    },
  }
}
