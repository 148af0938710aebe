import type { Db } from '../../db/open'
import type { Clock } from '../../lib/clock'

const WINDOW_MS = 15 * 60_000
/** Failures of one account from one address before it is locked for that address. */
export const ACCOUNT_MAX = 5
/** Failures from one address, whatever the accounts, before the address is locked. */
export const ADDRESS_MAX = 20
const FIRST_LOCK_MS = 15 * 60_000
const LONGEST_LOCK_MS = 24 * 60 * 60_000
/** Rows kept at most; the oldest unlocked ones go first. */
const MAX_ROWS = 20_000
const IDLE_MS = LONGEST_LOCK_MS

interface Row {
  key: string
  attempts: number
  window_start: number
  locked_until: number
  locks: number
}

export type Reservation =
  | { locked: true; minutes: number }
  | {
      locked: false
      /** The password was wrong: the reserved attempt stays counted; true when that locked a key. */
      failed(): { locked: boolean; minutes: number }
      /** The password was right: the account's failures from this address are forgotten. */
      succeeded(): void
      /** The check never ran (server busy): the attempt is given back. */
      release(): void
    }

/** Emails are already at most 254 characters; addresses are cut to an IPv6 literal's length. */
const accountKey = (email: string, address: string) => `account:${email.trim().toLowerCase()}|${address.slice(0, 45)}`
const addressKey = (address: string) => `address:${address.slice(0, 45)}`

/**
 * Sign-in throttle kept in SQLite, so a restart does not clear it. Each attempt is reserved
 * synchronously before the password is checked, so parallel guesses count as they arrive.
 * Locks are per account + client address (a stranger cannot lock the only Manager out from
 * elsewhere) and per address; each further lock of a key lasts twice the last.
 */
export function createLockout(db: Db, clock: Clock) {
  const read = db.query('SELECT key, attempts, window_start, locked_until, locks FROM login_throttle WHERE key = $key')
  const write = db.query(
    `INSERT INTO login_throttle (key, attempts, window_start, locked_until, locks, updated_at)
     VALUES ($key, $attempts, $window_start, $locked_until, $locks, $now)
     ON CONFLICT(key) DO UPDATE SET attempts = excluded.attempts, window_start = excluded.window_start,
       locked_until = excluded.locked_until, locks = excluded.locks, updated_at = excluded.updated_at`,
  )
  const remove = db.query('DELETE FROM login_throttle WHERE key = $key')
  let writes = 0

  const current = (key: string, now: number): Row => {
    const row = read.get({ key }) as Row | null
    if (!row) return { key, attempts: 0, window_start: now, locked_until: 0, locks: 0 }
    if (row.locked_until <= now && now - row.window_start >= WINDOW_MS) return { ...row, attempts: 0, window_start: now }
    return row
  }
  const minutesLeft = (row: Row, now: number) => Math.max(1, Math.ceil((row.locked_until - now) / 60_000))
  const save = (row: Row, now: number) => write.run({ ...row, now })

  function prune(now: number) {
    db.query('DELETE FROM login_throttle WHERE updated_at < $idle AND locked_until < $now').run({ idle: now - IDLE_MS, now })
    const { n } = db.query('SELECT count(*) AS n FROM login_throttle').get() as { n: number }
    if (n > MAX_ROWS) {
      db.query('DELETE FROM login_throttle WHERE key IN (SELECT key FROM login_throttle WHERE locked_until < $now ORDER BY updated_at LIMIT $extra)').run({ now, extra: n - MAX_ROWS })
    }
  }

  return {
    reserve(email: string, address: string): Reservation {
      const keys = [
        { key: accountKey(email, address), max: ACCOUNT_MAX },
        { key: addressKey(address), max: ADDRESS_MAX },
      ]
      const now = clock().getTime()
      const refused = db.transaction(() => {
        if (++writes % 100 === 0) prune(now)
        const rows = keys.map(({ key }) => current(key, now))
        const locked = rows.find((r, i) => r.locked_until > now || r.attempts >= keys[i].max)
        if (locked) return { locked: true as const, minutes: locked.locked_until > now ? minutesLeft(locked, now) : FIRST_LOCK_MS / 60_000 }
        for (const row of rows) save({ ...row, attempts: row.attempts + 1 }, now)
        return null
      }).immediate()
      if (refused) return refused

      const giveBack = () => {
        const row = current(keys[1].key, now)
        if (row.attempts > 0) save({ ...row, attempts: row.attempts - 1 }, clock().getTime())
      }
      return {
        locked: false,
        failed() {
          const at = clock().getTime()
          return db.transaction(() => {
            let result = { locked: false, minutes: 0 }
            keys.forEach(({ key, max }) => {
              const row = current(key, at)
              if (row.attempts < max || row.locked_until > at) return
              const lockMs = Math.min(FIRST_LOCK_MS * 2 ** row.locks, LONGEST_LOCK_MS)
              save({ ...row, locked_until: at + lockMs, locks: row.locks + 1 }, at)
              result = { locked: true, minutes: lockMs / 60_000 }
            })
            return result
          }).immediate()
        },
        succeeded() {
          db.transaction(() => {
            remove.run({ key: keys[0].key })
            giveBack()
          }).immediate()
        },
        release() {
          db.transaction(() => {
            const row = current(keys[0].key, now)
            if (row.attempts > 0) save({ ...row, attempts: row.attempts - 1 }, clock().getTime())
            giveBack()
          }).immediate()
        },
      }
    },
  }
}
export type Lockout = ReturnType<typeof createLockout>

/** At most `size` password checks at once (argon2id takes 19 MiB each); up to `queue` wait, others are refused. */
export function createGate(size: number, queue: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return {
    /** null when the queue is full. */
    async run<T>(work: () => Promise<T>): Promise<T | null> {
      if (running >= size) {
        if (waiting.length >= queue) return null
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else running++
      try {
        return await work()
      } finally {
        const next = waiting.shift()
        if (next) next()
        else running--
      }
    },
  }
}
