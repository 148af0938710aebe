// A phone on the restaurant's plain-HTTP address (http://192.168.…) is not a secure context, and the browser
// leaves crypto.randomUUID out there. The tests' 127.0.0.1 counts as secure, so the page has it taken away
// first, as on such a phone: every stock-moving form makes its Idempotency-Key when it opens.
import { expect, test } from './fixtures'
import { STOCK_MSG } from '../src/contract/stock'
import { apiLogin, DEMO, signInAs } from './helpers'

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID
  })
})

test('on a plain-HTTP address a movement is recorded, with a fresh v4 key for each opening of the form', { tag: '@phone' }, async ({ page, request }) => {
  const { token } = await apiLogin(request, DEMO.Storekeeper.email)
  const headers = { Authorization: `Bearer ${token}` }
  const [category] = (await (await request.get('/api/categories?limit=1', { headers })).json()).data
  const [supplier] = (await (await request.get('/api/suppliers?limit=1', { headers })).json()).data
  const name = `Plain HTTP ${test.info().project.name} ${Date.now()}`
  const created = await request.post('/api/items', { headers, data: { name, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 10, current_quantity: 0, min_stock_level: 1 } })
  expect(created.status()).toBe(201)

  const keys: string[] = []
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/stock-movements') && keys.push(r.headers()['idempotency-key'] ?? ''))
  await signInAs(page, 'Storekeeper', '/movements')
  expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined')

  for (const quantity of ['2', '3']) {
    await page.getByRole('button', { name: 'Record Movement' }).click()
    const dialog = page.getByRole('dialog', { name: 'Record Stock Movement' })
    const box = dialog.getByRole('combobox', { name: 'Item' })
    await box.fill(name)
    await dialog.getByRole('option', { name: new RegExp(name) }).click()
    await dialog.getByLabel('Type').selectOption('IN')
    await dialog.getByLabel(/^Quantity/).fill(quantity)
    await dialog.getByRole('button', { name: 'Record Movement' }).click()
    await expect(dialog).toHaveCount(0)
  }
  await expect(page.getByRole('status').filter({ hasText: STOCK_MSG.movementRecorded }).first()).toBeVisible()
  expect(keys).toHaveLength(2)
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(keys[0]).not.toBe(keys[1])
  const item = (await (await request.get(`/api/items/${(await created.json()).data.id}`, { headers })).json()).data
  expect(item.current_quantity).toBe(5)
})
