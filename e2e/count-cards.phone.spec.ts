// "The same words count different things" and "cards that cannot be tapped" (issue 24, 375 px): every
// count card leads to the list it counts and equals that list's total; the Stock tabs all fit on screen.
import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, listRows, listSettled, signInAs } from './helpers'

// A shared 2-core machine: dashboards can take a while to answer.
test.describe.configure({ timeout: 120_000 })
const SLOW = { timeout: 30_000 }

const card = (page: Page, label: string) => page.getByRole('link').filter({ has: page.locator(`[data-stat="${label}"]`) })
const numberOn = async (page: Page, label: string) => Number(await page.locator(`[data-stat="${label}"]`).first().innerText())

/** A list's total once it has loaded: 'x–y of N' under it when it has pages, else its rows. */
async function listTotal(scope: Locator, label: string) {
  await expect(listRows(scope, label).first()).toBeVisible()
  await listSettled(scope)
  const pager = scope.getByRole('navigation', { name: 'Pagination' })
  if (await pager.count()) return Number(/of (\d+)/.exec(await pager.locator('p').first().innerText())![1])
  return listRows(scope, label).count()
}
/** The number in a heading's '(n)'. */
const headingCount = async (heading: Locator) => Number(/\((\d+)\)/.exec(await heading.innerText())![1])

test("the Stock page's tabs all fit at 375 px: Alerts is on screen and opens", async ({ page }) => {
  await signInAs(page, 'Storekeeper', '/stock')
  const alerts = page.getByRole('tab', { name: /^Alerts/ })
  await expect(alerts).toBeInViewport({ ratio: 1 })
  for (const name of ['Items', 'Categories', 'Suppliers']) await expect(page.getByRole('tab', { name: new RegExp(`^${name}`) })).toBeInViewport({ ratio: 1 })
  await alerts.click()
  await expect(page).toHaveURL(/\/stock\?tab=alerts$/)
  await expect(page.getByRole('heading', { name: /^Low or out \(\d+\)$/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Expiring or expired \(\d+\)$/ })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

test("the Storekeeper's cards lead to the lists they count, and equal their totals", async ({ page }) => {
  await signInAs(page, 'Storekeeper', '/dashboard')
  await expect(page.locator('[data-stat="Total Items"]')).toBeVisible(SLOW)
  const figures = { items: await numberOn(page, 'Total Items'), categories: await numberOn(page, 'Total Categories'), low: await numberOn(page, 'Low or out'), expiry: await numberOn(page, 'Expiring or expired') }

  await card(page, 'Total Items').click()
  await expect(page).toHaveURL(/\/stock$/)
  const items = page.getByRole('tabpanel')
  expect(await listTotal(items, 'Stock items')).toBe(figures.items)

  await page.goBack()
  await card(page, 'Total Categories').click()
  await expect(page).toHaveURL(/\/stock\?tab=categories$/)
  await expect(page.getByRole('tab', { name: /^Categories/ })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: /^Categories/ })).toContainText(String(figures.categories))

  await page.goBack()
  await card(page, 'Low or out').click()
  await expect(page).toHaveURL(/\/stock\?tab=alerts$/)
  const low = page.getByRole('heading', { name: /^Low or out/ })
  await expect(low).toHaveText(`Low or out (${figures.low})`)
  const expiry = page.getByRole('heading', { name: /^Expiring or expired/ })
  await expect(expiry).toHaveText(`Expiring or expired (${figures.expiry})`)
  // The same words, the same numbers on the Stock page's own cards.
  expect(await numberOn(page, 'Low or out')).toBe(await headingCount(low))
  expect(await numberOn(page, 'Expiring or expired')).toBe(await headingCount(expiry))
  await expectAccessible(page)
})

test("the Manager's cards lead to their lists; the Alerts page names its groups the same way", async ({ page }) => {
  await signInAs(page, 'Manager', '/dashboard')
  await expect(page.locator('[data-stat="Total Items"]')).toBeVisible(SLOW)
  const items = await numberOn(page, 'Total Items')
  const low = await numberOn(page, 'Low or out')
  await card(page, 'Low or out').click()
  await expect(page).toHaveURL(/\/stock\?tab=alerts$/)
  await expect(page.getByRole('heading', { name: /^Low or out/ })).toHaveText(`Low or out (${low})`)
  await page.goBack()
  await card(page, 'Total Items').click()
  await expect(page).toHaveURL(/\/stock$/)
  expect(await listTotal(page.getByRole('tabpanel'), 'Stock items')).toBe(items)

  await page.goto('/manager/alerts')
  const types = page.getByRole('group', { name: 'Alert type' })
  await expect(types.getByRole('button', { name: /^Low or out/ })).toBeVisible()
  await expect(types.getByRole('button', { name: /^Expiring or expired/ })).toBeVisible()
})

test("the Chef's request cards lead to the requests they count", async ({ page }) => {
  await signInAs(page, 'Chef', '/dashboard')
  await expect(page.locator('[data-stat="Pending"]')).toBeVisible(SLOW)
  const pending = await numberOn(page, 'Pending')
  await card(page, 'Pending').click()
  await expect(page).toHaveURL(/\/requests\?status=PENDING&mine=1$/)
  await expect(page.getByText('Showing only your requests.')).toBeVisible()
  await expect(page.getByLabel('Status')).toHaveValue('PENDING')
  const list = page.getByRole('main')
  if (pending === 0) await expect(list.getByText('No requests found')).toBeVisible()
  else {
    expect(await listTotal(list, 'Kitchen requests')).toBe(pending)
  }
})

test("a Team entry in the Manager's menu: the team list and Add Team Member", async ({ page }) => {
  await signInAs(page, 'Manager', '/dashboard')
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible(SLOW)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Team' }).click()
  await expect(page).toHaveURL(/\/manager\/team$/)
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Team Members' }).locator('li').first()).toBeVisible()
  await page.getByRole('button', { name: 'Add Team Member' }).click()
  await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible()
  await expectAccessible(page)
})
