import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { apiLogin, DEMO, signInAs } from './helpers'
import { blankPicture, ean13Picture, writeY4m } from './barcode-video'
import config from '../playwright.config'

// The camera in Chromium: a fake camera plays a y4m made here from a generated EAN-13 (DECISIONS
// "Camera tests"). The decoder (zxing-wasm in a worker) must come from the box: every request the
// page made is checked against the server's own address. One size is enough (desktop).

const CASE_EAN = '5901234123457'
const video = join(mkdtempSync(join(tmpdir(), 'rims-cam-')), 'case.y4m')
// The code for a second, then an empty shelf for a second, in a loop: each pass is one new sighting.
writeY4m(video, [ean13Picture(CASE_EAN), blankPicture()], 30)

const base = config.use?.launchOptions?.args ?? []
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...base, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
})

/** Every request of the page and its workers; checked at the end: all to the box. */
function recordRequests(page: Page) {
  const urls: string[] = []
  page.context().on('request', (r) => urls.push(r.url()))
  page.on('worker', (w) => urls.push(w.url()))
  return urls
}

const offBox = (urls: string[], origin: string) => urls.filter((u) => !u.startsWith(origin + '/') && !u.startsWith('blob:') && !u.startsWith('data:'))

// The first decode compiles the 0.9 MB decoder: slow on a busy 2-core box.
test.setTimeout(120_000)

test('items search: the camera finds the item of a scanned code; every request stays on the box', async ({ page, baseURL }) => {
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const auth = { Authorization: `Bearer ${token}` }
  const cats = await (await page.request.get('/api/categories?limit=1', { headers: auth })).json()
  const sups = await (await page.request.get('/api/suppliers?limit=1', { headers: auth })).json()
  const made = await page.request.post('/api/items', {
    headers: auth,
    data: { name: 'Camera Test Lager', category_id: cats.data[0].id, supplier_id: sups.data[0].id, unit: 'L', cost_price: 20, barcode: CASE_EAN },
  })
  expect(made.status()).toBe(201)

  const urls = recordRequests(page)
  await signInAs(page, 'Manager', '/stock')
  await page.getByRole('button', { name: 'Scan', exact: true }).first().click()
  await expect(page.getByTestId('camera-scanner')).toBeVisible()
  // Found: the search shows the item (the camera closes after one code in search mode).
  await expect(page.getByRole('searchbox', { name: 'Search items' })).toHaveValue('Camera Test Lager', { timeout: 60_000 })
  await expect(page.getByRole('cell', { name: /Camera Test Lager/ }).first()).toBeVisible()

  const wasm = urls.filter((u) => u.endsWith('.wasm'))
  expect(wasm.length, 'the decoder was fetched (and seen)').toBeGreaterThan(0)
  const res = await page.request.get(wasm[0]!)
  expect(res.headers()['content-type']).toBe('application/wasm')
  expect(offBox(urls, baseURL!)).toEqual([])
  const ms = await page.evaluate(() => window.__rimsDecodeMs ?? [])
  const sorted = [...ms].sort((a, b) => a - b)
  console.log(`decode per 640×480 frame in the worker: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms over ${ms.length} frames`)
})
