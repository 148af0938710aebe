import { Elysia } from 'elysia'
import type { DisplaySettings } from '../contract/settings'
import { notFound } from '../lib/errors'
import type { UiAssets } from '../lib/ui-assets'
import { matchesRoute } from '../contract/route-pattern'
import { acceptsGzip } from './compress'

/** The built UI: URL path → file (embedded in the executable, or read from ui/dist in development). */
export type { UiAssets }

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

/** The same UI bundle serves a site and the group view (`rims group`): index.html says which (`<meta name="rims-mode">`). */
export type UiMode = 'group'

/** Text safe inside a double-quoted attribute: the JSON's quotes and any markup become character references. */
export const escapeAttr = (s: string) => s.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * index.html for one route: with <link rel="modulepreload"> for the route's page chunks (route-preload.json,
 * written by ui/vite.config.ts) and the display settings as data in a <meta> (no inline script for the CSP), so the first screen needs neither a second round of chunks nor a settings fetch.
 */
function indexPage(assets: UiAssets, display?: () => DisplaySettings, mode?: UiMode) {
  let parts: Promise<{ html: string; preload: (route: string) => string[]; shell: string | null }> | null = null
  const load = () =>
    (parts ??= (async () => {
      const file = assets.get('/route-preload.json')
      const shell = assets.get(LOGIN_SHELL)
      const preload = file ? ((await file.json()) as Record<string, string[]>) : {}
      return { html: await assets.get('/index.html')!.text(), preload: routeMatcher(preload), shell: shell ? await shell.text() : null }
    })())
  return async (path: string) => {
    const { html, preload, shell } = await load()
    const route = path.replace(/\/+$/, '') || '/'
    const links = preload(route).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}">`)
    const settings = display?.()
    const data = (settings ? `<meta name="rims-display" content="${escapeAttr(JSON.stringify(settings))}">` : '') + (mode ? `<meta name="rims-mode" content="${mode}">` : '')
    let page = html.replace('</head>', `${links.join('')}${data}</head>`)
    // The sign-in screen as static HTML, painted before any script runs (ui/src/lib/shell.ts replaces it).
    if (shell && (route === '/login' || route === '/')) {
      const name = escapeAttr(settings?.restaurant_name ?? 'RIMS')
      page = page.replace('<div id="root">', `<div id="shell">${shell.replaceAll(NAME_SLOT, name)}</div><div id="root">`)
      // The entry starts once that screen is painted (ui/public/boot.js), downloading meanwhile beside the route's chunks.
      page = page.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}"><script type="module" src="/boot.js" data-entry="${src}"></script>`)
    }
    return page
  }
}

/**
 * route-preload.json's routes as wouter writes them ('/counts/:id') → a lookup by the path asked for: the exact
 * path first, else the pattern whose segments match (':name' takes any one segment), the one with the most fixed
 * segments winning ('/counts/areas' over '/counts/:id'). Without it a route with a parameter got no preload and its
 * page chunk started only after the entry had run (the count sheet: 0.5 s later on a phone).
 */
export function routeMatcher(preload: Record<string, string[]>): (route: string) => string[] {
  const patterns = Object.entries(preload)
    .filter(([route]) => route.includes('/:'))
    .map(([route, files]) => ({ route, files, fixed: route.split('/').filter((s) => !s.startsWith(':')).length }))
    .sort((a, b) => b.fixed - a.fixed)
  return (route) => {
    const exact = preload[route]
    if (exact && Object.hasOwn(preload, route)) return exact
    return patterns.find((p) => matchesRoute(p.route, route))?.files ?? []
  }
}

/** The service worker's script (ui/src/sw/plugin.ts writes it), its scope the whole app. */
export const SERVICE_WORKER = '/sw.js'

/** scripts/login-shell.tsx's output in ui/dist, and the slot it leaves for the restaurant's name. */
const LOGIN_SHELL = '/login-shell.html'
const NAME_SLOT = '@@RIMS_RESTAURANT_NAME@@'

/**
 * Serves the SPA: hashed /assets/* cached for a year, other files revalidated, and every
 * other path without an extension answered with index.html so client routes load on refresh.
 */
export const staticUi = (assets: UiAssets | null, display?: () => DisplaySettings, mode?: UiMode) => {
  const page = assets?.has('/index.html') ? indexPage(assets, display, mode) : null
  // Each text file gzipped once, on its first request (not at start): the entry script is ≈ 240 KB raw, ≈ 78 KB gzipped.
  const gzipped = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()
  const gzipOf = (path: string, file: Blob) => {
    let z = gzipped.get(path)
    if (!z) gzipped.set(path, (z = file.arrayBuffer().then((b) => Bun.gzipSync(new Uint8Array(b), { level: 9 }) as Uint8Array<ArrayBuffer>)))
    return z
  }
  return new Elysia({ name: 'static-ui' }).get('/*', async ({ path, request }) => {
    if (path === '/api' || path.startsWith('/api/')) throw notFound('Route')
    const gzip = acceptsGzip(request)
    const file = assets?.get(path)
    if (file && path !== '/index.html') {
      const immutable = path.startsWith('/assets/')
      const headers: Record<string, string> = {
        'content-type': file.type || 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      }
      // The service worker (ui/src/sw/): revalidated like every unhashed file, so a new build's worker is found on the next visit.
      if (path === SERVICE_WORKER) headers['service-worker-allowed'] = '/'
      if (!compressible(file)) return new Response(file, { headers })
      headers.vary = 'accept-encoding'
      if (!gzip) return new Response(file, { headers })
      return new Response(await gzipOf(path, file), { headers: { ...headers, 'content-encoding': 'gzip' } })
    }
    if (/\.[a-z0-9]+$/i.test(path) && path !== '/index.html') throw notFound('File')
    const html = page ? await page(path) : PLACEHOLDER
    // index.html differs per route and carries the settings: gzipped per answer (≈ 7 KB → 3 KB, well under 1 ms).
    if (!gzip) return new Response(html, { headers: { ...htmlHeaders, vary: 'accept-encoding' } })
    return new Response(Bun.gzipSync(html), { headers: { ...htmlHeaders, vary: 'accept-encoding', 'content-encoding': 'gzip' } })
  })
}

/** Worth compressing: text (scripts, styles, SVG, JSON, HTML) and the barcode decoder's WebAssembly (≈ 990 → 430 KB); images and fonts are compressed already. */
const compressible = (file: Blob) => /^(text\/|application\/(javascript|json|wasm)|image\/svg)/.test(file.type) && file.size > 512
