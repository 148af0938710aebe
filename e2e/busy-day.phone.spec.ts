// "A busy day on a phone": '2,5' is 2.5 in every quantity field, the Chef reads why a request was
// refused, and tonight's list goes in one form (one request per line, all or none).
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { KITCHEN_MSG } from '../src/contract/kitchen'
import { QUANTITY_MSG } from '../src/contract/quantity'
import { STOCK_MSG } from '../src/contract/stock'
import { apiLogin, DEMO, signInAs } from './helpers'

async function api<T = any>(request: APIRequestContext, token: string, method: string, path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy()
  return (await res.json()).data as T
}
const token = async (request: APIRequestContext, role: keyof typeof DEMO) => (await apiLogin(request, DEMO[role].email)).token
const unique = (what: string) => `${what} ${test.info().project.name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A fresh item with `store` kg in the main store and `kitchen` kg sent to the kitchen. */
async function makeItem(request: APIRequestContext, what: string, store: number, kitchen = 0) {
  const t = await token(request, 'Manager')
  const [category] = await api<{ id: number }[]>(request, t, 'GET', '/categories?limit=1')
  const [supplier] = await api<{ id: number }[]>(request, t, 'GET', '/suppliers?limit=1')
  const name = unique(what)
  const item = await api<{ id: number }>(request, t, 'POST', '/items', {
    name,
    category_id: category.id,
    supplier_id: supplier.id,
    unit: 'kg',
    cost_price: 10,
    current_quantity: store + kitchen,
    min_stock_level: 1,
  })
  if (kitchen) await api(request, t, 'POST', '/kitchen-inventory/transfer', { item_id: item.id, quantity: kitchen, direction: 'TO_KITCHEN' })
  return { id: item.id, name }
}
const itemOf = async (request: APIRequestContext, id: number) => api<{ current_quantity: number; cost_price: number }>(request, await token(request, 'Manager'), 'GET', `/items/${id}`)
const requestsFor = async (request: APIRequestContext, name: string) =>
  api<{ request_number: string; quantity_requested: number; priority: string }[]>(request, await token(request, 'Manager'), 'GET', `/kitchen-requests?q=${encodeURIComponent(name)}`)

const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function pick(scope: Locator, name: string) {
  await scope.getByRole('combobox', { name: 'Item' }).fill(name)
  await scope.getByRole('option', { name: new RegExp(name) }).click()
}

/** '1,234.5' is refused under the field (nothing sent); then '2,5' is typed. */
async function refuseThenTwoAndAHalf(field: Locator, submit: Locator) {
  await field.fill('1,234.5')
  await submit.click()
  await expect(field).toHaveAccessibleDescription(QUANTITY_MSG.oneMark)
  await field.fill('2,5')
  await expect(field).toHaveValue('2,5') // a text field: nothing typed is dropped
}

test.describe('2,5 is 2.5 in every quantity field', () => {
  test('the Record Stock Movement form', async ({ page, request }) => {
    const item = await makeItem(request, 'Garlic', 4)
    let posts = 0
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/stock-movements') && posts++)
    await signInAs(page, 'Storekeeper', '/movements')
    await page.getByRole('button', { name: 'Record Movement' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
    await pick(dialog, item.name)
    const field = dialog.getByLabel('Quantity (kg)')
    await expect(field).toHaveAttribute('type', 'text')
    await expect(field).toHaveAttribute('inputmode', 'decimal')
    await refuseThenTwoAndAHalf(field, dialog.getByRole('button', { name: 'Record Movement' }))
    expect(posts).toBe(0)
    await dialog.getByRole('button', { name: 'Record Movement' }).click()
    await expect(toastWith(page, STOCK_MSG.movementRecorded)).toBeVisible()
    expect((await itemOf(request, item.id)).current_quantity).toBe(6.5)
  })

  test('the request form', async ({ page, request }) => {
    const item = await makeItem(request, 'Butter', 10)
    await signInAs(page, 'Chef', '/requests')
    await page.getByRole('button', { name: 'New Request' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Request' })
    await pick(dialog, item.name)
    await refuseThenTwoAndAHalf(dialog.getByLabel('Quantity (kg)'), dialog.getByRole('button', { name: 'Submit Request' }))
    await dialog.getByRole('button', { name: 'Submit Request' }).click()
    await expect(toastWith(page, KITCHEN_MSG.requestCreated)).toBeVisible()
    const [made] = await requestsFor(request, item.name)
    expect(made.quantity_requested).toBe(2.5)
    await expect(toastWith(page, KITCHEN_MSG.requestCreated)).toContainText(made.request_number)
  })

  test('kitchen usage', async ({ page, request }) => {
    const item = await makeItem(request, 'Cumin', 0, 6)
    await signInAs(page, 'Chef', '/kitchen-inventory')
    await page.getByLabel('Search').fill(item.name)
    await page.getByRole('button', { name: `Use ${item.name}` }).click()
    const usage = page.getByRole('dialog', { name: 'Record Usage' })
    await refuseThenTwoAndAHalf(usage.getByLabel('Quantity (kg)'), usage.getByRole('button', { name: 'Record Usage' }))
    await usage.getByRole('button', { name: 'Record Usage' }).click()
    await expect(toastWith(page, KITCHEN_MSG.usageRecorded)).toContainText(`${item.name}: 3.5 kg in the kitchen now.`)
  })

  test("an item's cost price", async ({ page, request }) => {
    const item = await makeItem(request, 'Saffron', 1)
    await signInAs(page, 'Manager', '/stock')
    await page.getByLabel('Search items').fill(item.name)
    const row = page.locator('tbody tr, ul[aria-label="Stock items"] > li').filter({ hasText: item.name })
    await row.getByRole('button', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Item' })
    const cost = edit.getByLabel('Cost Price (ZMW)')
    await expect(cost).toHaveAttribute('type', 'text')
    await refuseThenTwoAndAHalf(cost, edit.getByRole('button', { name: 'Update Item' }))
    await edit.getByRole('button', { name: 'Update Item' }).click()
    await expect(toastWith(page, STOCK_MSG.itemUpdated)).toBeVisible()
    expect((await itemOf(request, item.id)).cost_price).toBe(2.5)
  })
})

test.describe('2,5 is 2.5 in the other quantity fields', () => {
  // Covered elsewhere: request lines (tonight's list below), approve, wastage and return to store
  // (feedback.phone.spec.ts), the settings' decimals (settings spec).
  test('count stock and send to kitchen', async ({ page, request }) => {
    test.setTimeout(120_000)
    const item = await makeItem(request, 'Paprika', 5)
    await signInAs(page, 'Storekeeper', '/stock')
    await page.getByLabel('Search items').fill(item.name)
    const row = page.locator('tbody tr, ul[aria-label="Stock items"] > li').filter({ hasText: item.name })
    await row.getByRole('button', { name: 'Count stock' }).click()
    const count = page.getByRole('dialog', { name: 'Count Stock' })
    await count.getByLabel('Reason').fill('Shelf count')
    await refuseThenTwoAndAHalf(count.getByLabel('Counted Quantity (kg)'), count.getByRole('button', { name: 'Save Count' }))
    await count.getByRole('button', { name: 'Save Count' }).click()
    await expect(toastWith(page, STOCK_MSG.stockCounted)).toContainText(`${item.name}: 2.5 kg in store now.`)
    expect((await itemOf(request, item.id)).current_quantity).toBe(2.5)

    await row.getByRole('button', { name: 'Send to kitchen' }).click()
    const send = page.getByRole('dialog', { name: 'Send to Kitchen' })
    await send.getByLabel('Quantity (kg)').fill('1.234,5')
    await send.getByRole('button', { name: 'Send to Kitchen' }).click()
    await expect(send.getByLabel('Quantity (kg)')).toHaveAccessibleDescription(QUANTITY_MSG.oneMark)
    await send.getByLabel('Quantity (kg)').fill('1,5')
    await send.getByRole('button', { name: 'Send to Kitchen' }).click()
    await expect(toastWith(page, KITCHEN_MSG.transferRecorded)).toContainText(`${item.name}: 1 kg in store, 1.5 kg in the kitchen now.`)
  })

  test("a new item's initial quantity and minimum, and the kitchen's adjustment", async ({ page, request }) => {
    test.setTimeout(120_000)
    const name = unique('Cardamom')
    await signInAs(page, 'Manager', '/stock')
    await page.getByRole('button', { name: 'Add Item' }).click()
    const add = page.getByRole('dialog', { name: 'Add New Item' })
    await add.getByLabel('Item Name').fill(name)
    await add.getByLabel('Category').selectOption({ index: 1 })
    await add.getByLabel('Supplier', { exact: true }).selectOption({ index: 1 })
    await add.getByLabel('Unit').fill('kg')
    await add.getByLabel('Cost Price (ZMW)').fill('12,5')
    await refuseThenTwoAndAHalf(add.getByLabel('Initial Quantity'), add.getByRole('button', { name: 'Create Item' }))
    await add.getByLabel('Minimum Stock Level').fill('0,75')
    await add.getByRole('button', { name: 'Create Item' }).click()
    await expect(toastWith(page, STOCK_MSG.itemCreated)).toBeVisible()
    const [made] = await api<{ id: number; current_quantity: number; min_stock_level: number; cost_price: number }[]>(request, await token(request, 'Manager'), 'GET', `/items?q=${encodeURIComponent(name)}`)
    expect([made.current_quantity, made.min_stock_level, made.cost_price]).toEqual([2.5, 0.75, 12.5])

    await api(request, await token(request, 'Manager'), 'POST', '/kitchen-inventory/transfer', { item_id: made.id, quantity: 1, direction: 'TO_KITCHEN' })
    await page.goto('/kitchen-inventory')
    await page.getByLabel('Search').fill(name)
    await page.getByRole('button', { name: `Adjust ${name}` }).click()
    const adjust = page.getByRole('dialog', { name: 'Adjust Kitchen Stock' })
    await adjust.getByLabel('Add to stock').check()
    await adjust.getByLabel('Reason').fill('Found a jar')
    await refuseThenTwoAndAHalf(adjust.getByLabel('Quantity (kg)'), adjust.getByRole('button', { name: 'Record Adjustment' }))
    await adjust.getByRole('button', { name: 'Record Adjustment' }).click()
    await expect(toastWith(page, KITCHEN_MSG.adjustmentRecorded)).toContainText(`${name}: 3.5 kg in the kitchen now.`)
  })
})

test('a rejected request shows its reason to the Chef', async ({ page, request }) => {
  const item = await makeItem(request, 'Truffle', 2)
  const made = await api<{ id: number; request_number: string }>(request, await token(request, 'Chef'), 'POST', '/kitchen-requests', { item_id: item.id, quantity_requested: 3 })
  await api(request, await token(request, 'Storekeeper'), 'PATCH', `/kitchen-requests/${made.id}/reject`, { remarks: 'Only 2 kg left; delivery on Friday' })
  await signInAs(page, 'Chef', '/requests')
  await page.getByLabel('Search').fill(made.request_number)
  const row = page.getByRole('main').locator('tbody > tr, ul[aria-label="Kitchen requests"] > li').filter({ hasText: made.request_number })
  await expect(row).toContainText('Rejected')
  await expect(row).toContainText('Reason: Only 2 kg left; delivery on Friday')
})

test("tonight's list: three lines make three requests, numbers shown; a failing line makes none", async ({ page, request }) => {
  test.setTimeout(120_000)
  const [onions, garlic, cream] = [await makeItem(request, 'Onions', 12), await makeItem(request, 'Garlic', 3), await makeItem(request, 'Cream', 5)]
  await signInAs(page, 'Chef', '/requests')
  await page.getByRole('button', { name: 'New Request' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Request' })
  await pick(dialog, onions.name)
  await expect(dialog.getByText('12 kg in store', { exact: true })).toBeVisible() // the store's on-hand stays once picked
  await dialog.getByLabel('Quantity (kg)').fill('5')
  await dialog.getByRole('button', { name: 'Add line' }).click()
  const line2 = dialog.getByRole('group', { name: 'Line 2' })
  await pick(line2, garlic.name)
  await expect(line2.getByText('3 kg in store', { exact: true })).toBeVisible()
  await line2.getByLabel('Quantity (kg)').fill('2,5')
  await line2.getByLabel('Priority').selectOption('HIGH')
  await dialog.getByRole('button', { name: 'Add line' }).click()
  const line3 = dialog.getByRole('group', { name: 'Line 3' })
  await pick(line3, cream.name)
  await line3.getByLabel('Quantity (kg)').fill('0,75')
  await dialog.getByRole('button', { name: 'Submit 3 Requests' }).click()
  const done = toastWith(page, KITCHEN_MSG.requestsCreated(3))
  await expect(done).toBeVisible()
  const made = [...(await requestsFor(request, onions.name)), ...(await requestsFor(request, garlic.name)), ...(await requestsFor(request, cream.name))]
  expect(made.map((r) => [r.quantity_requested, r.priority])).toEqual([
    [5, 'MEDIUM'],
    [2.5, 'HIGH'],
    [0.75, 'MEDIUM'],
  ])
  for (const r of made) await expect(done).toContainText(r.request_number)

  // A line whose item is gone by the time the list is sent: nothing is made, the line is named.
  const gone = await makeItem(request, 'Basil', 0)
  const kept = await makeItem(request, 'Thyme', 4)
  await page.getByRole('button', { name: 'New Request' }).click()
  await pick(dialog, kept.name)
  await dialog.getByLabel('Quantity (kg)').fill('1')
  await dialog.getByRole('button', { name: 'Add line' }).click()
  await pick(dialog.getByRole('group', { name: 'Line 2' }), gone.name)
  await dialog.getByRole('group', { name: 'Line 2' }).getByLabel('Quantity (kg)').fill('1')
  await api(request, await token(request, 'Manager'), 'DELETE', `/items/${gone.id}`)
  await dialog.getByRole('button', { name: 'Submit 2 Requests' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: `Line 2: ${KITCHEN_MSG.unknownItem}` })).toBeVisible()
  expect(await requestsFor(request, kept.name)).toEqual([])
})
