import { localDate } from '../../contract/dates'

// Wall-clock times in a zone ↔ UTC instants, for till files that give a sale's date and time (Square) and for
// a sales window typed as a local date and time.

const partFormatters = new Map<string, Intl.DateTimeFormat>()
function wallClock(t: number, zone: string) {
  let f = partFormatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    partFormatters.set(zone, f)
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]))
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second))
}

/** The UTC instant of a local date (YYYY-MM-DD) and time (HH:MM[:SS]) in a zone. */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [h = '0', m = '0', s = '0'] = time.split(':')
  const wall = Date.parse(`${date}T${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.slice(0, 2).padStart(2, '0')}Z`)
  let t = wall
  for (let i = 0; i < 3; i++) t = wall - (wallClock(t, zone) - t)
  return new Date(t)
}

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
