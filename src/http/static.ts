import { Elysia } from 'elysia'
import type { DisplaySettings } from '../contract/settings'
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

/** Text safe inside a double-quoted attribute: the JSON's quotes and any markup become character references. */
export const escapeAttr = (s: string) => s.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * index.html for one route: with <link rel="modulepreload"> for the route's page chunks (route-preload.json,
 * written by ui/vite.config.ts) and the display settings as data in a <meta> (no inline script for the CSP), so the first screen needs neither a second round of chunks nor a settings fetch.
 */
function indexPage(assets: UiAssets, display?: () => DisplaySettings) {
  let parts: Promise<{ html: string; preload: Record<string, string[]> }> | null = null
  const load = () =>
    (parts ??= (async () => {
      const file = assets.get('/route-preload.json')
      return { html: await assets.get('/index.html')!.text(), preload: file ? ((await file.json()) as Record<string, string[]>) : {} }
    })())
  return async (path: string) => {
    const { html, preload } = await load()
    const links = (preload[path.replace(/\/+$/, '') || '/'] ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`)
    const data = display ? `<meta name="rims-display" content="${escapeAttr(JSON.stringify(display()))}">` : ''
    return html.replace('</head>', `${links.join('')}${data}</head>`)
  }
}

/**
 * Serves the SPA: hashed /assets/* cached for a year, other files revalidated, and every
 * other path without an extension answered with index.html so client routes load on refresh.
 */
export const staticUi = (assets: UiAssets | null, display?: () => DisplaySettings) => {
  const page = assets?.has('/index.html') ? indexPage(assets, display) : null
  return new Elysia({ name: 'static-ui' }).get('/*', async ({ path }) => {
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
    return new Response(page ? await page(path) : PLACEHOLDER, { headers: htmlHeaders })
  })
}
