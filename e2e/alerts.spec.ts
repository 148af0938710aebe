// Alerts: type toggles, search, priority filter, Refresh, the high-priority count, and the actions changing it.
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { ALERT_MSG } from '../src/contract/alerts'
import { apiLogin, DEMO, expectAccessible, screenshot, signInAs } from './helpers'

/** An empty shelf of a new item: raises its own LOW_STOCK and OUT_OF_STOCK alerts (both HIGH). */
async function emptyItem(request: APIRequestContext, name: string) {
  const headers = { Authorization: `Bearer ${(await apiLogin(request, DEMO.Manager.email)).token}` }
  const category = (await (await request.get('/api/categories', { headers })).json()).data[0]
  const supplier = (await (await request.get('/api/suppliers', { headers })).json()).data[0]
  const res = await request.post('/api/items', { headers, data: { name, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 10, min_stock_level: 5, current_quantity: 0 } })
  expect(res.status(), await res.text()).toBeLessThan(300)
  const stats = async () => (await (await request.get('/api/alerts/statistics', { headers })).json()).data as { open: number; high_priority_open: number }
  return { stats }
}

test('Mark read, Dismiss and Resolve update the list and the counts', async ({ page }, testInfo) => {
  const name = `Alert Test Basil ${testInfo.project.name} ${Date.now()}`
  const { stats } = await emptyItem(page.request, name)
  await signInAs(page, 'Manager', '/manager/alerts')
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible()

  const before = await stats()
  const high = page.getByTestId('high-priority-count')
  const open = page.getByTestId('open-count')
  await expect(high).toHaveText(String(before.high_priority_open))
  await expect(open).toHaveText(String(before.open))

  await page.getByLabel('Search alerts').fill(name)
  const low = page.getByRole('button', { name: `Mark read: Low stock: ${name}` })
  await expect(low).toBeVisible()
  await expect(page.getByText(`Out of stock: ${name}`)).toBeVisible()

  // Read: still open, the counts stay.
  await low.click()
  await expect(page.getByText(ALERT_MSG.read).first()).toBeVisible()
  await expect(page.getByRole('button', { name: `Mark read: Low stock: ${name}` })).toHaveCount(0)
  await expect(page.getByRole('button', { name: `Dismiss: Low stock: ${name}` })).toBeVisible()
  await expect(high).toHaveText(String(before.high_priority_open))

  // Dismiss: leaves the open list, one fewer high-priority alert.
  await page.getByRole('button', { name: `Dismiss: Low stock: ${name}` }).click()
  await expect(page.getByText(ALERT_MSG.dismissed).first()).toBeVisible()
  await expect(page.getByText(`Low stock: ${name}`)).toHaveCount(0)
  await expect(high).toHaveText(String(before.high_priority_open - 1))
  await expect(open).toHaveText(String(before.open - 1))

  // Resolve the other one.
  await page.getByRole('button', { name: `Resolve: Out of stock: ${name}` }).click()
  await expect(page.getByText(ALERT_MSG.resolved).first()).toBeVisible()
  await expect(page.getByText(`No alerts found for "${name}"`)).toBeVisible()
  await expect(high).toHaveText(String(before.high_priority_open - 2))
  await expect(open).toHaveText(String(before.open - 2))
  expect(await stats()).toMatchObject({ high_priority_open: before.high_priority_open - 2, open: before.open - 2 })

  // The status filter still finds them.
  await page.getByLabel('Status').selectOption('RESOLVED')
  await expect(page.getByText(`Out of stock: ${name}`)).toBeVisible()
  await expect(page.getByText(`Low stock: ${name}`)).toHaveCount(0)
  await page.getByLabel('Status').selectOption('DISMISSED')
  await expect(page.getByText(`Low stock: ${name}`)).toBeVisible()
})

test('type toggles, priority filter and Refresh; a failed load says so with a Retry', { tag: '@desktop' }, async ({ page }, testInfo) => {
  test.setTimeout(60_000)
  const name = `Alert Test Thyme ${testInfo.project.name} ${Date.now()}`
  await signInAs(page, 'Manager', '/manager/alerts')
  await expect(page.getByTestId('high-priority-count')).not.toHaveText('–')
  await page.getByLabel('Search alerts').fill(name)
  await expect(page.getByText(`No alerts found for "${name}"`)).toBeVisible()
  await emptyItem(page.request, name)
  // Refresh fetches the alerts raised meanwhile.
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByText(`Low stock: ${name}`)).toBeVisible()

  const toggle = (label: string) => page.getByRole('group', { name: 'Alert type' }).getByRole('button', { name: new RegExp(`^${label}`) })
  await expect(toggle('All')).toHaveAttribute('aria-pressed', 'true')
  await toggle('System').click()
  await expect(toggle('System')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText(`No alerts found for "${name}"`)).toBeVisible()
  await toggle('Low or out').click()
  await expect(page.getByText(`Low stock: ${name}`)).toBeVisible()
  await expect(page.getByText(`Out of stock: ${name}`)).toBeVisible()
  await page.getByLabel('Priority').selectOption('LOW')
  await expect(page.getByText(`No alerts found for "${name}"`)).toBeVisible()
  await page.getByLabel('Priority').selectOption('HIGH')
  await expect(page.getByText(`Low stock: ${name}`)).toBeVisible()

  await expectAccessible(page)
  await screenshot(page, testInfo, 'alerts')

  await page.route('**/api/alerts?*', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, message: 'Database is busy' }) }))
  await page.route('**/api/alerts/low-stock?*', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, message: 'Database is busy' }) }))
  await page.getByRole('button', { name: 'Refresh' }).click()
  // SPEC §8's line alone, the server's reason on its own line below it (not 'Failed to load alerts: …').
  await expect(page.getByRole('alert').getByText(ALERT_MSG.loadFailed, { exact: true })).toBeVisible()
  await expect(page.getByRole('alert').getByText('Database is busy', { exact: true })).toBeVisible()
  await expect(page.getByText(`${ALERT_MSG.loadFailed}:`)).toHaveCount(0)
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText(`Low stock: ${name}`)).toBeVisible()
})

test('a failed statistics load shows the spec line alone, the reason below, and retries', { tag: '@desktop' }, async ({ page }) => {
  await page.route('**/api/alerts/statistics', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, message: 'Database is busy' }) }))
  await signInAs(page, 'Manager', '/manager/alerts')
  const failed = page.getByRole('alert').filter({ hasText: ALERT_MSG.loadFailed })
  await expect(failed.getByText(ALERT_MSG.loadFailed, { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(failed.getByText('Database is busy', { exact: true })).toBeVisible()
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(failed).toHaveCount(0)
  await expect(page.getByTestId('open-count')).toHaveText(/^\d+$/)
})
