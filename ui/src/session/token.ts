/** SPEC §5: the token's `exp` claim against the current time in seconds; a missing or unreadable token counts as expired. */
export function isTokenExpired(token: string | null | undefined, nowMs = Date.now()): boolean {
  if (!token) return true
  try {
    const part = token.split('.')[1]
    if (!part) return true
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp !== 'number' || exp <= Math.floor(nowMs / 1000)
  } catch {
    return true
  }
}
