import { expect, test } from './fixtures'
import { apiAs, requestsSettled, signInAs } from './helpers'

// Issue 29.3 on the count sheet (375 px): a line far above its expected figure is asked about before it is
// saved, not while the counter is still typing (the sheet saves by itself 0.6 s after typing stops).

test.describe.configure({ timeout: 120_000 })
const LOAD = { timeout: 30_000 }

test('count sheet: 250246 over an expected 250 asks before saving; Go back saves nothing, Use 246 saves 246', async ({ page, request }) => {
  const { send } = await apiAs(request)
  const tag = `Ask ${Date.now()}`
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const make = (name: string, quantity: number) => send('post', '/items', { name, category_id: category.id, supplier_id: supplier.id, unit: 'bottles', cost_price: 2, current_quantity: quantity })
  const wine = await make(`${tag} wine`, 250)
  const beer = await make(`${tag} beer`, 40)
  const area = await send('post', '/storage-areas', { name: `${tag} shelf` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [wine.id, beer.id] })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })
  const counted = async () => (await send('get', `/stock-counts/${count.id}`)).lines.map((l: { counted: number | null }) => l.counted)

  // The sheet's timers run on Playwright's clock (real time until moved on), so the pause below is not waited for.
  await page.clock.install()
  const settled = requestsSettled(page)
  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  const field = page.getByLabel(`Counted ${wine.name} (bottles)`)
  await field.fill('250246', LOAD)
  // Typing paused 1.2 s (twice the sheet's idle save): nothing is asked and nothing saved while the field still has the focus.
  await page.clock.runFor(1200)
  await settled()
  const ask = page.getByRole('alertdialog', { name: 'Check this figure' })
  await expect(ask).toHaveCount(0)
  expect(await counted()).toEqual([null, null])

  await page.keyboard.press('Enter')
  await expect(ask).toContainText('250,246 bottles is more than 10 times the balance of 250. Did you mean 246?')
  await ask.getByRole('button', { name: 'Go back' }).click()
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('250246')
  await expect(page.getByTestId(`state-${wine.id}`)).toHaveText('Not counted')
  expect(await counted()).toEqual([null, null])

  await page.keyboard.press('Enter')
  await ask.getByRole('button', { name: 'Use 246' }).click()
  await expect(field).toHaveValue('246')
  await expect(page.getByTestId(`state-${wine.id}`)).toHaveText('Saved')
  // A plausible figure saves without a question.
  await page.getByLabel(`Counted ${beer.name} (bottles)`).fill('38')
  await expect(page.getByTestId(`state-${beer.id}`)).toHaveText('Saved')
  await expect(ask).toHaveCount(0)
  expect(await counted()).toEqual([246, 38])
})

test('receive form: 24024 received on a line ordered 24 asks first; Use 24 receives 24', async ({ page, request }) => {
  const { send } = await apiAs(request, 'Storekeeper')
  const s = `${Date.now()}`
  const supplier = await send('post', '/suppliers', { name: `Traps ${s}` })
  const category = (await send('get', '/categories?limit=1'))[0]
  const item = await send('post', '/items', { name: `Tonic ${s}`, category_id: category.id, supplier_id: supplier.id, unit: 'bottles', cost_price: 2, current_quantity: 5 })
  const order = await send('post', '/purchase-orders', { supplier_id: supplier.id, lines: [{ item_id: item.id, pack_id: null, quantity: 24, unit_price: 2 }] })
  await send('post', `/purchase-orders/${order.id}/send`, {})
  const receipts: string[] = []
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/receipts') && receipts.push(r.url()))

  await signInAs(page, 'Storekeeper', `/purchasing/orders/${order.id}/receive`)
  const received = page.getByLabel(`Received: ${item.name}`)
  await expect(received).toHaveValue('24', LOAD)
  await page.getByLabel('Invoice number').fill(`INV-${s}`)
  await received.fill('24024')
  await page.getByRole('button', { name: 'Save receipt' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Check this figure' })
  await expect(ask).toContainText('24,024 bottles is more than 10 times the ordered quantity of 24. Did you mean 24?')
  await ask.getByRole('button', { name: 'Go back' }).click()
  await expect(received).toBeFocused()
  expect(receipts).toEqual([])
  await page.getByRole('button', { name: 'Save receipt' }).click()
  await ask.getByRole('button', { name: 'Use 24' }).click()
  await expect(page).toHaveURL(new RegExp(`/purchasing/orders/${order.id}$`))
  expect((await send('get', `/items/${item.id}`)).current_quantity).toBe(29)
})
