import { type APIRequestContext } from '@playwright/test'
import { localDate } from '../src/contract/dates'
import { expect, test } from './fixtures'
import { apiAs, expectAccessible, signInAs } from './helpers'

// Issue 32.5 and 32.8: a first delivery priced above the item's cost price warns; Mark as sent asks for the
// expected date (and the order is then due); the shared text starts with the restaurant's name; the printed
// order carries no menu bar.

test.describe.configure({ timeout: 90_000 })
const LOAD = { timeout: 30_000 }
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A supplier of our own with a soda at `cost` a bottle, ordered by the case of 24, and a DRAFT for 2 cases at 18.00. */
async function draftOrder(request: APIRequestContext) {
  const { send } = await apiAs(request, 'Storekeeper')
  const s = stamp()
  const supplier = await send('post', '/suppliers', { name: `Soda Depot ${s}` })
  const category = (await send('get', '/categories?limit=1'))[0]
  const item = await send('post', '/items', { name: `Cola ${s}`, category_id: category.id, supplier_id: supplier.id, unit: 'bottle', cost_price: 0.75, supplier_code: `CC-${s}`, packs: [{ name: 'case', size: 24 }] })
  const order = await send('post', '/purchase-orders', { supplier_id: supplier.id, lines: [{ item_id: item.id, pack_id: item.packs[0].id, quantity: 2, unit_price: 18 }] })
  const display = await send('get', '/settings/display')
  return { send, supplier, item, order, today: localDate(new Date(), display.time_zone), restaurant: display.restaurant_name as string }
}

test('the first delivery above cost price warns, and the Manager sees the change with its order', async ({ page, request }) => {
  const { send, item, order, today } = await draftOrder(request)
  await send('post', `/purchase-orders/${order.id}/send`, { expected_date: today })
  await signInAs(page, 'Storekeeper', `/purchasing/orders/${order.id}/receive`)
  // The price says what it is for, and is compared with the cost price (0.75 × 24 = 18.00): no receipt came before.
  const price = page.getByLabel(`Price: ${item.name} (per case of 24 bottle)`)
  await expect(price).toHaveValue('18', LOAD)
  await expect(page.getByText(/^Cost price .*18\.00$/)).toBeVisible()
  await page.getByLabel('Invoice number').fill(`INV-${order.id}`)
  await price.fill('19.93')
  const warning = page.getByRole('alert').filter({ hasText: item.name })
  await expect(warning).toContainText('(+10.72%) against its cost price (first delivery)')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save receipt' }).click()
  await page.getByRole('button', { name: 'Save anyway' }).click()
  await expect(page).toHaveURL(new RegExp(`/purchasing/orders/${order.id}$`))

  // The Manager's dashboard lists it with the % and opens the order, which shows what was invoiced.
  await signInAs(page, 'Manager')
  const card = page.getByRole('region', { name: 'Price changes' })
  // The link is named by what it shows (axe: the visible text is part of the name), the order's number among it.
  const change = card.getByRole('link', { name: new RegExp(`^${item.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\+10\\.72%.*${order.number}`) })
  await expect(change).toBeVisible(LOAD)
  await expect(change).toContainText('(against cost price) per case of 24 bottle')
  await change.click()
  await expect(page).toHaveURL(new RegExp(`/purchasing/orders/${order.id}$`))
  const table = page.getByRole('table', { name: 'Order lines' })
  await expect(table).toContainText(/invoiced .*19\.93 per case of 24 bottle/)
  await expect(table.locator('tfoot')).toContainText(/36\.00.*39\.86/)
})

test('Mark as sent asks for the expected date, and the order then shows under Orders to receive', async ({ page, request }) => {
  const { order, today } = await draftOrder(request)
  await signInAs(page, 'Storekeeper', `/purchasing/orders/${order.id}`)
  await page.getByRole('button', { name: 'Mark as sent' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: `Mark ${order.number} as sent` })
  const date = dialog.getByLabel('Expected delivery date')
  await expect(date).not.toHaveValue('') // prefilled (tomorrow)
  await expectAccessible(page)
  await date.fill('')
  await dialog.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(dialog.getByText('Expected delivery date is required')).toBeVisible()
  await date.fill(today)
  await dialog.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator('h1 + p').getByText('Sent', { exact: true })).toBeVisible()
  await expect(page.locator('h1 + p')).toContainText('Expected')

  await page.goto('/dashboard')
  const due = page.getByRole('region', { name: 'Orders to receive today' })
  await expect(due.getByRole('link').filter({ hasText: order.number })).toBeVisible(LOAD)
})

test("the shared text starts with the restaurant's name; the printed order has no menu bar; a phone shows the lines as cards", async ({ page, request }) => {
  const { send, item, order, restaurant } = await draftOrder(request)
  await send('post', `/purchase-orders/${order.id}/send`, { expected_date: '2026-12-24' })
  await signInAs(page, 'Storekeeper', `/purchasing/orders/${order.id}`)
  await page.getByRole('button', { name: 'Copy text' }).click(LOAD)
  const text = page.getByLabel('Order text')
  await expect(text).toBeVisible()
  expect(await text.textContent()).toMatch(new RegExp(`^${restaurant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nPurchase order ${order.number}\\n`))
  await expect(text).toContainText(`${item.name} — your code ${item.supplier_code}`)

  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(nav).toBeHidden()
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.getByText(`${restaurant} — purchase order`)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Order lines' })).toContainText(item.name)
  await page.emulateMedia({ media: 'screen' })

  // At 375 px each line is a card with the price per pack, and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 })
  const card = page.getByRole('list', { name: 'Order lines' }).getByRole('listitem').first()
  await expect(card).toContainText('per case of 24 bottle')
  await expect(card).toContainText('Returned')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
})
