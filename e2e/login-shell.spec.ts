// The static sign-in screen (src/http/static.ts, ui/public/boot.js) is painted before the app's script runs; the
// app takes over when it has loaded. Nothing typed or pressed on the static screen may be lost in that handover.
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { DEMO, DEMO_PASSWORD } from './helpers'

/** Holds the app's entry script (and so the takeover) until the returned function is called. */
async function holdTheApp(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

async function typeOnTheStaticScreen(page: Page) {
  await page.goto('/login', { waitUntil: 'domcontentloaded' })
  await expect(page.locator('#shell')).toBeVisible()
  await page.locator('#shell input[type="email"]').fill(DEMO.Manager.email)
  await page.locator('#shell input[type="password"]').fill(DEMO_PASSWORD)
}

test('Sign In pressed before the app has loaded signs in once it has', { tag: '@phone' }, async ({ page }) => {
  const release = await holdTheApp(page)
  await typeOnTheStaticScreen(page)
  await page.locator('#shell').getByRole('button', { name: 'Sign In' }).click()
  await expect(page.locator('#shell')).toBeVisible()
  release()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
})

test('a press on Sign In that spans the takeover is not lost', { tag: '@phone' }, async ({ page }) => {
  const release = await holdTheApp(page)
  await typeOnTheStaticScreen(page)
  const box = (await page.locator('#shell').getByRole('button', { name: 'Sign In' }).boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  // The app loads and mounts its sign-in page while the button is held down...
  release()
  await expect(page.locator('#root input[type="password"]')).toBeAttached({ timeout: 10_000 })
  // ...and the finger lifts afterwards: that is still a press of Sign In.
  await page.mouse.up()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  await expect(page.locator('#shell')).toHaveCount(0)
})
