// The API's JSON answers gzipped when large, for the phones that read them over the restaurant's Wi-Fi (issue 31):
// the 500-line count sheet is ≈ 180 KB of JSON, a page of 50 items ≈ 27 KB; over a weak link in the walk-in that is
// most of the wait. Small answers go as they are: a packet or two either way, and gzip would cost the box more than
// the link saves.

/** The client takes gzip (every browser; a test's bare fetch or app.handle without the header gets plain JSON). */
export const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')

/** From this size an answer is gzipped. */
export const GZIP_FROM_BYTES = 8 * 1024

/**
 * An answer the route returned as a value (an envelope: object or array), when the client takes gzip: its JSON,
 * gzipped at level 4 when large (a 134 KB sheet: 0.3 ms and 6 KB; level 1 0.16 ms and 9 KB; 6 gains nothing more).
 * Anything else (a Response, a file, a stream, a client without gzip) is left to Elysia: undefined.
 */
export function gzipJson(value: unknown, request: Request): Response | undefined {
  if (value === null || typeof value !== 'object' || (value.constructor !== Object && value.constructor !== Array) || !acceptsGzip(request)) return undefined
  const json = JSON.stringify(value)
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'accept-encoding' }
  if (json.length < GZIP_FROM_BYTES) return new Response(json, { headers })
  return new Response(Bun.gzipSync(json, { level: 4 }), { headers: { ...headers, 'content-encoding': 'gzip' } })
}
