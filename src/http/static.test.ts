import { expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { SETTING_DEFAULTS, type DisplaySettings } from '../contract/settings'
import { routeMatcher, staticUi, type UiAssets } from './static'

const INDEX = `<!doctype html><html><head><title>RIMS</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`
const SHELL = '<main><span>@@RIMS_RESTAURANT_NAME@@</span><form><button type="button">Sign In</button></form></main>'
const ENTRY = 'console.log("entry");'.repeat(100)
const WASM = new Uint8Array(4096).map((_, i) => i % 7)

const assets: UiAssets = new Map<string, Blob>([
  ['/index.html', new Blob([INDEX], { type: 'text/html' })],
  ['/login-shell.html', new Blob([SHELL], { type: 'text/html' })],
  ['/route-preload.json', new Blob([JSON.stringify({ '/login': ['/assets/LoginPage-x.js'] })], { type: 'application/json' })],
  ['/assets/index-abc.js', new Blob([ENTRY], { type: 'text/javascript' })],
  ['/assets/zxing_reader-abc.wasm', new Blob([WASM], { type: 'application/wasm' })],
])
const display = (): DisplaySettings => ({ ...SETTING_DEFAULTS, restaurant_name: 'Chez <Lusaka> & "Co"', time_zone: 'Africa/Lusaka' }) as DisplaySettings
const app = staticUi(assets, display)
const get = (path: string, headers: Record<string, string> = {}) => app.handle(new Request(`http://rims.test${path}`, { headers }))

test('/login and / carry the static sign-in screen with the escaped name, and start the entry after its paint', async () => {
  for (const path of ['/login', '/']) {
    const html = await (await get(path)).text()
    expect(html).toContain('<div id="shell"><main><span>Chez &#60;Lusaka&#62; &#38; &#34;Co&#34;</span>')
    expect(html).toContain('</div><div id="root"></div>')
    expect(html).not.toContain('@@RIMS_RESTAURANT_NAME@@')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js"><script type="module" src="/boot.js" data-entry="/assets/index-abc.js"></script>')
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">')
  }
  expect(await (await get('/login')).text()).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-x.js">')
})

test('other routes get index.html without the screen, their entry script as built', async () => {
  const html = await (await get('/stock')).text()
  expect(html).not.toContain('id="shell"')
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
})

test('scripts and pages are gzipped for a client that accepts it, and sent as they are otherwise', async () => {
  const zipped = await get('/assets/index-abc.js', { 'accept-encoding': 'gzip, deflate, br' })
  expect(zipped.headers.get('content-encoding')).toBe('gzip')
  expect(zipped.headers.get('vary')).toBe('accept-encoding')
  expect(zipped.headers.get('cache-control')).toContain('immutable')
  const body = new Uint8Array(await zipped.arrayBuffer())
  expect(body.length).toBeLessThan(ENTRY.length / 5)
  expect(gunzipSync(body).toString()).toBe(ENTRY)
  const plain = await get('/assets/index-abc.js')
  expect(plain.headers.get('content-encoding')).toBeNull()
  expect(await plain.text()).toBe(ENTRY)
  const page = await get('/login', { 'accept-encoding': 'gzip' })
  expect(page.headers.get('content-encoding')).toBe('gzip')
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
  expect(gunzipSync(new Uint8Array(await page.arrayBuffer())).toString()).toContain('<div id="shell">')
})

test("the barcode decoder's WebAssembly is gzipped too and keeps its application/wasm type (streaming compile needs it)", async () => {
  const res = await get('/assets/zxing_reader-abc.wasm', { 'accept-encoding': 'gzip' })
  expect(res.headers.get('content-encoding')).toBe('gzip')
  expect(res.headers.get('content-type')).toStartWith('application/wasm')
  expect(new Uint8Array(gunzipSync(new Uint8Array(await res.arrayBuffer())))).toEqual(WASM)
})

test('a route with a parameter gets its preload: /counts/12 → /counts/:id, a fixed segment winning over a parameter', async () => {
  const preload = {
    '/counts': ['/assets/CountsPage.js'],
    '/counts/areas': ['/assets/AreasPage.js'],
    '/counts/:id': ['/assets/CountSheetPage.js', '/assets/virtual.js'],
    '/counts/:id/review': ['/assets/CountReviewPage.js'],
  }
  const match = routeMatcher(preload)
  expect(match('/counts/12')).toEqual(['/assets/CountSheetPage.js', '/assets/virtual.js'])
  expect(match('/counts/12/review')).toEqual(['/assets/CountReviewPage.js'])
  expect(match('/counts/areas')).toEqual(['/assets/AreasPage.js'])
  expect(match('/counts')).toEqual(['/assets/CountsPage.js'])
  expect(match('/counts/12/print')).toEqual([])
  expect(match('/counts/12/review/x')).toEqual([])
  expect(match('/constructor')).toEqual([])
  const withParam = staticUi(new Map([...assets, ['/route-preload.json', new Blob([JSON.stringify(preload)], { type: 'application/json' })]]), display)
  const html = await (await withParam.handle(new Request('http://rims.test/counts/7?area=3'))).text()
  expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CountSheetPage.js"><link rel="modulepreload" crossorigin href="/assets/virtual.js">')
})
