import { STOCK_MSG } from '../contract/stock'
import { conflict } from '../lib/errors'
import type { Clock } from '../lib/clock'
import type { Db } from './open'

const IDEMPOTENCY_HOURS = 24

/**
 * Who asked, with which Idempotency-Key, for what: the route builds it from the method, the path
 * and the validated input; the service runs its change through `writeOnce` with it.
 */
export interface IdempotencyScope {
  userId: number
  key: string | null
  /** Method, path and input, e.g. `POST /api/stock-movements {"item_id":1,…}`: one key, one request. */
  fingerprint: string
}

/**
 * Runs a stock change once per (user, key): call it INSIDE the transaction that moves the stock,
 * so the stored value and the change commit together. A retry with the same key within 24 hours
 * returns the first run's value (the route turns it into the same answer) without running `action`
 * again; the same key with another fingerprint is refused. Failures throw and roll back, so they
 * are never stored and a retry runs afresh. Without a key, `action` simply runs.
 */
function replayOrRun<T>(db: Db, scope: IdempotencyScope, now: Date, action: () => T): T {
  const { userId, key } = scope
  if (!key) return action()
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000).toISOString()
  // The user's expired keys go first (the primary key starts with user_id, so this is a short range).
  db.query('DELETE FROM idempotency_keys WHERE user_id = $userId AND created_at < $cutoff').run({ userId, cutoff })
  const stored = db.query('SELECT route, status, response FROM idempotency_keys WHERE user_id = $userId AND key = $key').get({ userId, key }) as
    | { route: string; status: number; response: string }
    | null
  if (stored) {
    // A status other than 0 is a whole HTTP answer stored by an older version (before an upgrade, at
    // most 24 hours old): it cannot be replayed as a value, and running again would move stock twice.
    if (stored.route !== scope.fingerprint || stored.status !== 0) throw conflict(STOCK_MSG.idempotencyReused)
    return JSON.parse(stored.response) as T
  }
  const value = action()
  // `status` is a column of the first schema; the route now decides the status, so it is stored as 0.
  db.query(
    `INSERT INTO idempotency_keys (user_id, key, route, status, response, created_at)
     VALUES ($userId, $key, $route, 0, $response, $at)`,
  ).run({ userId, key, route: scope.fingerprint, response: JSON.stringify(value), at: now.toISOString() })
  return value
}

/**
 * The one spelling of an idempotent write: takes the time once, opens `BEGIN IMMEDIATE` and runs
 * `fn` through `replayOrRun` inside it, so the stored answer and the change commit together.
 */
export function writeOnce<T>(db: Db, scope: IdempotencyScope, clock: Clock, fn: (now: Date) => T): T {
  const now = clock()
  return db.transaction(() => replayOrRun(db, scope, now, () => fn(now))).immediate()
}
