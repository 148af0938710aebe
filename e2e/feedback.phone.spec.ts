// Feedback on a phone (issue 24 item 7 and the review dialogs of item 4): stock toasts name the item and
// its new balance, Undo on a movement's toast, 'Save and add another', the quick action opens the form,
// the Return-to-store sheet shows the kitchen's balance, wastage quick reasons, Approve shows the
// store's on-hand and the Fulfil question names item, quantity and unit.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { KITCHEN_MSG } from '../src/contract/kitchen'
import { STOCK_MSG } from '../src/contract/stock'
import { MOVEMENT_UI } from '../ui/src/messages/stock'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

async function api<T = any>(request: APIRequestContext, token: string, method: string, path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy()
  return (await res.json()).data as T
}
const token = async (request: APIRequestContext, role: keyof typeof DEMO) => (await apiLogin(request, DEMO[role].email)).token
const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A fresh item with `store` kg in the main store and `kitchen` kg sent to the kitchen. */
async function makeItem(request: APIRequestContext, what: string, store: number, kitchen = 0) {
  const t = await token(request, 'Manager')
  const [category] = await api<{ id: number }[]>(request, t, 'GET', '/categories?limit=1')
  const [supplier] = await api<{ id: number }[]>(request, t, 'GET', '/suppliers?limit=1')
  const name = unique(what)
  const item = await api<{ id: number }>(request, t, 'POST', '/items', { name, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 10, current_quantity: store + kitchen, min_stock_level: 1 })
  if (kitchen) await api(request, t, 'POST', '/kitchen-inventory/transfer', { item_id: item.id, quantity: kitchen, direction: 'TO_KITCHEN' })
  return { id: item.id, name }
}
const storeOf = async (request: APIRequestContext, id: number) => (await api<{ current_quantity: number }>(request, await token(request, 'Manager'), 'GET', `/items/${id}`)).current_quantity
// A shared 2-core machine: give each job time.
test.describe.configure({ timeout: 120_000 })

const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function pick(scope: Locator, name: string) {
  await scope.getByRole('combobox', { name: 'Item' }).fill(name)
  await scope.getByRole('option', { name: new RegExp(name) }).click()
}

test("the dashboard's Record Movement opens the form; 'Save and add another' keeps it open with the picker focused; each toast names the item and its balance", async ({ page, request }) => {
  const [rice, oil] = [await makeItem(request, 'Rice', 4), await makeItem(request, 'Oil', 1)]
  await signInAs(page, 'Storekeeper', '/dashboard')
  await page.getByRole('link', { name: 'Record Movement', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Record Stock Movement' })
  await expect(sheet).toBeVisible({ timeout: 30_000 }) // the page's code loads first
  await expect(page).toHaveURL(/\/movements$/)

  await pick(sheet, rice.name)
  await sheet.getByLabel('Quantity (kg)').fill('2,5')
  await sheet.getByRole('button', { name: MOVEMENT_UI.saveAndAddAnother }).click()
  await expect(toastWith(page, `${rice.name}: 6.5 kg in store now.`)).toBeVisible()
  await expect(sheet).toBeVisible()
  const picker = sheet.getByRole('combobox', { name: 'Item' })
  await expect(picker).toBeFocused()
  await expect(picker).toHaveValue('')
  await expect(sheet.getByLabel('Quantity', { exact: true })).toHaveValue('') // no item picked: no unit in the label

  await pick(sheet, oil.name)
  await sheet.getByLabel('Quantity (kg)').fill('3')
  await sheet.getByRole('button', { name: 'Record Movement' }).click()
  await expect(sheet).toBeHidden()
  const oilToast = toastWith(page, `${oil.name}: 4 kg in store now.`)
  await expect(oilToast).toBeVisible()
  await expect(oilToast.getByRole('button', { name: MOVEMENT_UI.undo })).toHaveCount(0) // a Storekeeper may not delete movements
  expect([await storeOf(request, rice.id), await storeOf(request, oil.id)]).toEqual([6.5, 4])
})

test("Undo on a movement's toast deletes it; once the rules refuse, the refusal is shown", async ({ page, request }) => {
  const beans = await makeItem(request, 'Beans', 2)
  // DELETE /stock-movements/{id} is the Manager's (SPEC access table): Undo is offered to who may delete.
  await signInAs(page, 'Manager', '/movements')
  const record = async (qty: string) => {
    await page.getByRole('button', { name: 'Record Movement' }).click()
    const sheet = page.getByRole('dialog', { name: 'Record Stock Movement' })
    await pick(sheet, beans.name)
    await sheet.getByLabel('Quantity (kg)').fill(qty)
    await sheet.getByRole('button', { name: 'Record Movement' }).click()
    await expect(sheet).toBeHidden()
  }
  await record('5')
  const done = toastWith(page, `${beans.name}: 7 kg in store now.`)
  await expect(done).toContainText(STOCK_MSG.movementRecorded)
  await done.getByRole('button', { name: MOVEMENT_UI.undo }).click()
  await expect(toastWith(page, `Undone: ${STOCK_MSG.movementDeleted}`)).toContainText(`${beans.name}: 2 kg in store now.`)
  expect(await storeOf(request, beans.id)).toBe(2)

  // Delivered, then 6 kg sent to the kitchen: undoing the delivery would leave −4 kg, so the server refuses.
  await record('5')
  await api(request, await token(request, 'Manager'), 'POST', '/kitchen-inventory/transfer', { item_id: beans.id, quantity: 6, direction: 'TO_KITCHEN' })
  await toastWith(page, `${beans.name}: 7 kg in store now.`).getByRole('button', { name: MOVEMENT_UI.undo }).click()
  await expect(page.getByRole('alert').filter({ hasText: STOCK_MSG.insufficientStock(100, 500, 'kg') })).toBeVisible()
  expect(await storeOf(request, beans.id)).toBe(1)
  await expectAccessible(page)
})

test("the Return-to-store sheet shows the kitchen's balance", async ({ page, request }) => {
  const flour = await makeItem(request, 'Flour', 8, 3)
  await signInAs(page, 'Manager', '/stock')
  await page.getByLabel('Search items').fill(flour.name)
  const row = page.locator('tbody tr, ul > li').filter({ hasText: flour.name })
  await row.getByRole('button', { name: 'Return to store' }).click()
  const back = page.getByRole('dialog', { name: 'Return to Store' })
  await expect(back.getByTestId('kitchen-balance')).toContainText(`${flour.name}: 3 kg in the kitchen.`)
  await back.getByLabel('Quantity (kg)').fill('1,5')
  await back.getByRole('button', { name: 'Return to Store' }).click()
  await expect(toastWith(page, `${flour.name}: 9.5 kg in store, 1.5 kg in the kitchen now.`)).toContainText(KITCHEN_MSG.transferRecorded)
})

test('wastage reasons are one tap (Expired, Spoiled, Dropped, Over-prepared, Other) plus text', async ({ page, request }) => {
  const milk = await makeItem(request, 'Milk', 0, 4)
  await signInAs(page, 'Chef', '/kitchen-inventory')
  await page.getByLabel('Search').fill(milk.name)
  await page.getByRole('button', { name: `Waste ${milk.name}` }).click()
  const sheet = page.getByRole('dialog', { name: 'Record Wastage' })
  const picks = sheet.getByRole('group', { name: 'Quick reason' })
  for (const r of ['Expired', 'Spoiled', 'Dropped', 'Over-prepared', 'Other']) {
    const b = picks.getByRole('button', { name: r, exact: true })
    await expect(b).toBeVisible()
    expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  }
  await picks.getByRole('button', { name: 'Spoiled', exact: true }).click()
  await expect(picks.getByRole('button', { name: 'Spoiled', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(sheet.getByLabel('Reason')).toHaveValue('Spoiled')
  await picks.getByRole('button', { name: 'Other', exact: true }).click()
  await expect(sheet.getByLabel('Reason')).toBeFocused()
  await page.keyboard.type('fridge door left open')
  await expect(sheet.getByLabel('Reason')).toHaveValue('Other: fridge door left open')
  await sheet.getByLabel('Quantity (kg)').fill('0,5')
  await sheet.getByRole('button', { name: 'Record Wastage' }).click()
  await expect(toastWith(page, KITCHEN_MSG.wastageRecorded)).toContainText(`${milk.name}: 3.5 kg in the kitchen now.`)
  await expectAccessible(page)
})

test("Approve shows the store's on-hand; the Fulfil question names item, quantity and unit", async ({ page, request }) => {
  const lamb = await makeItem(request, 'Lamb', 7)
  const made = await api<{ id: number; request_number: string }>(request, await token(request, 'Chef'), 'POST', '/kitchen-requests', { item_id: lamb.id, quantity_requested: 3 })
  await signInAs(page, 'Storekeeper', '/requests')
  await page.getByLabel('Search').fill(made.request_number)
  await page.getByRole('button', { name: `Approve ${made.request_number}` }).click()
  const approve = page.getByRole('dialog', { name: 'Approve Request' })
  const qty = approve.getByLabel('Approved quantity (kg)')
  await expect(qty).toHaveAccessibleDescription('The store holds 7 kg.')
  await qty.fill('2,5')
  await approve.getByRole('button', { name: 'Approve' }).click()
  await expect(toastWith(page, KITCHEN_MSG.requestApproved)).toBeVisible()
  await page.getByRole('button', { name: `Fulfil ${made.request_number}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Fulfil Request' })
  await expect(confirm).toContainText(`${KITCHEN_MSG.fulfilConfirm} 2.5 kg of ${lamb.name} (${made.request_number}) go from the store to the kitchen.`)
  await confirm.getByRole('button', { name: 'Fulfil' }).click()
  await expect(toastWith(page, KITCHEN_MSG.requestFulfilled)).toBeVisible()
  expect(await storeOf(request, lamb.id)).toBe(4.5)
})
