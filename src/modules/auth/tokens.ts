import { jwt } from '@elysiajs/jwt'

export interface TokenClaims {
  sub: string
  role: string
  tv: number
  /** The account's random session id: a token never matches another account that later gets its id. */
  sid: string
}

/** Verified tokens remembered at once; the oldest is forgotten first beyond this. */
const VERIFIED_CACHE = 1000

/**
 * Signs and verifies session tokens (HS256) with the data dir's secret. A token's signature is
 * checked once and its claims remembered until its `exp` (a signature cannot change, only the
 * account can: the caller still re-reads the user's active flag, token version and sid each request).
 */
export function createTokens(secret: Uint8Array | string) {
  const signer = jwt({ name: 'jwt', secret, alg: 'HS256' }).decorator.jwt
  const verified = new Map<string, { claims: TokenClaims; expMs: number }>()
  return {
    sign: (claims: TokenClaims, hours: number) => signer.sign({ ...claims, exp: `${hours}h` }),
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token)
      if (known) {
        if (known.expMs > Date.now()) return known.claims
        verified.delete(token)
      }
      // Pin the algorithm and require the claims: the plugin would otherwise accept a token without exp.
      const payload = await signer.verify(token, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] })
      if (!payload || typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.sid !== 'string') return null
      const claims = { sub: payload.sub, role: String(payload.role), tv: payload.tv, sid: payload.sid }
      if (typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value!)
        verified.set(token, { claims, expMs: payload.exp * 1000 })
      }
      return claims
    },
  }
}
export type Tokens = ReturnType<typeof createTokens>
