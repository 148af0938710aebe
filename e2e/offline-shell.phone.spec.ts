// Issue 33.1 on a phone (375 px): the app opens without the box. The browser reaches RIMS through a link the test
// cuts (e2e/link.ts: context.setOffline does not cover the service worker's own requests). Once the worker controls
// the page, a reload with the link cut opens the app shell and the page's own code from the phone; the page then
// shows its own "can't reach the box" state (or the data it keeps itself), never the browser's error page nor the
// layout's "the page could not be loaded". Restored, the box's pages are served again.
import type { Page, Response } from '@playwright/test'
import { COUNT_UI } from '../ui/src/messages/counts'
import { UI } from '../ui/src/messages/common'
import { OFFLINE_MODE } from '../ui/src/messages/offlineMode'
import { expect } from './fixtures'
import { apiAs, DEMO, signInAs, signInWithForm } from './helpers'
import { test } from './link'

test.describe.configure({ timeout: 120_000 })
const LOAD = { timeout: 30_000 }

/** The worker has stored the app and controls the page: the badge says so. */
async function workerControls(page: Page) {
  await expect(page.locator('[data-offline-mode="works"]').first()).toBeVisible(LOAD)
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/)
}

/** Whether a page came from the box: only the box's index.html names the route's chunks (its modulepreload links), the worker's shell does not. */
const servedByBox = async (response: Response | null, chunk: string) => (await response!.text()).includes(`/${chunk}-`)

/** The app itself, not Chrome's error page nor the layout's "could not be loaded". */
async function appShown(page: Page) {
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible(LOAD)
  await expect(page.getByText(UI.unreachableDetail)).toHaveCount(0)
}

test('the count sheet and scan-to-count open with the link cut, and from the box again once it is back', async ({ page, request, link }) => {
  const { send } = await apiAs(request)
  const area = await send('post', '/storage-areas', { name: `Walk-in ${Date.now()}` })
  const item = (await send('get', '/items?limit=1'))[0]
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [item.id] })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })
  const heading = page.getByRole('heading', { level: 1, name: `Count #${count.id}` })

  // Signed in through the form: the worker is registered at the sign-in (none for a signed-out visitor).
  await signInWithForm(page, DEMO.Storekeeper.email)
  await expect(page).toHaveURL(/\/dashboard$/, LOAD)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, LOAD)
  await page.goto(`/counts/${count.id}`)
  await expect(heading).toBeVisible(LOAD)
  await expect(page.getByText(OFFLINE_MODE.worksOffline)).toBeVisible(LOAD)
  await workerControls(page)

  link.cut()
  expect(await servedByBox(await page.reload(), 'CountSheetPage')).toBe(false)
  await appShown(page)
  // The sheet's own code ran: its heading (a sheet stored on the phone) or its own load failure, not the boundary's.
  await expect(heading.or(page.getByText(COUNT_UI.loadFailed))).toBeVisible(LOAD)
  // Scan-to-count too, opened by address while cut.
  await page.goto(`/scan?count=${count.id}&area=${area.id}`)
  await appShown(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Scan to count' })).toBeVisible(LOAD)
  // An /api request is never answered from a cache: it fails as it would without a worker.
  expect(await page.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'failed'))).toBe('failed')

  link.restore()
  expect(await servedByBox(await page.goto(`/counts/${count.id}`), 'CountSheetPage')).toBe(true)
  await expect(heading).toBeVisible(LOAD)
  await expect(page.getByText(item.name, { exact: true })).toBeVisible(LOAD)
})

test("the kitchen's usage form opens with the link cut", async ({ page, link }) => {
  await signInAs(page, 'Chef', '/kitchen-inventory')
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen Inventory' })).toBeVisible(LOAD)
  // The badge is on the form; the page's own code is what the worker must keep.
  await page.getByRole('button', { name: 'Record Usage' }).click()
  await workerControls(page)

  link.cut()
  expect(await servedByBox(await page.reload(), 'KitchenInventoryPage')).toBe(false)
  await appShown(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen Inventory' })).toBeVisible(LOAD)
  await page.getByRole('button', { name: 'Record Usage' }).click()
  const usage = page.getByRole('dialog', { name: 'Record Usage' })
  await expect(usage).toBeVisible()
  await expect(usage.getByText(OFFLINE_MODE.worksOffline)).toBeVisible()

  link.restore()
  expect(await servedByBox(await page.reload(), 'KitchenInventoryPage')).toBe(true)
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen Inventory' })).toBeVisible(LOAD)
  await expect(page.getByText(UI.unreachableDetail)).toHaveCount(0)
})

test('Settings → Connect a device says whether this phone opens RIMS without the box', async ({ page }) => {
  await signInAs(page, 'Manager', '/manager/settings')
  const connect = page.getByRole('region', { name: 'Connect a device' })
  await expect(connect.getByText(OFFLINE_MODE.registered)).toBeVisible(LOAD)
  await workerControls(page)
})

test('on a plain-HTTP address there is no worker, and the sheet says to keep the page open', async ({ page, request }) => {
  // A phone on http://192.168.… is not a secure context; the tests' 127.0.0.1 is, so the page is told otherwise first.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'isSecureContext', { value: false })
    // Every call to register is counted, so one made a moment before the check below is not missed.
    const w = window as unknown as { swRegisterCalls: number }
    w.swRegisterCalls = 0
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker)
    navigator.serviceWorker.register = (...args) => (w.swRegisterCalls++, register(...args))
  })
  const { send } = await apiAs(request)
  const count = (await send('get', '/stock-counts?status=OPEN'))[0] ?? (await send('post', '/stock-counts', { area_ids: [(await send('get', '/storage-areas'))[0].id], blind: false }))
  await signInAs(page, 'Manager', `/counts/${count.id}`)
  await expect(page.getByText(OFFLINE_MODE.keepOpen)).toBeVisible(LOAD)
  // Past the load event and the registration's delay (ui/src/lib/offline/register.ts: 1 s after load), still no
  // worker: a timer of the page's own, set after the load event with that delay, runs after the app's would.
  await page.waitForFunction(() => document.readyState === 'complete')
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)))
  expect(await page.evaluate(() => (window as unknown as { swRegisterCalls: number }).swRegisterCalls)).toBe(0)
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0)
  await page.goto('/manager/settings')
  await expect(page.getByRole('region', { name: 'Connect a device' }).getByText(OFFLINE_MODE.insecure)).toBeVisible(LOAD)
})
