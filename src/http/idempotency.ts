import type { IdempotencyScope } from '../db/idempotency'
import { badRequest } from '../lib/errors'
import type { User } from '../contract/auth'

const MAX_KEY_LENGTH = 200

/** The Idempotency-Key header of a request, if any (checked for length and printable characters). */
function idempotencyKey(headers: Headers): string | null {
  const key = headers.get('idempotency-key')?.trim()
  if (!key) return null
  if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) throw badRequest('Idempotency-Key must be at most 200 printable characters')
  return key
}

/** The scope a stock-changing request runs in: the signed-in user, the header's key and method + path + validated input. */
export function idempotencyScope(ctx: { request: Request; path: string; user: User }, input: unknown): IdempotencyScope {
  return {
    userId: ctx.user.id,
    key: idempotencyKey(ctx.request.headers),
    fingerprint: `${ctx.request.method} ${ctx.path} ${JSON.stringify(input)}`,
  }
}
