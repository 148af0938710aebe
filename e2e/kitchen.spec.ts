// /kitchen-inventory: usage, wastage and the Manager's adjustment, the phone layout, paging, axe and screenshots.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { KITCHEN_MSG } from '../src/contract/kitchen'
import { apiLogin, DEMO, expectAccessible, screenshot, signInAs } from './helpers'

async function api<T = any>(request: APIRequestContext, token: string, method: string, path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy()
  return (await res.json()).data as T
}

/** A fresh item with `kitchen` kg sent to the kitchen (a transfer), so each test owns its numbers. */
async function kitchenItem(request: APIRequestContext, what: string, kitchen: number) {
  const name = `${what} ${test.info().project.name} ${Date.now().toString(36)}`
  const { token } = await apiLogin(request, DEMO.Manager.email)
  const [category] = await api<{ id: number }[]>(request, token, 'GET', '/categories?limit=1')
  const [supplier] = await api<{ id: number }[]>(request, token, 'GET', '/suppliers?limit=1')
  const item = await api<{ id: number }>(request, token, 'POST', '/items', {
    name,
    category_id: category.id,
    supplier_id: supplier.id,
    unit: 'kg',
    cost_price: 10,
    current_quantity: kitchen + 10,
    min_stock_level: 1,
  })
  await api(request, token, 'POST', '/kitchen-inventory/transfer', { item_id: item.id, quantity: kitchen, direction: 'TO_KITCHEN' })
  return { id: item.id, name, managerToken: token }
}

const rowOf = (page: Page, text: string) => page.getByRole('main').locator('tbody > tr, ul[aria-label="Kitchen inventory"] > li').filter({ hasText: text })
const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function findInKitchen(page: Page, name: string) {
  await page.getByLabel('Search').fill(name)
  await expect(rowOf(page, name)).toHaveCount(1)
}

/** The whole dialog is on screen: nothing to scroll on a phone. */
async function expectFitsScreen(page: Page, name: string) {
  const box = await page.getByRole('dialog', { name }).boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport).toBeTruthy()
  expect(box!.y).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height + 1)
}

test('usage and wastage: over-balance refused before sending, wastage needs its reason, the balance updates', async ({ page, request }) => {
  const item = await kitchenItem(request, 'Cumin', 6)
  await signInAs(page, 'Chef', '/kitchen-inventory')
  await expect(page.getByRole('heading', { name: 'Kitchen Inventory' })).toBeVisible()
  await findInKitchen(page, item.name)
  await expect(rowOf(page, item.name)).toContainText('6 kg')
  await expect(rowOf(page, item.name)).not.toContainText('Low Stock')
  await expect(page.getByRole('button', { name: `Adjust ${item.name}` })).toHaveCount(0)

  // No kitchen minimum until one is set on the item (issue 24): the Chef sets 5 kg, typed with a comma.
  await expect(rowOf(page, item.name)).toContainText('No minimum')
  await page.getByRole('button', { name: `Minimum for ${item.name}` }).click()
  const minimum = page.getByRole('dialog', { name: 'Kitchen minimum' })
  await expect(minimum).toContainText('6 kg in the kitchen')
  await minimum.getByLabel('Minimum (kg)').fill('-1')
  await minimum.getByRole('button', { name: 'Save Minimum' }).click()
  await expect(minimum.getByText('Minimum must be at least 0')).toBeVisible()
  await minimum.getByLabel('Minimum (kg)').fill('5,0')
  await minimum.getByRole('button', { name: 'Save Minimum' }).click()
  await expect(toastWith(page, KITCHEN_MSG.minimumSaved)).toContainText(`${item.name}: Low Stock at 5 kg or less.`)
  await expect(rowOf(page, item.name)).toContainText('Min 5 kg')
  await expect(rowOf(page, item.name)).not.toContainText('Low Stock')

  // Record Usage from the header: the item is picked from the kitchen, the keypad is numeric.
  let posts = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/kitchen-inventory/')) posts++
  })
  await page.getByRole('button', { name: 'Record Usage' }).click()
  const usage = page.getByRole('dialog', { name: 'Record Usage' })
  await usage.getByRole('combobox', { name: 'Item' }).fill(item.name)
  await usage.getByRole('option', { name: new RegExp(item.name) }).click()
  await expect(usage.getByLabel('Quantity (kg)')).toHaveAccessibleDescription('6 kg in the kitchen')
  await expect(usage.getByLabel('Quantity (kg)')).toHaveAttribute('inputmode', 'decimal')
  await expectFitsScreen(page, 'Record Usage')
  await usage.getByLabel('Quantity (kg)').fill('7.5')
  await expect(usage.getByRole('alert')).toHaveText(KITCHEN_MSG.insufficientForUsage(600, 750, 'kg'))
  await usage.getByRole('button', { name: 'Record Usage' }).click()
  await expect(usage).toBeVisible()
  expect(posts).toBe(0)
  await usage.getByLabel('Quantity (kg)').fill('1.5')
  await usage.getByLabel('Details (optional)').fill('Curry of the day')
  await usage.getByRole('button', { name: 'Record Usage' }).click()
  await expect(toastWith(page, KITCHEN_MSG.usageRecorded)).toContainText(`${item.name}: 4.5 kg in the kitchen now.`)
  await expect(rowOf(page, item.name)).toContainText('4.5 kg')
  await expect(rowOf(page, item.name)).toContainText('Low Stock')

  // Wastage from the row: over the balance, then without a reason, both refused here.
  await page.getByRole('button', { name: `Waste ${item.name}` }).click()
  const wastage = page.getByRole('dialog', { name: 'Record Wastage' })
  await expectFitsScreen(page, 'Record Wastage')
  await wastage.getByLabel('Quantity (kg)').fill('5')
  await expect(wastage.getByRole('alert')).toHaveText(KITCHEN_MSG.insufficientForWastage(450, 500, 'kg'))
  await wastage.getByLabel('Quantity (kg)').fill('0.5')
  await wastage.getByRole('button', { name: 'Record Wastage' }).click()
  await expect(wastage.getByText('Reason is required')).toBeVisible()
  expect(posts).toBe(1)
  await wastage.getByLabel('Reason').fill('Burnt')
  await wastage.getByRole('button', { name: 'Record Wastage' }).click()
  await expect(toastWith(page, KITCHEN_MSG.wastageRecorded)).toBeVisible()
  await expect(rowOf(page, item.name)).toContainText('4 kg')

  // The balance changed elsewhere after the form opened: the server's message is shown.
  await page.getByRole('button', { name: `Use ${item.name}` }).click()
  const again = page.getByRole('dialog', { name: 'Record Usage' })
  await api(request, item.managerToken, 'POST', '/kitchen-inventory/usage', { item_id: item.id, quantity: 3 })
  await again.getByLabel('Quantity (kg)').fill('2')
  await again.getByRole('button', { name: 'Record Usage' }).click()
  await expect(again.getByRole('alert')).toHaveText(KITCHEN_MSG.insufficientForUsage(100, 200, 'kg'))
  await again.getByRole('button', { name: 'Cancel' }).click()
  await expect(rowOf(page, item.name)).toContainText('1 kg')
})

test('a Manager adjusts kitchen stock: negative allowed down to zero, reason required', { tag: '@desktop' }, async ({ page, request }) => {
  const item = await kitchenItem(request, 'Clove', 3)
  await signInAs(page, 'Manager', '/kitchen-inventory')
  await findInKitchen(page, item.name)
  await page.getByRole('button', { name: `Adjust ${item.name}` }).click()
  const adjust = page.getByRole('dialog', { name: 'Adjust Kitchen Stock' })
  await expectFitsScreen(page, 'Adjust Kitchen Stock')
  await adjust.getByLabel('Remove from stock').check()
  await adjust.getByLabel('Quantity (kg)').fill('4')
  await expect(adjust.getByRole('alert')).toHaveText(KITCHEN_MSG.insufficientForAdjustment(300, 400, 'kg'))
  // A typed minus sign works too.
  await adjust.getByLabel('Add to stock').check()
  await adjust.getByLabel('Quantity (kg)').fill('-5')
  await expect(adjust.getByRole('alert')).toHaveText(KITCHEN_MSG.insufficientForAdjustment(300, 500, 'kg'))
  await adjust.getByLabel('Quantity (kg)').fill('-3')
  await adjust.getByRole('button', { name: 'Record Adjustment' }).click()
  await expect(adjust.getByText('Reason is required')).toBeVisible()
  await adjust.getByLabel('Reason').fill('Counted: none left')
  await adjust.getByRole('button', { name: 'Record Adjustment' }).click()
  await expect(toastWith(page, KITCHEN_MSG.adjustmentRecorded)).toBeVisible()
  await expect(rowOf(page, item.name)).toContainText('0 kg')
  await expect(rowOf(page, item.name)).toContainText('Out of Stock')
  // Nothing left to use or waste: the row offers a request first.
  await expect(rowOf(page, item.name).getByRole('link', { name: `Request ${item.name}` })).toBeVisible()
  await expect(rowOf(page, item.name).getByRole('button', { name: `Use ${item.name}` })).toHaveCount(0)

  await page.getByRole('tab', { name: 'Movements' }).click()
  await page.getByLabel('Search').fill(item.name)
  const moves = page.getByRole('main').locator('tbody > tr, ul[aria-label="Kitchen movements"] > li')
  await expect(moves).toHaveCount(2)
  await expect(moves.filter({ hasText: 'Adjustment' })).toContainText('−3 kg')
  await expect(moves.filter({ hasText: 'Transfer' })).toContainText('+3 kg')
  await page.getByLabel('Movement type').selectOption('ADJUSTMENT')
  await expect(moves).toHaveCount(1)
  await expect(moves).toContainText('Counted: none left')
})

test('movements: type filter, and paging goes back to page 1 on search and on tab change', { tag: '@phone' }, async ({ page }) => {
  await signInAs(page, 'Chef', '/kitchen-inventory')
  await page.getByRole('tab', { name: 'Movements' }).click()
  await expect(page.getByRole('tab', { name: 'Movements' })).toHaveAttribute('aria-selected', 'true')
  const types = await page.getByLabel('Movement type').locator('option').allInnerTexts()
  expect(types).toEqual(['All', 'Stock In', 'Usage', 'Wastage', 'Adjustment'])
  const moves = page.getByRole('main').locator('tbody > tr, ul[aria-label="Kitchen movements"] > li')
  await page.getByLabel('Movement type').selectOption('WASTE')
  await expect(moves).toHaveCount(10)
  // Retried until the filtered page has replaced the one shown before it.
  await expect(moves.filter({ hasNotText: 'Wastage' })).toHaveCount(0)

  const pager = page.getByRole('navigation', { name: 'Pagination' })
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(pager).toContainText('Page 2 of')
  await page.getByLabel('Search').fill('a')
  await expect(pager).toContainText('Page 1 of')
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(pager).toContainText('Page 2 of')
  await page.getByRole('tab', { name: 'Inventory' }).click()
  await page.getByLabel('Search').fill('')
  await expect(pager).toContainText('Page 1 of')
})

test('kitchen inventory page: stats, axe and screenshots', async ({ page }) => {
  test.setTimeout(90_000) // axe runs and full-page screenshots are slow on the shared 2-core box
  await signInAs(page, 'Chef', '/kitchen-inventory')
  const stats = page.getByRole('region', { name: 'Kitchen statistics' })
  for (const label of ['Total Items', 'In Stock', 'Low Stock', 'Out of Stock']) await expect(stats.getByText(label, { exact: true })).toBeVisible()
  const rows = page.getByRole('main').locator('tbody > tr, ul[aria-label="Kitchen inventory"] > li')
  await expect(rows).toHaveCount(10)
  await expectAccessible(page)
  await screenshot(page, test.info(), 'kitchen-inventory')

  await page.getByRole('button', { name: 'Record Wastage' }).click()
  await expect(page.getByRole('dialog', { name: 'Record Wastage' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, test.info(), 'kitchen-wastage')
  await page.getByRole('dialog', { name: 'Record Wastage' }).getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('tab', { name: 'Movements' }).click()
  await expect(page.getByRole('main').locator('tbody > tr, ul[aria-label="Kitchen movements"] > li')).toHaveCount(10)
  await expectAccessible(page)
  await screenshot(page, test.info(), 'kitchen-movements')
})

test('load and write failures show the spec lines', { tag: '@phone' }, async ({ page }) => {
  await signInAs(page, 'Chef', '/dashboard')
  await page.route(/\/api\/kitchen-inventory\/inventory\?/, (r) => r.fulfill({ status: 500, contentType: 'text/plain', body: '' }))
  await page.goto('/kitchen-inventory')
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to load kitchen inventory data')
  await page.unroute(/\/api\/kitchen-inventory\/inventory\?/)
  await page.getByRole('button', { name: 'Retry' }).click()
  const rows = page.getByRole('main').locator('tbody > tr, ul[aria-label="Kitchen inventory"] > li')
  await expect(rows).toHaveCount(10)

  await page.route(/\/api\/kitchen-inventory\/usage$/, (r) => r.fulfill({ status: 500, contentType: 'text/plain', body: '' }))
  await page.getByRole('button', { name: /^Use / }).first().click()
  const usage = page.getByRole('dialog', { name: 'Record Usage' })
  await usage.getByLabel(/^Quantity/).fill('0.01')
  await usage.getByRole('button', { name: 'Record Usage' }).click()
  await expect(usage.getByRole('alert')).toHaveText(KITCHEN_MSG.recordUsageFailed)
})
