import { localDate } from '../../contract/dates'

// A till file's dates and zones (the wall-clock reading itself is contract/dates.ts's zonedInstant).

/** The calendar day of an instant in a zone. */
export const dayOf = (instant: string | Date, zone: string) => localDate(typeof instant === 'string' ? new Date(instant) : instant, zone)

/** Square writes Rails' zone names ("Pacific Time (US & Canada)"); the common ones, to IANA. */
const RAILS_ZONES: Record<string, string> = {
  'pacific time (us & canada)': 'America/Los_Angeles',
  'mountain time (us & canada)': 'America/Denver',
  'central time (us & canada)': 'America/Chicago',
  'eastern time (us & canada)': 'America/New_York',
  'atlantic time (canada)': 'America/Halifax',
  arizona: 'America/Phoenix',
  alaska: 'America/Anchorage',
  hawaii: 'Pacific/Honolulu',
  london: 'Europe/London',
  dublin: 'Europe/Dublin',
  edinburgh: 'Europe/London',
  paris: 'Europe/Paris',
  berlin: 'Europe/Berlin',
  madrid: 'Europe/Madrid',
  sydney: 'Australia/Sydney',
  melbourne: 'Australia/Melbourne',
  brisbane: 'Australia/Brisbane',
  perth: 'Australia/Perth',
  adelaide: 'Australia/Adelaide',
  auckland: 'Pacific/Auckland',
  tokyo: 'Asia/Tokyo',
  harare: 'Africa/Harare',
  pretoria: 'Africa/Johannesburg',
  nairobi: 'Africa/Nairobi',
  utc: 'UTC',
}

const validZones = new Map<string, boolean>()
const isZone = (z: string) => {
  let ok = validZones.get(z)
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: z })
      ok = true
    } catch {
      ok = false
    }
    validZones.set(z, ok)
  }
  return ok
}

/** A file's time zone cell as an IANA zone: a Rails name, an IANA name, else the restaurant's zone. */
export function zoneOf(cell: string, fallback: string): string {
  const t = cell.trim()
  if (!t) return fallback
  const rails = RAILS_ZONES[t.toLowerCase()]
  if (rails) return rails
  return isZone(t) ? t : fallback
}
