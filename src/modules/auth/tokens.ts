import { jwt } from '@elysiajs/jwt'

export interface TokenClaims {
  sub: string
  role: string
  tv: number
  /** The account's random session id: a token never matches another account that later gets its id. */
  sid: string
}

/** Signs and verifies session tokens (HS256) with the data dir's secret. */
export function createTokens(secret: Uint8Array | string) {
  const signer = jwt({ name: 'jwt', secret, alg: 'HS256' }).decorator.jwt
  return {
    sign: (claims: TokenClaims, hours: number) => signer.sign({ ...claims, exp: `${hours}h` }),
    async verify(token: string): Promise<TokenClaims | null> {
      // Pin the algorithm and require the claims: the plugin would otherwise accept a token without exp.
      const payload = await signer.verify(token, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] })
      if (!payload || typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.sid !== 'string') return null
      return { sub: payload.sub, role: String(payload.role), tv: payload.tv, sid: payload.sid }
    },
  }
}
export type Tokens = ReturnType<typeof createTokens>
