// The service worker: the box serves it at /sw.js (built by ui/src/sw/plugin.ts as one classic script).
// It keeps the app shell and the code of the pages a phone needs where the Wi-Fi does not reach (the count sheet,
// scan-to-count, the kitchen's usage and wastage forms), so the app opens without the box. It never keeps an /api
// answer: the data a page shows offline is the page's own (IndexedDB), and an /api request fails as it would
// without a worker. docs/ui.md, "The service worker".
import { cacheName, handlingOf, NAVIGATION_TIMEOUT_MS, SHELL, staleCaches } from './policy'

// Written in by the build (ui/src/sw/plugin.ts): this build's version and the files to keep.
declare const __RIMS_SW_VERSION__: string
declare const __RIMS_SW_PRECACHE__: string[]

// The few service-worker types used here (the project's TypeScript has the DOM library, not the WebWorker one).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void
}
interface InstallEvent extends ExtendableEvent {
  /** The static routing API (Chromium ≥ 123): requests the browser sends without waking the worker. */
  addRoutes?(rules: { condition: { urlPattern: { pathname: string } }; source: 'network' }[]): Promise<void>
}
interface FetchEvent extends ExtendableEvent {
  request: Request
  /** The navigation's answer, asked for by the browser while the worker starts (navigation preload). */
  preloadResponse?: Promise<Response | undefined>
  respondWith(answer: Response | Promise<Response>): void
}
interface WorkerScope {
  location: Location
  registration?: { navigationPreload?: { enable(): Promise<void> } }
  skipWaiting(): Promise<void>
  clients: { claim(): Promise<void> }
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

const worker = self as unknown as WorkerScope
const CACHE = cacheName(__RIMS_SW_VERSION__)

worker.addEventListener('install', (event) => {
  // /api goes straight to the network, the worker not even woken: no cost per call, and page.route in the tests sees
  // them as without a worker. (Elsewhere the fetch handler passes them on: handlingOf's 'pass'.)
  event.addRoutes?.([{ condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' }]).catch(() => {})
  // Hashed files may come from the HTTP cache (they never change); the shell and the others are revalidated.
  const requests = __RIMS_SW_PRECACHE__.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache' }))
  // All or nothing: a file that fails leaves no worker, and the next visit tries again.
  // skipWaiting: a new build takes over at once, not after every tab has closed. The open page's old chunks are
  // gone from the box too (the upgrade renamed them), and ui/src/lib/lazyPage.tsx reloads it onto the new ones.
  event.waitUntil((async () => {
    await (await caches.open(CACHE)).addAll(requests)
    await worker.skipWaiting()
  })())
})

worker.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await Promise.all(staleCaches(await caches.keys(), __RIMS_SW_VERSION__).map((name) => caches.delete(name)))
    // A navigation's request to the box starts while the worker starts, not after (network first costs no wait).
    await worker.registration?.navigationPreload?.enable()
    // The page that registered the worker is controlled now, not from its next load on.
    await worker.clients.claim()
  })())
})

worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, worker.location.origin)
  if (handling === 'pass') return
  if (handling === 'page') event.respondWith(page(event))
  else if (handling === 'asset') event.respondWith(asset(event))
  else event.respondWith(file(event.request))
})

const cached = async (request: Request | string) => (await caches.open(CACHE)).match(request, { ignoreVary: true })

/** An app route: the box's page when it answers in time; otherwise the cached shell, which opens any route. */
async function page(event: FetchEvent): Promise<Response> {
  try {
    return await Promise.race([
      (async () => (await event.preloadResponse) ?? fetch(event.request))(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the box did not answer in time')), NAVIGATION_TIMEOUT_MS)),
    ])
  } catch (err) {
    const shell = await cached(SHELL)
    if (shell) return shell
    throw err
  }
}

/**
 * A hashed file: from the cache when there, else from the box, kept for next time (a page opened once while the box
 * answered opens offline too). This build's cache only, so it holds at most one build's files.
 */
async function asset(event: FetchEvent): Promise<Response> {
  const hit = await cached(event.request)
  if (hit) return hit
  const answer = await fetch(event.request)
  if (answer.ok && answer.type === 'basic') {
    const copy = answer.clone()
    event.waitUntil(caches.open(CACHE).then((c) => c.put(event.request, copy)))
  }
  return answer
}

/** Another of the box's files: the box's copy, else the cached one (when it was kept). */
async function file(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (err) {
    const hit = await cached(request)
    if (hit) return hit
    throw err
  }
}
