import { Elysia } from 'elysia'
import { notFound } from '../lib/errors'

/** The built UI: URL path → file (embedded in the executable, or read from ui/dist in development). */
export type UiAssets = Map<string, Blob>

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ')

const htmlHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'content-security-policy': CSP,
  // For browsers that predate CSP's frame-ancestors.
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(self)',
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RIMS</title></head>
<body><h1>RIMS</h1><p>The web interface has not been built. Run <code>npm run build:ui</code>.</p></body></html>`

/**
 * Serves the SPA: hashed /assets/* cached for a year, other files revalidated, and every
 * other path without an extension answered with index.html so client routes load on refresh.
 */
export const staticUi = (assets: UiAssets | null) =>
  new Elysia({ name: 'static-ui' }).get('/*', ({ path }) => {
    if (path === '/api' || path.startsWith('/api/')) throw notFound('Route')
    const file = assets?.get(path)
    if (file && path !== '/index.html') {
      const immutable = path.startsWith('/assets/')
      return new Response(file, {
        headers: {
          'content-type': file.type || 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      })
    }
    if (/\.[a-z0-9]+$/i.test(path) && path !== '/index.html') throw notFound('File')
    const index = assets?.get('/index.html')
    return new Response(index ?? PLACEHOLDER, { headers: htmlHeaders })
  })
