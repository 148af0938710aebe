import { SETTING_DEFAULTS, DISPLAY_KEYS, SMTP_PASSWORD_BOUND_TO, type DisplaySettings, type ManagerSettings, type Settings } from '../../contract/settings'
import type { Db } from '../../db/open'
import type { Clock } from '../../lib/clock'
import { boxTimeZone } from '../../lib/box-zone'
import { badRequest } from '../../lib/errors'
import { recordAudit } from '../audit'
import { isValidCron } from '../../lib/cron'

export type SettingsService = ReturnType<typeof createSettingsService>

/** The one place settings are read and written; values are cached and re-read after each change. */
export function createSettingsService(db: Db, clock: Clock) {
  let cache: Settings | null = null
  const load = (): Settings => {
    const rows = db.query('SELECT key, value FROM settings').all() as { key: string; value: string }[]
    const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]))
    const settings = { ...SETTING_DEFAULTS, ...stored } as Settings
    if (stored.time_zone === undefined) {
      // The box's own zone (until a Manager picks one; the demo too) comes from ICU, whose zone data costs ≈ 3–4 MB resident and a few ms when first touched:
      // asked when a calendar day or a schedule needs it, not by every reader of the settings (the start reads them).
      let zone: string | undefined
      Object.defineProperty(settings, 'time_zone', { get: () => (zone ??= boxTimeZone()), enumerable: true, configurable: true })
    }
    return settings
  }
  const get = (): Settings => (cache ??= load())
  const listeners: ((s: Settings, changed: (keyof Settings)[]) => void)[] = []

  return {
    get,
    display(): DisplaySettings {
      const s = get()
      return Object.fromEntries(DISPLAY_KEYS.map((k) => [k, s[k]])) as DisplaySettings
    },
    forManager(): ManagerSettings {
      const { smtp_password, ...rest } = get()
      return { ...rest, smtp_password_set: smtp_password !== '' }
    },
    /** Applies a validated patch in one transaction and records which keys changed (never their secret values). */
    update(input: Partial<Settings>, userId: number | null) {
      if (input.backup_cron !== undefined && !isValidCron(input.backup_cron)) throw badRequest('backup_cron is not a valid schedule (minute hour day month weekday), e.g. 0 3 * * *')
      const at = clock().toISOString()
      const before = get()
      // The stored secret must not follow the mail to a server or user the Manager did not type it for.
      const rebound = SMTP_PASSWORD_BOUND_TO.some((k) => input[k] !== undefined && input[k] !== before[k])
      const patch: Partial<Settings> = rebound && input.smtp_password === undefined ? { ...input, smtp_password: '' } : input
      const changed = (Object.keys(patch) as (keyof Settings)[]).filter((k) => patch[k] !== undefined && patch[k] !== before[k])
      if (changed.length === 0) return
      db.transaction(() => {
        const upsert = db.query(
          `INSERT INTO settings (key, value, updated_at) VALUES ($key, $value, $at)
           ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        )
        for (const key of changed) upsert.run({ key, value: JSON.stringify(patch[key]), at })
        recordAudit(db, { userId, action: 'update', entity: 'settings', details: { keys: changed }, at })
      }).immediate()
      cache = null
      const now = get()
      for (const l of listeners) l(now, changed)
    },
    /** Lets the scheduler react to a changed backup schedule, for instance. */
    onChange(listener: (s: Settings, changed: (keyof Settings)[]) => void) {
      listeners.push(listener)
    },
  }
}
