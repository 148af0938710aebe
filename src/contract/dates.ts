// Calendar days are taken in the restaurant's time zone (a setting), instants are UTC ISO strings.

const formatters = new Map<string, Intl.DateTimeFormat>()
const ymdFormatter = (zone: string) => {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(zone, f)
  }
  return f
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export const localDate = (instant: Date, zone: string): string => ymdFormatter(zone).format(instant)

/** Whole days from one calendar date to another (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(to + 'T00:00:00Z') - Date.parse(from + 'T00:00:00Z')) / 86_400_000)

/** Adds days to a calendar date. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(date + 'T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10)

/** The UTC instant at which a calendar day starts in a zone (for range queries on stored instants). */
export function startOfLocalDay(date: string, zone: string): Date {
  // Guess midnight UTC, then correct by the zone's offset at that moment (twice, for DST edges).
  let t = Date.parse(date + 'T00:00:00Z')
  for (let i = 0; i < 2; i++) {
    const local = localDate(new Date(t), zone)
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(t))
    const [h, m] = parts.split(':').map(Number)
    const offsetMs = (daysBetween(date, local) * 24 * 60 + h * 60 + m) * 60_000
    t -= offsetMs
  }
  return new Date(t)
}
