// "A blank white page when the connection drops" (issue 24): the shell survives a page whose code
// cannot be fetched, Retry works without a reload once it can, and an upgrade reloads once, never in a loop.
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { UI } from '../ui/src/messages/common'
import { expectAccessible, signInAs } from './helpers'

// A phone without the service worker (plain HTTP): page.route cuts the page's own requests, and cannot see those a
// worker makes for it. With the worker the page's code comes from the phone: e2e/offline-shell.phone.spec.ts.
test.use({ serviceWorkers: 'block' })

/** A mark on window: gone after any reload of the page. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { rimsMark: number }).rimsMark = 1))
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { rimsMark?: number }).rimsMark === 1)

/**
 * Moves the page's clock (Playwright's, installed before the app loads) on a second at a time until `check`
 * passes: the app's own retry delays (1 s, then 3 s) go by without being waited for.
 */
async function fastForwardUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.clock.fastForward(1000)
    await check()
  }).toPass({ timeout: 30_000 })
}

async function goFromMenu(page: Page, link: string) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: link }).click()
}

test('page code unreachable: the message and Retry inside the shell; Retry works once it is back, without a reload', async ({ page }) => {
  await page.clock.install()
  await signInAs(page, 'Manager', '/dashboard')
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
  await markWindow(page)
  // Every script not yet loaded is unreachable (the Wi-Fi dropped).
  await page.route(/\/assets\/.+\.js$/, (r) => r.abort('internetdisconnected'))
  await goFromMenu(page, 'Reports')
  const failure = page.getByTestId('route-error')
  // After its own two retries.
  await fastForwardUntil(page, () => expect(failure).toContainText(UI.unreachable, { timeout: 1000 }))
  // The shell is still there: header, menu, brand.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
  await expect(page.getByRole('link', { name: /RIMS|Dashboard/ }).first()).toBeVisible()
  await expectAccessible(page)

  // Back online: Retry shows the page, and the app was never reloaded.
  await page.unroute(/\/assets\/.+\.js$/)
  await failure.getByRole('button', { name: UI.retry }).click()
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await expect(failure).toHaveCount(0)
  expect(await stillMarked(page)).toBe(true)
})

test('a call that never reaches the server shows the banner; it goes when one succeeds', async ({ page }) => {
  await signInAs(page, 'Manager', '/stock')
  await expect(page.getByRole('tab', { name: /Items/ })).toBeVisible()
  await page.route(/\/api\/(?!health)/, (r) => r.abort('internetdisconnected'))
  await page.getByLabel('Search items').fill('zz')
  const banner = page.getByRole('status').filter({ hasText: UI.offline })
  await expect(banner).toBeVisible()
  await page.unroute(/\/api\/(?!health)/)
  await page.getByLabel('Search items').fill('zzz')
  await expect(banner).toHaveCount(0)
})

test('a failed submit says the connection was lost and keeps the form', async ({ page }) => {
  await signInAs(page, 'Manager', '/stock')
  await page.getByRole('tab', { name: /Categories/ }).click()
  await page.getByRole('button', { name: 'Add Category' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Category' })
  await dialog.getByLabel('Category Name').fill('Offline spices')
  await page.route(/\/api\/categories$/, (r) => r.abort('internetdisconnected'))
  await dialog.getByRole('button', { name: 'Create Category' }).click()
  await expect(dialog.getByRole('alert')).toContainText(UI.connectionLost)
  await expect(dialog.getByLabel('Category Name')).toHaveValue('Offline spices')
})

test('after an upgrade (the page file is gone: 404) the app reloads once, not in a loop', async ({ page }) => {
  await page.clock.install()
  await signInAs(page, 'Manager', '/dashboard')
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
  await markWindow(page)
  let loads = 0
  page.on('load', () => loads++)
  await page.route(/\/assets\/AlertsPage-[^/]+\.js$/, (r) => r.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false,"message":"File not found"}' }))
  await goFromMenu(page, 'Alerts')
  // One reload (the mark is gone), then the message: the same file is still missing, so no second reload.
  await fastForwardUntil(page, () => expect(page.getByTestId('route-error')).toContainText(UI.unreachable, { timeout: 1000 }))
  expect(await stillMarked(page)).toBe(false)
  // The message is shown only once the app has declined a second reload (lazyPage.tsx: the file's mark in
  // sessionStorage), so no reload can come after it.
  expect(await page.evaluate(() => sessionStorage.getItem('rims:reloaded-for'))).toMatch(/AlertsPage-[^/]+\.js$/)
  expect(loads).toBe(1)
})
