import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiLogin, DEMO, signInAs } from './helpers'
import { blankPicture, ean13Picture, writeY4m } from './barcode-video'
import config from '../playwright.config'

// The camera in Chromium: a fake camera plays a y4m made here from a generated EAN-13 (DECISIONS
// "Camera tests"). The decoder (zxing-wasm in a worker) must come from the box: every request the
// page and its workers made is checked against the server's own address. One size is enough (desktop).

const CASE_EAN = '5901234123457'
const video = join(mkdtempSync(join(tmpdir(), 'rims-cam-')), 'case.y4m')
// 10 frames a second: the case label for 1.5 s, then an empty shelf for 8 s (Chromium loops the file).
writeY4m(video, [[ean13Picture(CASE_EAN), 15], [blankPicture(), 80]], 10)

const base = config.use?.launchOptions?.args ?? []
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...base, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
})
// The first decode compiles the 0.9 MB decoder: slow on a busy 2-core box.
test.describe.configure({ mode: 'serial', timeout: 150_000 })

/** Every request of the page and its workers; checked at the end: all to the box. */
function recordRequests(page: Page) {
  const urls: string[] = []
  page.context().on('request', (r) => urls.push(r.url()))
  page.on('worker', (w) => urls.push(w.url()))
  return urls
}
const offBox = (urls: string[], origin: string) => urls.filter((u) => !u.startsWith(origin + '/') && !u.startsWith('blob:') && !u.startsWith('data:'))
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

let auth: Record<string, string>
let item: { id: number; packs: { id: number; name: string }[] }

async function setUp(request: APIRequestContext) {
  if (item) return
  const { token } = await apiLogin(request, DEMO.Manager.email)
  auth = { Authorization: `Bearer ${token}` }
  const cats = await (await request.get('/api/categories?limit=1', { headers: auth })).json()
  const sups = await (await request.get('/api/suppliers?limit=1', { headers: auth })).json()
  const made = await request.post('/api/items', {
    headers: auth,
    data: { name: 'Camera Test Wine', category_id: cats.data[0].id, supplier_id: sups.data[0].id, unit: 'L', cost_price: 80, packs: [{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }] },
  })
  expect(made.status()).toBe(201)
  item = (await made.json()).data
  const kase = item.packs.find((p) => p.name === 'case')!
  expect((await request.post(`/api/items/${item.id}/barcodes`, { headers: auth, data: { code: CASE_EAN, pack_id: kase.id } })).status()).toBe(201)
}

test('items search: the camera finds the item of a scanned case code; every request stays on the box', async ({ page, baseURL }) => {
  await setUp(page.request)
  const urls = recordRequests(page)
  await signInAs(page, 'Manager', '/stock')
  await page.getByRole('button', { name: 'Scan', exact: true }).first().click()
  await expect(page.getByTestId('camera-scanner')).toBeVisible()
  // Found: the search shows the item (in search mode the camera closes after one code).
  await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveValue('Camera Test Wine', { timeout: 90_000 })
  await expect(page.getByText('Camera Test Wine').first()).toBeVisible()

  const wasm = urls.filter((u) => u.endsWith('.wasm'))
  expect(wasm.length, 'the decoder was fetched (and seen)').toBeGreaterThan(0)
  const res = await page.request.get(wasm[0]!)
  expect(res.headers()['content-type']).toBe('application/wasm')
  expect(offBox(urls, baseURL!)).toEqual([])
  const ms = await page.evaluate(() => window.__rimsDecodeMs ?? [])
  console.log(`decode per 640×480 frame in the worker: median ${median(ms)?.toFixed(1)} ms over ${ms.length} frames`)
})

test('count: scanning a case with the camera adds one case (9 L) to the area’s line; every request stays on the box', async ({ page, baseURL }) => {
  await setUp(page.request)
  const area = (await (await page.request.post('/api/storage-areas', { headers: auth, data: { name: 'Camera Cellar' } })).json()).data
  await page.request.put(`/api/storage-areas/${area.id}/items`, { headers: auth, data: { item_ids: [item.id] } })
  const count = (await (await page.request.post('/api/stock-counts', { headers: auth, data: { area_ids: [area.id], blind: false } })).json()).data
  const counted = async () =>
    ((await (await page.request.get(`/api/stock-counts/${count.id}`, { headers: auth })).json()).data.lines as { item_id: number; counted: number | null }[]).find((l) => l.item_id === item.id)?.counted

  const urls = recordRequests(page)
  // The area's QR label opens this page: the open count with that area is chosen by itself.
  await signInAs(page, 'Storekeeper', `/scan?area=${area.id}`)
  await expect(page.getByLabel('Scan field')).toBeFocused({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Scan with camera' }).click()
  await expect(page.getByTestId('last-scan')).toContainText('Camera Test Wine', { timeout: 90_000 })
  await page.getByRole('button', { name: 'Done' }).click()
  expect(await counted()).toBe(9)
  await expect(page.getByRole('listitem').filter({ hasText: '1 case · Camera Test Wine' })).toHaveCount(1)

  expect(offBox(urls, baseURL!)).toEqual([])
  const t = await page.evaluate(() => ({ decode: window.__rimsDecodeMs ?? [], done: window.__rimsScanToDoneMs ?? [] }))
  console.log(`camera to counted (first frame that read the code → count answered): ${t.done.map((x) => x.toFixed(0)).join(', ')} ms; decode median ${median(t.decode)?.toFixed(1)} ms over ${t.decode.length} frames`)
})
