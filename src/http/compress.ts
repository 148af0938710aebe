// Large JSON answers gzipped for the phones that read them over the restaurant's Wi-Fi (issue 31): the 500-line count
// sheet is ≈ 180 KB of JSON and ≈ 15 KB gzipped, a second or more on a weak link in the walk-in against a tenth of
// one. Per route, not global: most answers are a few KB, where gzip costs the box more than the link saves.

/** The client takes gzip (every browser; a test's bare fetch or app.handle without the header gets plain JSON). */
export const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')

/** Below this the answer goes as it is: a packet or two either way. */
const GZIP_FROM_BYTES = 8 * 1024

/**
 * `body` as JSON, gzipped when it is large and the client takes gzip. Level 4: measured on a 134 KB sheet,
 * 0.3 ms and 6 KB (level 1: 0.16 ms, 9 KB; 6 gains nothing more).
 */
export function jsonAnswer(request: Request, body: unknown): Response {
  const json = JSON.stringify(body)
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'accept-encoding' }
  if (json.length < GZIP_FROM_BYTES || !acceptsGzip(request)) return new Response(json, { headers })
  return new Response(Bun.gzipSync(json, { level: 4 }), { headers: { ...headers, 'content-encoding': 'gzip' } })
}
