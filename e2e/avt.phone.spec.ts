import { type APIRequestContext } from '@playwright/test'
import { expect as baseExpect, test } from './fixtures'
import { apiLogin, DEMO, expectAccessible, signInAs } from './helpers'

// The actual-vs-theoretical page on a 375 px phone: two approved counts, a receipt, a sales day; the
// item's variance is shown first with its value, the bar chart draws, and the page passes axe.

test.setTimeout(180_000)
// Lazy page chunks and the debounced cost preview take seconds on a loaded machine.
const expect = baseExpect.configure({ timeout: 20_000 })

async function api(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', path: string, data?: unknown, headers: Record<string, string> = {}) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID(), ...headers }, data: data as never })
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
  return (await res.json()).data
}

test('a Manager reads actual vs theoretical usage between two counts on a phone', async ({ page }) => {
  const { token } = await apiLogin(page.request, DEMO.Manager.email)
  const tag = Date.now().toString(36)
  const category = (await api(page.request, token, 'get', '/api/categories?limit=1'))[0].id
  const supplier = (await api(page.request, token, 'get', '/api/suppliers?limit=1'))[0].id
  const salmon = await api(page.request, token, 'post', '/api/items', { name: `Salmon ${tag}`, unit: 'kg', cost_price: 24, yield_pct: 85, category_id: category, supplier_id: supplier, current_quantity: 5 })
  await api(page.request, token, 'post', '/api/recipes', { name: `Salmon plate ${tag}`, kind: 'MENU', menu_price: 20, sales_code: `S-${tag}`, lines: [{ item_id: salmon.id, quantity: 170, unit: 'g' }] })
  const area = await api(page.request, token, 'post', '/api/storage-areas', { name: `Fish ${tag}` })
  await api(page.request, token, 'put', `/api/storage-areas/${area.id}/items`, { item_ids: [salmon.id] })
  const count = async (counted: number) => {
    const c = await api(page.request, token, 'post', '/api/stock-counts', { area_ids: [area.id], blind: false })
    await api(page.request, token, 'put', `/api/stock-counts/${c.id}/lines`, { area_id: area.id, item_id: salmon.id, counted })
    await api(page.request, token, 'post', `/api/stock-counts/${c.id}/submit`, { uncounted: 'UNCHANGED' })
    await api(page.request, token, 'post', `/api/stock-counts/${c.id}/approve`)
    return c.id as number
  }
  const opening = await count(5)
  await api(page.request, token, 'post', '/api/receipts', { supplier_id: supplier, invoice_number: `F-${tag}`, invoice_date: '2026-03-10', lines: [{ item_id: salmon.id, pack_id: null, received_quantity: 10, unit_price: 24 }] })
  await api(page.request, token, 'post', '/api/stock-movements', { item_id: salmon.id, type: 'OUT', quantity: 9 })
  const closing = await count(6)
  const res = await page.request.post('/api/sales/import?dry_run=false', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    data: `code,quantity,net_sales\nS-${tag},40,800\n`,
    params: { from: '2026-01-01', to: '2026-01-01' },
  })
  expect(res.ok()).toBe(true)

  await signInAs(page, 'Manager', '/recipes?tab=period')
  await page.getByLabel('Opening count').selectOption(String(opening))
  await page.getByLabel('Closing count').selectOption(String(closing))
  const avt = page.getByRole('region', { name: 'Actual vs theoretical' })
  await expect(avt.getByText(`Salmon ${tag}`).first()).toBeVisible()
  await expect(page.getByRole('img', { name: /Top variances/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Food cost' }).getByText('Cost of goods sold')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectAccessible(page)
})
