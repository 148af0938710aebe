// /movements: recording, the insufficient-stock rule before and after sending, roles, paging, at both widths.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { STOCK_MSG } from '../src/contract/stock'
import { apiLogin, DEMO, expectAccessible, screenshot, signInAs } from './helpers'

const stamp = () => `${test.info().project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A row of a list: a table row on desks, a card on phones. */
const rowOf = (page: Page, text: string): Locator => page.locator('tbody tr, ul[aria-label="Stock movements"] > li, ul[aria-label="Stock items"] > li').filter({ hasText: text })

async function storekeeper(request: APIRequestContext) {
  const { token } = await apiLogin(request, DEMO.Storekeeper.email)
  return { Authorization: `Bearer ${token}` }
}

/** A fresh item (no stock) made through the API. */
async function apiItem(request: APIRequestContext, name: string, quantity = 0) {
  const headers = await storekeeper(request)
  const categories = (await (await request.get('/api/categories?limit=1', { headers })).json()).data
  const suppliers = (await (await request.get('/api/suppliers?limit=1', { headers })).json()).data
  const res = await request.post('/api/items', {
    headers,
    data: { name, category_id: categories[0].id, supplier_id: suppliers[0].id, unit: 'kg', cost_price: 10, current_quantity: quantity, min_stock_level: 1 },
  })
  expect(res.status()).toBe(201)
  return (await res.json()).data as { id: number }
}

async function pickItem(dialog: Locator, name: string) {
  const box = dialog.getByRole('combobox', { name: 'Item' })
  await box.fill(name)
  await dialog.getByRole('option', { name: new RegExp(name) }).click()
  await expect(box).toHaveValue(name)
}

async function record(page: Page, name: string, type: 'IN' | 'OUT', quantity: string, remarks = '') {
  await page.getByRole('button', { name: 'Record Movement' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
  await pickItem(dialog, name)
  await dialog.getByLabel('Type').selectOption(type)
  await dialog.getByLabel(/^Quantity/).fill(quantity)
  if (remarks) await dialog.getByLabel('Remarks').fill(remarks)
  await dialog.getByRole('button', { name: 'Record Movement' }).click()
  return dialog
}

test('Storekeeper records an IN, is refused an OUT above the balance, then a valid OUT changes the balance in /stock', { tag: '@phone' }, async ({ page, request }) => {
  const name = `Flow ${stamp()}`
  const { id } = await apiItem(request, name)
  await signInAs(page, 'Storekeeper', '/movements')
  await expect(page.getByRole('heading', { name: 'Stock Movements' })).toBeVisible()

  // Required fields first.
  await page.getByRole('button', { name: 'Record Movement' }).click()
  const empty = page.getByRole('dialog', { name: 'Record Stock Movement' })
  await empty.getByRole('button', { name: 'Record Movement' }).click()
  await expect(empty.getByText('Item is required')).toBeVisible()
  await expect(empty.getByText('Quantity is required')).toBeVisible()
  await expect(empty.getByLabel(/^Quantity/)).toHaveAttribute('inputmode', 'decimal')
  await empty.getByRole('button', { name: 'Cancel' }).click()

  let dialog = await record(page, name, 'IN', '10', 'Delivery by e2e')
  await expect(page.getByRole('status').filter({ hasText: STOCK_MSG.movementRecorded })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await page.getByLabel('Search movements').fill(name)
  await expect(rowOf(page, name).filter({ hasText: 'Delivery by e2e' })).toContainText('Stock In')
  await expect(rowOf(page, name).filter({ hasText: 'Delivery by e2e' })).toContainText('+10 kg')
  await expect(rowOf(page, name).filter({ hasText: 'Delivery by e2e' })).toContainText(DEMO.Storekeeper.name)

  // Above the known balance: refused before anything is sent.
  let posts = 0
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/stock-movements') && posts++)
  dialog = await record(page, name, 'OUT', '15')
  await expect(dialog.getByRole('alert')).toHaveText(STOCK_MSG.insufficientStock(1000, 1500, 'kg'))
  await expect(dialog.getByRole('alert')).toHaveText('Insufficient stock! Available: 10 kg, Requested: 15 kg. Please restock before proceeding.')
  expect(posts).toBe(0)

  // The balance changes behind the open form: the server refuses and its message is shown.
  const res = await request.post('/api/stock-movements', { headers: await storekeeper(request), data: { item_id: id, type: 'OUT', quantity: 8 } })
  expect(res.status()).toBe(201)
  await dialog.getByLabel(/^Quantity/).fill('5')
  await dialog.getByRole('button', { name: 'Record Movement' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(STOCK_MSG.insufficientStock(200, 500, 'kg'))
  expect(posts).toBe(1)
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // A valid OUT.
  dialog = await record(page, name, 'OUT', '1.5', 'Issued to the bar')
  await expect(page.getByRole('status').filter({ hasText: STOCK_MSG.movementRecorded }).last()).toBeVisible()
  await expect(rowOf(page, name).filter({ hasText: 'Issued to the bar' })).toContainText('Usage')
  await expect(rowOf(page, name).filter({ hasText: 'Issued to the bar' })).toContainText('−1.5 kg')

  await page.goto('/stock')
  await page.getByLabel('Search items').fill(name)
  await expect(rowOf(page, name)).toContainText('0.5 kg')
})

test('Storekeeper sees Edit on rows a person entered, no Delete, and no Total Value on /stock', async ({ page, request }) => {
  const name = `Keeper ${stamp()}`
  await apiItem(request, name, 4)
  await signInAs(page, 'Storekeeper', '/movements')
  await record(page, name, 'IN', '6', 'Keeper delivery')
  await page.getByLabel('Search movements').fill(name)
  const manual = rowOf(page, name).filter({ hasText: 'Keeper delivery' })
  await expect(manual.getByRole('button', { name: 'Edit' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  // Opening stock was not entered on this page: no Edit.
  const opening = rowOf(page, name).filter({ hasText: 'Opening stock' })
  await expect(opening).toContainText('+4 kg')
  await expect(opening.getByRole('button', { name: 'Edit' })).toHaveCount(0)

  // Edit: an OUT larger than the balance without this row is refused before sending.
  await manual.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Stock Movement' })
  await expect(edit).toContainText('Available: 10 kg')
  await edit.getByLabel('Type').selectOption('OUT')
  await edit.getByLabel(/^Quantity/).fill('5')
  await edit.getByRole('button', { name: 'Update Movement' }).click()
  await expect(edit.getByRole('alert')).toHaveText(STOCK_MSG.insufficientStock(400, 500, 'kg'))
  await edit.getByLabel('Type').selectOption('IN')
  await edit.getByLabel(/^Quantity/).fill('7')
  await edit.getByRole('button', { name: 'Update Movement' }).click()
  await expect(page.getByRole('status').filter({ hasText: STOCK_MSG.movementUpdated })).toBeVisible()
  await expect(rowOf(page, name).filter({ hasText: 'Keeper delivery' })).toContainText('+7 kg')
  // The edit is kept: who edited the row, and its history in the edit dialog.
  await expect(manual).toContainText('Edited by')
  await manual.getByRole('button', { name: 'Edit' }).click()
  await expect(edit.getByRole('list', { name: 'Edit history' })).toContainText(/Edited by .+: quantity 6 → 7/)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  // A row the Manager recorded is not the Storekeeper's to edit.
  const { token: managerToken } = await apiLogin(request, DEMO.Manager.email)
  const itemId = (await (await request.get(`/api/items?q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${managerToken}` } })).json()).data[0].id
  await request.post('/api/stock-movements', { headers: { authorization: `Bearer ${managerToken}` }, data: { item_id: itemId, type: 'IN', quantity: 1, remarks: 'Manager delivery' } })
  await page.reload()
  await page.getByLabel('Search movements').fill(name)
  await expect(rowOf(page, name).filter({ hasText: 'Manager delivery' })).toHaveCount(1)
  await expect(rowOf(page, name).filter({ hasText: 'Manager delivery' }).getByRole('button', { name: 'Edit' })).toHaveCount(0)

  await page.goto('/stock')
  await expect(page.getByRole('region', { name: 'Statistics' }).getByText('Total Categories')).toBeVisible()
  await expect(page.getByText('Total Value')).toHaveCount(0)
})

test('Manager deletes a movement after confirming; the balance is reversed', { tag: '@desktop' }, async ({ page, request }) => {
  const name = `Manager ${stamp()}`
  await apiItem(request, name, 2)
  await signInAs(page, 'Manager', '/movements')
  await record(page, name, 'IN', '3', 'To be deleted')
  await page.getByLabel('Search movements').fill(name)
  const row = rowOf(page, name).filter({ hasText: 'To be deleted' })
  await row.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Stock Movement' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('status').filter({ hasText: STOCK_MSG.movementDeleted })).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect(rowOf(page, name).filter({ hasText: 'Opening stock' })).toContainText('+2 kg')
  await expect(rowOf(page, name).filter({ hasText: 'Opening stock' }).getByRole('button', { name: 'Delete' })).toHaveCount(0)

  await page.goto('/stock')
  await page.getByLabel('Search items').fill(name)
  await expect(rowOf(page, name)).toContainText('2 kg')
})

test('filters: type and item; paging goes back to page 1 on search', { tag: '@phone' }, async ({ page }) => {
  await signInAs(page, 'Manager', '/movements')
  const stats = page.getByRole('region', { name: 'Statistics' })
  for (const label of ['Total Movements', 'Stock In', 'Stock Out']) await expect(stats.getByText(label)).toBeVisible()

  const pager = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pager).toContainText('Page 1 of')
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(pager).toContainText('Page 2 of')
  await page.getByLabel('Search movements').fill('a')
  await expect(pager).toContainText('Page 1 of')
  await page.getByLabel('Search movements').fill('')

  await page.getByLabel('Type').selectOption('ADJUSTMENT')
  await expect(rowOf(page, 'Adjustment').first()).toBeVisible()
  await expect(page.locator('tbody tr, ul[aria-label="Stock movements"] > li').filter({ hasText: /Stock In|Usage/ })).toHaveCount(0)
  await page.getByLabel('Type').selectOption('')

  const item = page.getByRole('combobox', { name: 'Item' })
  await item.fill('Basmati')
  await page.getByRole('option', { name: /Basmati rice/ }).click()
  await expect(page.locator('tbody tr:not([aria-hidden]), ul[aria-label="Stock movements"] > li:not([aria-hidden])').first()).toContainText('Basmati rice')
  await expect(page.locator('tbody tr, ul[aria-label="Stock movements"] > li').filter({ hasNotText: 'Basmati rice' })).toHaveCount(0)
})

test('the page and the form pass axe and are photographed', async ({ page }) => {
  test.setTimeout(60_000) // axe runs several times on a shared CPU
  await signInAs(page, 'Manager', '/movements')
  await expect(page.locator('tbody tr:not([aria-hidden]), ul[aria-label="Stock movements"] > li:not([aria-hidden])').first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, test.info(), 'movements')
  await page.getByRole('button', { name: 'Record Movement' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
  await dialog.getByRole('combobox', { name: 'Item' }).fill('Be')
  await expect(dialog.getByRole('option').first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, test.info(), 'movements-form')
})
