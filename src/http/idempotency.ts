import { STOCK_MSG } from '../contract/stock'
import type { Db } from '../db/open'
import { badRequest, conflict } from './errors'

/** A stored answer: what the first request got, replayed as is. */
export interface Answer<T = unknown> {
  status: number
  body: T
}

export const IDEMPOTENCY_HOURS = 24
const MAX_KEY_LENGTH = 200

/** The Idempotency-Key header of a request, if any (checked for length and printable characters). */
export function idempotencyKey(headers: Headers): string | null {
  const key = headers.get('idempotency-key')?.trim()
  if (!key) return null
  if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) throw badRequest('Idempotency-Key must be at most 200 printable characters')
  return key
}

/**
 * Runs a stock change once per (user, key): call it INSIDE the transaction that moves the stock,
 * so the stored answer and the change commit together. A retry with the same key within 24 hours
 * replays the first answer (same status and body) without running `action` again. `request` names
 * the route and the input (e.g. `POST /api/stock-movements {"item_id":1,…}`): the same key sent
 * with a different request is refused. Failures throw and roll back, so they are never stored and a
 * retry runs afresh. Without a key, `action` simply runs.
 */
export function withIdempotency<T>(db: Db, userId: number, key: string | null | undefined, request: string, now: Date, action: () => Answer<T>): Answer<T> {
  if (!key) return action()
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000).toISOString()
  // The user's expired keys go first (the primary key starts with user_id, so this is a short range).
  db.query('DELETE FROM idempotency_keys WHERE user_id = $userId AND created_at < $cutoff').run({ userId, cutoff })
  const stored = db.query('SELECT route, status, response FROM idempotency_keys WHERE user_id = $userId AND key = $key').get({ userId, key }) as
    | { route: string; status: number; response: string }
    | null
  if (stored) {
    if (stored.route !== request) throw conflict(STOCK_MSG.idempotencyReused)
    return { status: stored.status, body: JSON.parse(stored.response) as T }
  }
  const answer = action()
  db.query(
    `INSERT INTO idempotency_keys (user_id, key, route, status, response, created_at)
     VALUES ($userId, $key, $route, $status, $response, $at)`,
  ).run({ userId, key, route: request, status: answer.status, response: JSON.stringify(answer.body), at: now.toISOString() })
  return answer
}

/** The request fingerprint stored with a key: route plus the validated input. */
export const requestFingerprint = (route: string, input: unknown) => `${route} ${JSON.stringify(input)}`
