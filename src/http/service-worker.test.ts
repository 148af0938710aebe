// The service worker (ui/src/sw/) as the box serves it: a real UI build in a temp dir, its /sw.js run in a stand-in
// of the browser's worker scope (listeners, Cache Storage, fetch reaching the box's static handler).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildVersion, SW_FILE } from '../../ui/src/sw/plugin'
import { cacheName, handlingOf, SHELL, staleCaches } from '../../ui/src/sw/policy'
import { readUiDist } from '../ui-assets'
import { SERVICE_WORKER, staticUi } from './static'

const ROOT = join(import.meta.dir, '../..')
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
let dist: string
let app: ReturnType<typeof staticUi>
let sw: string

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'rims-sw-ui-'))
  const vite = Bun.spawnSync([join(ROOT, 'node_modules/.bin/vite'), 'build', join(ROOT, 'ui'), '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, stderr: 'pipe' })
  if (vite.exitCode !== 0) throw new Error(`vite build failed: ${vite.stderr.toString()}`)
  app = staticUi(readUiDist(dist))
  sw = readFileSync(join(dist, SW_FILE), 'utf8')
}, 120_000)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const box = (input: Request | string) => app.handle(typeof input === 'string' ? new Request(`http://box.test${input}`) : input)

/** The build's version as the plugin computes it, from the files on disk (all but the worker). */
function versionOnDisk() {
  const files = new Map<string, Uint8Array>()
  for (const f of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue
    const url = '/' + join(f.parentPath, f.name).slice(dist.length + 1)
    if (url !== '/' + SW_FILE) files.set(url, readFileSync(join(f.parentPath, f.name)))
  }
  return { version: buildVersion(PACKAGE_VERSION, files), files }
}

type Listener = (event: any) => void
/** `code` run as a service worker on http://box.test: its listeners, its Cache Storage, and a fetch that reaches the box unless `offline`. */
function runWorker(code: string, caches = new Map<string, Map<string, Response>>()) {
  const listeners: Record<string, Listener> = {}
  const net = { offline: false, requests: [] as string[] }
  const key = (r: Request | string) => new URL(typeof r === 'string' ? r : r.url, 'http://box.test').href
  const open = (name: string) => {
    if (!caches.has(name)) caches.set(name, new Map())
    const c = caches.get(name)!
    return {
      async addAll(requests: Request[]) {
        const answers = await Promise.all(requests.map(async (r) => [key(r), await fetchFn(r)] as const))
        const bad = answers.find(([, a]) => !a.ok)
        if (bad) throw new TypeError(`addAll: ${bad[0]} answered ${bad[1].status}`)
        for (const [k, a] of answers) c.set(k, a)
      },
      async match(r: Request | string) {
        return c.get(key(r))?.clone()
      },
      async put(r: Request, a: Response) {
        c.set(key(r), a)
      },
    }
  }
  const fetchFn = async (r: Request | string) => {
    const request = typeof r === 'string' ? new Request(key(r)) : new Request(key(r), { method: r.method })
    net.requests.push(new URL(request.url).pathname)
    if (net.offline) throw new TypeError('Failed to fetch')
    const answer = await box(request)
    Object.defineProperty(answer, 'type', { value: 'basic' })
    return answer
  }
  const claimed = { done: false }
  const self = {
    location: new URL('http://box.test/sw.js'),
    addEventListener: (type: string, l: Listener) => (listeners[type] = l),
    skipWaiting: async () => {},
    clients: { claim: async () => void (claimed.done = true) },
  }
  const cacheStorage = {
    open: async (name: string) => open(name),
    keys: async () => [...caches.keys()],
    delete: async (name: string) => caches.delete(name),
  }
  // The worker's relative URLs resolve against its own location, as in a browser.
  const WorkerRequest = class extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? key(input) : input, init)
    }
  }
  new Function('self', 'caches', 'fetch', 'Request', code)(self, cacheStorage, fetchFn, WorkerRequest)
  const extendable = async (type: string) => {
    const work: Promise<unknown>[] = []
    listeners[type]({ waitUntil: (p: Promise<unknown>) => work.push(p) })
    await Promise.all(work)
  }
  /** A fetch event: the worker's answer, or null when it lets the browser fetch by itself. */
  const fetchEvent = async (path: string, mode = 'cors', method = 'GET') => {
    let answer = null as Promise<Response> | null
    const work: Promise<unknown>[] = []
    const request = new Request(key(path), { method })
    Object.defineProperty(request, 'mode', { value: mode }) // 'navigate' cannot be given to a Request made by hand
    listeners.fetch({ request, respondWith: (a: Promise<Response>) => (answer = a), waitUntil: (p: Promise<unknown>) => work.push(p) })
    const result = answer ? await answer : null
    await Promise.all(work)
    return result
  }
  return { caches, net, claimed, install: () => extendable('install'), activate: () => extendable('activate'), fetchEvent }
}

test('/sw.js is served revalidated, with scope / allowed, and carries the version of the build it came with', async () => {
  const res = await box(SERVICE_WORKER)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('javascript')
  expect(res.headers.get('cache-control')).toBe('no-cache')
  expect(res.headers.get('service-worker-allowed')).toBe('/')
  const { version } = versionOnDisk()
  expect(version).toMatch(new RegExp(`^${PACKAGE_VERSION.replaceAll('.', '\\.')}-[0-9a-f]{12}$`))
  expect(await res.text()).toContain(version)
  // Other files are not given the header.
  expect((await box('/boot.js')).headers.get('service-worker-allowed')).toBeNull()
})

test('installing keeps the shell and the offline pages’ code, every file of it on the box; not the other pages', async () => {
  const w = runWorker(sw)
  await w.install()
  const { version } = versionOnDisk()
  expect([...w.caches.keys()]).toEqual([cacheName(version)])
  const kept = [...w.caches.get(cacheName(version))!.keys()].map((u) => new URL(u).pathname)
  const preload = JSON.parse(readFileSync(join(dist, 'route-preload.json'), 'utf8')) as Record<string, string[]>
  for (const route of ['/counts/:id', '/scan', '/kitchen-inventory']) for (const f of preload[route]) expect(kept).toContain(f)
  for (const f of [SHELL, '/boot.js', '/favicon.svg']) expect(kept).toContain(f)
  const names = kept.map((u) => u.replace(/^\/assets\/|-[\w-]{8}\.\w+$/g, ''))
  // The entry and its CSS, the camera scanner (a dynamic import of the scan button), its decoder's worker and .wasm.
  for (const name of ['index', 'CameraScanner', 'decode.worker', 'zxing_reader']) expect(names).toContain(name)
  expect(kept.some((u) => u.endsWith('.css'))).toBe(true)
  for (const name of ['DashboardPage', 'ReportsPage', 'zxing_writer']) expect(names).not.toContain(name)
  // Every hashed file listed exists in the build (install would have failed otherwise: addAll is all or nothing).
  for (const u of kept.filter((u) => u.startsWith('/assets/'))) expect(readdirSync(join(dist, 'assets'))).toContain(u.slice('/assets/'.length))
})

test('offline, any app route opens the cached shell; hashed files come from the cache; /api is never answered by the worker', async () => {
  const w = runWorker(sw)
  await w.install()
  await w.activate()
  w.net.offline = true
  for (const route of ['/counts/12', '/scan', '/kitchen-inventory', '/login']) {
    const page = (await w.fetchEvent(route, 'navigate'))!
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<div id="root">')
    expect(html).not.toContain('/assets/CountSheetPage-') // the shell, no route's preload links
  }
  const entry = readdirSync(join(dist, 'assets')).find((f) => /^index-.*\.js$/.test(f))!
  expect((await w.fetchEvent(`/assets/${entry}`))!.status).toBe(200)
  // The worker leaves /api to the browser (offline it fails as without a worker), and every write, and other sites.
  expect(await w.fetchEvent('/api/stock-counts/12')).toBeNull()
  expect(await w.fetchEvent('/api/stock-counts/12', 'navigate')).toBeNull()
  expect(await w.fetchEvent('/counts/12', 'cors', 'POST')).toBeNull()
  expect(await w.fetchEvent('https://elsewhere.test/x.js')).toBeNull()
  // Online, a navigation is the box's own page (its route's preload links in it), not the cached shell.
  w.net.offline = false
  w.net.requests = []
  expect(await (await w.fetchEvent('/counts/12', 'navigate'))!.text()).toContain('/assets/CountSheetPage-')
  expect(await (await w.fetchEvent('/counts/12', 'navigate'))!.text()).toContain('/assets/CountSheetPage-')
  expect(w.net.requests).toEqual(['/counts/12', '/counts/12'])
  // A hashed file not kept at install is fetched once, then kept (this build's cache only).
  const dashboard = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('DashboardPage-'))!
  await w.fetchEvent(`/assets/${dashboard}`)
  await w.fetchEvent(`/assets/${dashboard}`)
  expect(w.net.requests.filter((p) => p === `/assets/${dashboard}`)).toHaveLength(1)
})

test("the next build's worker fills a cache of its own and deletes this one's on activate; other caches are left alone", async () => {
  const { version, files } = versionOnDisk()
  // A new build: one file changed is a new version; the same files are the same version.
  const changed = new Map(files)
  changed.set('/index.html', new TextEncoder().encode(readFileSync(join(dist, 'index.html'), 'utf8') + ' '))
  const next = buildVersion(PACKAGE_VERSION, changed)
  expect(next).not.toBe(version)
  expect(buildVersion(PACKAGE_VERSION, new Map(files))).toBe(version)
  expect(buildVersion('0.2.0', files)).not.toBe(version)
  expect(staleCaches([cacheName(version), cacheName(next), 'someone-else'], next)).toEqual([cacheName(version)])

  const caches = new Map<string, Map<string, Response>>()
  const first = runWorker(sw, caches)
  await first.install()
  await first.activate()
  caches.set('someone-else', new Map())
  // The next build's sw.js differs in its version (and its list): the browser installs it beside the first.
  const second = runWorker(sw.replaceAll(version, next), caches)
  await second.install()
  expect([...caches.keys()].sort()).toEqual([cacheName(next), cacheName(version), 'someone-else'].sort())
  await second.activate()
  expect([...caches.keys()].sort()).toEqual([cacheName(next), 'someone-else'].sort())
  expect(second.claimed.done).toBe(true)
})

test('what the worker handles: pages, hashed files and the box’s other files — never /api, a write or another site', () => {
  const origin = 'http://box.test'
  const of = (path: string, mode = 'cors', method = 'GET') => handlingOf({ url: origin + path, mode, method }, origin)
  expect(of('/counts/12', 'navigate')).toBe('page')
  expect(of('/', 'navigate')).toBe('page')
  expect(of('/api/health')).toBe('pass')
  expect(of('/api')).toBe('pass')
  expect(of('/api/backups/1/download', 'navigate')).toBe('pass')
  expect(of('/apis-are-pages-too', 'navigate')).toBe('page')
  expect(of('/assets/index-abc.js')).toBe('asset')
  expect(of('/boot.js')).toBe('file')
  expect(of('/favicon.svg', 'navigate')).toBe('pass')
  expect(of('/counts/12', 'navigate', 'POST')).toBe('pass')
  expect(handlingOf({ url: 'https://elsewhere.test/a.js', mode: 'cors', method: 'GET' }, origin)).toBe('pass')
})
