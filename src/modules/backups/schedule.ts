import { scheduleFromSetting } from '../../lib/cron'
import type { Logger } from '../../lib/log'
import type { SettingsService } from '../settings'
import type { BackupService } from './service'

/** Scheduled backups on `backup_cron` in the restaurant's zone (lib/cron.ts plans and re-plans them). */
export function startBackupSchedule(settings: SettingsService, backups: BackupService, logger: Logger, o: { delayMs?: number } = {}) {
  return scheduleFromSetting(
    settings,
    'backup_cron',
    // A failure is already logged and raised as a SYSTEM alert; the next run tries again.
    () => backups.create('scheduled').catch(() => {}),
    (s) => logger.info('Backups scheduled', { cron: s.backup_cron, time_zone: s.time_zone }),
    o,
  )
}
