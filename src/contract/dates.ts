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

const wallFormatters = new Map<string, Intl.DateTimeFormat>()
/** The zone's wall clock at an instant, written as if it were UTC (milliseconds, whole seconds). */
function wallClock(t: number, zone: string): number {
  let f = wallFormatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    wallFormatters.set(zone, f)
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]))
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second))
}
const offsetAt = (t: number, zone: string) => wallClock(t, zone) - t
const DAY_MS = 86_400_000

/**
 * Where a wall-clock reading falls in a zone. The zone's offsets a day before and a day after are the only
 * ones it can have (no zone changes twice in two days); each gives a candidate instant, real when the zone
 * has that offset then. Two real ones: the reading came twice (clocks went back). None: it was skipped
 * (clocks jumped over it), between `jumpFrom` and `jumpTo`.
 */
function readWall(wall: number, zone: string) {
  const before = offsetAt(wall - DAY_MS, zone)
  const after = offsetAt(wall + DAY_MS, zone)
  const real = [...new Set([wall - before, wall - after])].filter((t) => offsetAt(t, zone) === wall - t).sort((a, b) => a - b)
  return { real, before, after }
}

/**
 * The UTC instant of a local date (YYYY-MM-DD) and time (HH:MM[:SS]) in a zone. A time that came twice (the
 * clocks went back) is its first; a time that was skipped (they jumped forward) is read with the offset before
 * the jump, so it lands as far after the jump as it was after the last time before it (as Temporal's
 * "compatible" reading does).
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [h = '0', m = '0', s = '0'] = time.split(':')
  const wall = Date.parse(`${date}T${h.padStart(2, '0')}:${m.padStart(2, '0')}:${s.slice(0, 2).padStart(2, '0')}Z`)
  const { real, before } = readWall(wall, zone)
  return new Date(real[0] ?? wall - before)
}

/**
 * The first instant of a calendar day in a zone (for range queries on stored instants): its first midnight, or,
 * where the clocks jumped over midnight, the instant they landed (the day has no earlier moment).
 */
export function startOfLocalDay(date: string, zone: string): Date {
  const wall = Date.parse(date + 'T00:00:00Z')
  const { real, before, after } = readWall(wall, zone)
  if (real.length > 0) return new Date(real[0])
  // Skipped: the jump is after `wall - after` (still the old offset) and at or before `wall - before`. Offsets
  // change on whole seconds, so a search by halves to the second finds the landing instant.
  let lo = wall - after
  let hi = wall - before
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000
    if (offsetAt(mid, zone) === after) hi = mid
    else lo = mid
  }
  return new Date(hi)
}
