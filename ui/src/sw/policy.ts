// What the service worker does with a request, and how its cache is named: plain functions, shared by the worker
// (ui/src/sw/sw.ts) and its tests. Nothing here touches the Cache API.

/** Every cache of the app's files starts so; the rest of the name is the build's version. */
export const CACHE_PREFIX = 'rims-app-'

/** The cache of one build: a new build has a new version, so an upgrade fills a new cache beside the old one. */
export const cacheName = (version: string) => CACHE_PREFIX + version

/** The caches an earlier build left behind: deleted when this build's worker takes over. Other caches are not ours. */
export const staleCaches = (names: readonly string[], version: string) => names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== cacheName(version))

/**
 * The page every app route opens from when the box does not answer: index.html as the box serves it (its entry,
 * CSS and display settings; no route's preload links, no sign-in screen). The app's router shows the route.
 */
export const SHELL = '/index.html'

/**
 * How long a navigation waits for the box before the cached shell opens instead: a phone at the edge of the Wi-Fi
 * can hang rather than fail. The box answers a page in milliseconds when it is reachable at all.
 */
export const NAVIGATION_TIMEOUT_MS = 4000

/**
 * - `pass`: not the worker's business — the browser fetches it as if there were no worker. Every `/api` request is
 *   one: answers are the data layer's (the page's own IndexedDB queue), never a cache's, and offline they fail as usual.
 * - `page`: an app route opened (a navigation): network first, the cached shell when the box does not answer.
 * - `asset`: a hashed file under /assets/ (its name changes with its content): cache first.
 * - `file`: another of the box's files (/boot.js, /favicon.svg): network first, the cached copy when offline.
 */
export type Handling = 'pass' | 'page' | 'asset' | 'file'

export function handlingOf(request: { url: string; method: string; mode: string }, origin: string): Handling {
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== origin) return 'pass'
  const path = url.pathname
  if (path === '/api' || path.startsWith('/api/')) return 'pass'
  if (request.mode === 'navigate') return /\.[a-z0-9]+$/i.test(path) ? 'pass' : 'page'
  if (path.startsWith('/assets/')) return 'asset'
  return 'file'
}
