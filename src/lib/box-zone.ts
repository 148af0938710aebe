import { readFileSync, readlinkSync } from 'node:fs'
import { defaultTimeZone, isTimeZone } from '../contract/settings'

const ZONEINFO = /^.*\/zoneinfo\//

/** A zone name from a TZ value or a zoneinfo path ('…/zoneinfo/Africa/Lusaka' → 'Africa/Lusaka'); null if it names none. */
export function zoneFromPath(value: string | undefined | null): string | null {
  if (!value) return null
  const name = value.trim().replace(/^:/, '').replace(ZONEINFO, '')
  return name !== '' && isTimeZone(name) ? name : null
}

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu'])

/**
 * The box's own time zone, the default of the time_zone setting: what the runtime's Intl says, unless
 * that is UTC while TZ (`:/usr/share/zoneinfo/Africa/Lusaka` is not read by every runtime),
 * /etc/timezone or the /etc/localtime link names another zone.
 */
export function boxTimeZone(env: Record<string, string | undefined> = process.env, files = { timezone: '/etc/timezone', localtime: '/etc/localtime' }): string {
  const intl = defaultTimeZone()
  if (!UTC_NAMES.has(intl)) return intl
  const read = (f: () => string) => {
    try {
      return f()
    } catch {
      return null
    }
  }
  const found = [zoneFromPath(env.TZ), zoneFromPath(read(() => readFileSync(files.timezone, 'utf8'))), zoneFromPath(read(() => readlinkSync(files.localtime)))].find((z) => z !== null)
  return found && !UTC_NAMES.has(found) ? found : intl
}
