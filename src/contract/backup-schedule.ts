// The backup schedule as people say it ("daily at 03:00", "twice a day", "weekly on Sunday at 02:30"),
// written as the 5-field cron the backup_cron setting holds (in the restaurant's zone). A cron that no
// preset says stays as it is, shown under "Advanced".

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

export type BackupPreset =
  | { kind: 'daily'; time: string }
  /** At `time` and 12 hours later. */
  | { kind: 'twice'; time: string }
  /** `day`: 0 = Sunday … 6 = Saturday, as cron counts. */
  | { kind: 'weekly'; day: number; time: string }
  | { kind: 'cron'; cron: string }

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/
const pad = (n: number) => String(n).padStart(2, '0')
const hhmm = (h: number, m: number) => `${pad(h)}:${pad(m)}`

/** 'HH:MM' → [hour, minute]; null when it is not a time of day. */
export function readTime(time: string): [number, number] | null {
  const m = TIME.exec(time)
  return m ? [Number(m[1]), Number(m[2])] : null
}

/** The cron a preset stands for; null when its time is not a time of day. */
export function presetToCron(p: BackupPreset): string | null {
  if (p.kind === 'cron') return p.cron.trim().replace(/\s+/g, ' ')
  const t = readTime(p.time)
  if (!t) return null
  const [h, m] = t
  if (p.kind === 'daily') return `${m} ${h} * * *`
  if (p.kind === 'twice') {
    const [a, b] = [h % 12, (h % 12) + 12]
    return `${m} ${a},${b} * * *`
  }
  if (!Number.isInteger(p.day) || p.day < 0 || p.day > 6) return null
  return `${m} ${h} * * ${p.day}`
}

const NUM = '(\\d{1,2})'
const DAILY = new RegExp(`^${NUM} ${NUM} \\* \\* \\*$`)
const TWICE = new RegExp(`^${NUM} ${NUM},${NUM} \\* \\* \\*$`)
const WEEKLY = new RegExp(`^${NUM} ${NUM} \\* \\* ([0-7])$`)
const ok = (h: number, m: number) => h >= 0 && h <= 23 && m >= 0 && m <= 59

/** The preset a cron says, or `{ kind: 'cron' }` for anything else (kept, shown under Advanced). */
export function cronToPreset(cron: string): BackupPreset {
  const c = cron.trim().replace(/\s+/g, ' ')
  let m = DAILY.exec(c)
  if (m && ok(+m[2], +m[1])) return { kind: 'daily', time: hhmm(+m[2], +m[1]) }
  m = TWICE.exec(c)
  if (m && ok(+m[2], +m[1]) && ok(+m[3], +m[1]) && +m[3] === +m[2] + 12) return { kind: 'twice', time: hhmm(+m[2], +m[1]) }
  m = WEEKLY.exec(c)
  if (m && ok(+m[2], +m[1])) return { kind: 'weekly', day: +m[3] % 7, time: hhmm(+m[2], +m[1]) }
  return { kind: 'cron', cron: c }
}

/** The schedule in words: 'Every day at 03:00', 'Twice a day, at 03:00 and 15:00', 'Every Sunday at 02:30'. */
export function describePreset(p: BackupPreset): string {
  if (p.kind === 'cron') return `Cron: ${p.cron}`
  const t = readTime(p.time)
  if (!t) return 'No time set'
  if (p.kind === 'daily') return `Every day at ${p.time}`
  if (p.kind === 'twice') return `Twice a day, at ${hhmm(t[0] % 12, t[1])} and ${hhmm((t[0] % 12) + 12, t[1])}`
  return `Every ${WEEKDAYS[p.day] ?? '?'} at ${p.time}`
}
