import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { apiAs, apiLogin, DEMO, requestsSettled, scannerBurst, signInAs } from './helpers'

// Issue 29, points 1–3: wrong figures saved without a question. A prefilled balance that typing appended to,
// a keyboard scanner's burst landing in a quantity field, and a figure far above what was expected.

test.describe.configure({ timeout: 120_000 })
const LOAD = { timeout: 30_000 }

async function api(request: APIRequestContext) {
  const { send } = await apiAs(request)
  const category = (await send('get', '/categories?limit=1'))[0]
  const supplier = (await send('get', '/suppliers?limit=1'))[0]
  const item = (name: string, quantity: number, extra: Record<string, unknown> = {}) =>
    send('post', '/items', { name, category_id: category.id, supplier_id: supplier.id, unit: 'bottles', cost_price: 2, current_quantity: quantity, ...extra }) as Promise<{ id: number; name: string }>
  return { send, item }
}

test('Count stock: the dialog opens with the balance beside an empty field, so typing 246 saves 246', async ({ page, request }) => {
  const { send, item } = await api(request)
  const wine = await item(`Count dialog ${Date.now()}`, 250)
  await signInAs(page, 'Storekeeper', '/stock')
  await page.getByLabel('Search items').fill(wine.name)
  const row = page.locator('tbody tr, ul[aria-label="Stock items"] > li').filter({ hasText: wine.name })
  await row.getByRole('button', { name: 'Count stock' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Count Stock' })
  const field = dialog.getByLabel('Counted Quantity (bottles)')
  await expect(field).toBeFocused()
  await expect(dialog).toContainText('the balance is 250 bottles')
  // A person types as they would: no fill() (which replaces whatever is there).
  await page.keyboard.type('246')
  await expect(field).toHaveValue('246')
  await dialog.getByLabel('Reason').fill('Monthly count')
  await dialog.getByRole('button', { name: 'Save Count' }).click()
  await expect(dialog).toBeHidden()
  expect((await send('get', `/items/${wine.id}`)).current_quantity).toBe(246)
})

test('Count stock: 250246 typed over a balance of 250 asks first; Use 246 saves 246, Go back saves nothing', async ({ page, request }) => {
  const { send, item } = await api(request)
  const wine = await item(`Count ask ${Date.now()}`, 250)
  const patches: string[] = []
  page.on('request', (r) => r.method() === 'PATCH' && r.url().includes(`/api/items/${wine.id}/quantity`) && patches.push(r.url()))
  await signInAs(page, 'Storekeeper', '/stock')
  await page.getByLabel('Search items').fill(wine.name)
  const row = page.locator('tbody tr, ul[aria-label="Stock items"] > li').filter({ hasText: wine.name })
  await row.getByRole('button', { name: 'Count stock' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Count Stock' })
  await dialog.getByLabel('Counted Quantity (bottles)').fill('250246')
  await dialog.getByLabel('Reason').fill('Monthly count')
  await dialog.getByRole('button', { name: 'Save Count' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Check this figure' })
  await expect(ask).toContainText('250,246 bottles is more than 10 times the balance of 250. Did you mean 246?')
  await ask.getByRole('button', { name: 'Go back' }).click()
  await expect(ask).toBeHidden()
  await expect(dialog.getByLabel('Counted Quantity (bottles)')).toBeFocused()
  await expect(dialog.getByLabel('Counted Quantity (bottles)')).toHaveValue('250246')
  expect(patches).toEqual([])
  await dialog.getByRole('button', { name: 'Save Count' }).click()
  await ask.getByRole('button', { name: 'Use 246' }).click()
  await expect(dialog).toBeHidden()
  expect((await send('get', `/items/${wine.id}`)).current_quantity).toBe(246)
})

test('movement form: Stock In of 250246 over a balance of 250 asks; Keep records it as typed, Use records 246', async ({ page, request }) => {
  const { send, item } = await api(request)
  const wine = await item(`Movement ask ${Date.now()}`, 250)
  const posts: string[] = []
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/stock-movements') && posts.push(r.url()))
  await signInAs(page, 'Manager', '/movements')
  await page.getByRole('button', { name: 'Record Movement' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
  const picker = dialog.getByRole('combobox', { name: 'Item' })
  await picker.fill(wine.name)
  await dialog.getByRole('option', { name: wine.name }).click()
  await dialog.getByLabel('Quantity (bottles)').fill('250246')
  await dialog.getByRole('button', { name: 'Record Movement' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Check this figure' })
  await expect(ask).toContainText('250,246 bottles is more than 10 times the balance of 250. Did you mean 246?')
  await ask.getByRole('button', { name: 'Go back' }).click()
  expect(posts).toEqual([])
  await dialog.getByRole('button', { name: 'Record Movement' }).click()
  await ask.getByRole('button', { name: 'Use 246' }).click()
  await expect(dialog).toBeHidden()
  expect((await send('get', `/items/${wine.id}`)).current_quantity).toBe(496)

  // A real big delivery is kept as typed when the person says so.
  await page.getByRole('button', { name: 'Record Movement' }).click()
  await picker.fill(wine.name)
  await dialog.getByRole('option', { name: wine.name }).click()
  await dialog.getByLabel('Quantity (bottles)').fill('6000')
  await dialog.getByRole('button', { name: 'Record Movement' }).click()
  await expect(ask).toContainText('6,000 bottles is more than 10 times the balance of 496.')
  await expect(ask.getByRole('button', { name: /^Use / })).toHaveCount(0)
  await ask.getByRole('button', { name: 'Keep 6,000 bottles' }).click()
  await expect(dialog).toBeHidden()
  expect((await send('get', `/items/${wine.id}`)).current_quantity).toBe(6496)
})

test('count sheet: a scanner burst into a focused quantity goes to the scanned item\'s line; the field keeps its value and says so', async ({ page, request }) => {
  const { send, item } = await api(request)
  const tag = `Burst ${Date.now()}`
  const gin = await item(`${tag} gin`, 10)
  const tonic = await item(`${tag} tonic`, 10, { barcode: '96385074' })
  const area = await send('post', '/storage-areas', { name: `${tag} shelf` })
  await send('put', `/storage-areas/${area.id}/items`, { item_ids: [gin.id, tonic.id] })
  const count = await send('post', '/stock-counts', { area_ids: [area.id], blind: false })

  await signInAs(page, 'Storekeeper', `/counts/${count.id}`)
  const ginField = page.getByLabel(`Counted ${gin.name} (bottles)`)
  await ginField.fill('5')
  await expect(page.getByTestId(`state-${gin.id}`)).toHaveText('Saved', LOAD)
  await ginField.focus()
  const settled = requestsSettled(page)
  await scannerBurst(page, '96385074')

  const ginLine = page.getByTestId(`line-${gin.id}`)
  await expect(ginLine).toContainText('That was a barcode')
  await expect(ginField).toHaveValue('5')
  // The scan counted one on the tonic's line, which now has the focus.
  const tonicField = page.getByLabel(`Counted ${tonic.name} (bottles)`)
  await expect(tonicField).toBeFocused()
  await expect(tonicField).toHaveValue('1')
  await expect(page.getByTestId(`state-${tonic.id}`)).toHaveText('Saved')
  // Any save the burst might have set off has gone and been answered: the sheet saves 0.6 s after typing stops,
  // and a timer of the page's own, set after that one and due later, runs after it however busy the box is.
  // (Not Playwright's clock: with it installed the scanner's key timings no longer read as a burst.)
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)))
  await settled()
  const sheet = await send('get', `/stock-counts/${count.id}`)
  expect(sheet.lines.map((l: { item_id: number; counted: number | null }) => [l.item_id, l.counted])).toEqual([
    [gin.id, 5],
    [tonic.id, 1],
  ])
})

test('a scanner burst into any quantity field (movement form) is refused and keeps the field as it was', async ({ page, request }) => {
  const { item } = await api(request)
  const wine = await item(`Field burst ${Date.now()}`, 250)
  const posts: string[] = []
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/stock-movements') && posts.push(r.url()))
  await signInAs(page, 'Manager', '/movements')
  await page.getByRole('button', { name: 'Record Movement' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
  await dialog.getByRole('combobox', { name: 'Item' }).fill(wine.name)
  await dialog.getByRole('option', { name: wine.name }).click()
  const quantity = dialog.getByLabel('Quantity (bottles)')
  await quantity.fill('12')
  await quantity.focus()
  await scannerBurst(page, '96385074')
  await expect(dialog.getByText('That was a barcode')).toBeVisible()
  await expect(quantity).toHaveValue('12')
  await expect(dialog).toBeVisible()
  expect(posts).toEqual([])
})

test('every prefilled quantity is replaced by what is typed: the Approve dialog (focused on opening) and an edited movement (clicked)', async ({ page, request }) => {
  const { item } = await api(request)
  const stock = await item(`Prefilled ${Date.now()}`, 250)
  const { token } = await apiLogin(request, DEMO.Chef.email)
  const res = await request.post('/api/kitchen-requests', { headers: { authorization: `Bearer ${token}` }, data: { item_id: stock.id, quantity_requested: 12 } })
  expect(res.ok(), await res.text()).toBe(true)
  const { request_number } = (await res.json()).data as { request_number: string }

  await signInAs(page, 'Storekeeper', '/requests')
  await page.getByLabel('Search').fill(request_number)
  await page.getByRole('button', { name: `Approve ${request_number}` }).click(LOAD)
  const approve = page.getByRole('dialog', { name: 'Approve Request' })
  const approved = approve.getByLabel('Approved quantity (bottles)')
  await expect(approved).toBeFocused()
  await expect(approved).toHaveValue('12')
  await page.keyboard.type('8')
  await expect(approved).toHaveValue('8')
  await approve.getByRole('button', { name: 'Cancel' }).click()

  await page.goto('/movements')
  await page.getByRole('button', { name: 'Record Movement' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
  await dialog.getByRole('combobox', { name: 'Item' }).fill(stock.name)
  await dialog.getByRole('option', { name: stock.name }).click()
  await dialog.getByLabel('Quantity (bottles)').fill('6')
  await dialog.getByLabel('Remarks').fill('Prefilled delivery')
  await dialog.getByRole('button', { name: 'Record Movement' }).click()
  await expect(dialog).toBeHidden()
  await page.getByLabel('Search movements').fill(stock.name)
  await page.locator('tbody tr').filter({ hasText: 'Prefilled delivery' }).getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Stock Movement' })
  const quantity = edit.getByLabel('Quantity (bottles)')
  await expect(quantity).toHaveValue('6')
  await quantity.click()
  await page.keyboard.type('7')
  await expect(quantity).toHaveValue('7')
  // A second click in the field places the caret: typing then edits the text as usual.
  await quantity.click()
  await page.keyboard.press('End')
  await page.keyboard.type('0')
  await expect(quantity).toHaveValue('70')
})
