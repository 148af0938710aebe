import { afterAll, beforeAll, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recipeBuilders } from '../../test/recipe-builders'

// The salmon period: opening 5 kg, received 10, closing 6, 40 plates sold (170 g at 85% = 0.2 kg each),
// 0.4 kg recorded wastage → actual 9, theoretical 8, variance 1 kg = 24.00 (12.5%), unexplained 0.6.

let env: TestEnv
let manager: string
let chef: string
let salmon: { id: number }
let opening: number
let closing: number
const SALES_DAY = '2026-03-10'
const period = () => `opening_count_id=${opening}&closing_count_id=${closing}&sales_from=${SALES_DAY}&sales_to=${SALES_DAY}`

async function ok(res: Promise<{ status: number; body: any }>, status = 200) {
  const r = await res
  if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

async function count(areaId: number, counted: number) {
  const c = await ok(env.call('POST', '/api/stock-counts', { token: manager, body: { area_ids: [areaId], blind: false } }), 201)
  await ok(env.call('PUT', `/api/stock-counts/${c.id}/lines`, { token: manager, body: { area_id: areaId, item_id: salmon.id, counted } }))
  await ok(env.call('POST', `/api/stock-counts/${c.id}/submit`, { token: manager, body: { uncounted: 'UNCHANGED' } }))
  await ok(env.call('POST', `/api/stock-counts/${c.id}/approve`, { token: manager }))
  return c.id as number
}

const key = () => ({ 'idempotency-key': crypto.randomUUID() })

beforeAll(async () => {
  env = await makeTestEnv()
  manager = (await env.userOf('Manager')).token
  chef = (await env.userOf('Chef')).token
  const b = recipeBuilders(env, manager)
  salmon = await b.item('Salmon', 'kg', 24, { yield_pct: 85 })
  await ok(env.call('POST', '/api/stock-movements', { token: manager, headers: key(), body: { item_id: salmon.id, type: 'IN', quantity: 5 } }), 201)
  await b.recipe({ name: 'Salmon plate', kind: 'MENU', menu_price: 20, sales_code: 'S01', lines: [{ item_id: salmon.id, quantity: 170, unit: 'g' }] })
  const area = await ok(env.call('POST', '/api/storage-areas', { token: manager, body: { name: 'Cold room' } }), 201)
  await ok(env.call('PUT', `/api/storage-areas/${area.id}/items`, { token: manager, body: { item_ids: [salmon.id] } }))

  opening = await count(area.id, 5)
  const supplier = (await ok(env.call('GET', `/api/items/${salmon.id}`, { token: manager }))).supplier_id
  await ok(env.call('POST', '/api/receipts', { token: manager, headers: key(), body: { supplier_id: supplier, invoice_number: 'F-1', invoice_date: SALES_DAY, lines: [{ item_id: salmon.id, pack_id: null, received_quantity: 10, unit_price: 24 }] } }), 201)
  // Service: 8.6 kg used from the store; 0.4 kg sent to the kitchen and thrown away there.
  await ok(env.call('POST', '/api/stock-movements', { token: manager, headers: key(), body: { item_id: salmon.id, type: 'OUT', quantity: 8.6 } }), 201)
  await ok(env.call('POST', '/api/kitchen-inventory/transfer', { token: manager, headers: key(), body: { item_id: salmon.id, quantity: 0.4, direction: 'TO_KITCHEN' } }), 201)
  await ok(env.call('POST', '/api/kitchen-inventory/wastage', { token: manager, headers: key(), body: { item_id: salmon.id, quantity: 0.4, remarks: 'Burnt' } }), 201)
  closing = await count(area.id, 6)

  const csv = `date,code,name,quantity,net_sales\n${SALES_DAY},S01,Salmon,25,500\n${SALES_DAY},S01,Salmon,15,300\n${SALES_DAY},GIFT,Gift card,1,50\n`
  await ok(env.call('POST', '/api/sales/import?dry_run=false', { token: manager, body: csv, headers: { 'content-type': 'text/csv' } }))
}, 120_000)
afterAll(() => env.close())

test('actual vs theoretical: actual 9, theoretical 8, variance 1 kg = 24.00 (12.5%), wastage 0.4, unexplained 0.6', async () => {
  const report = await ok(env.call('GET', `/api/reports/avt?${period()}`, { token: manager }))
  expect(report.rows[0]).toEqual({
    item_id: salmon.id,
    item_name: 'Salmon',
    unit: 'kg',
    opening: 5,
    purchased: 10,
    closing: 6,
    actual_usage: 9,
    theoretical_usage: 8,
    wastage: 0.4,
    variance: 1,
    variance_value: 24,
    variance_pct: 12.5,
    unexplained: 0.6,
  })
  const csv = await env.call('GET', `/api/reports/download/avt?${period()}`, { token: manager })
  expect(csv.status).toBe(200)
  expect(String(csv.body)).toContain('"Salmon","kg","5","10","6","9","8","0.4","1","24.00","12.5","0.6"')
})

test('food cost: COGS = opening + purchases − closing, actual and theoretical %, not final while a code is unmapped', async () => {
  const report = await ok(env.call('GET', `/api/reports/food-cost?${period()}`, { token: manager }))
  expect(report).toMatchObject({
    opening_value: 120,
    purchases: 240,
    closing_value: 144,
    cogs: 216,
    food_sales: 800,
    actual_food_cost_pct: 27,
    theoretical_cost: 192,
    theoretical_food_cost_pct: 24,
    gap_value: 24,
    gap_pct: 3,
    unmapped_sales_rows: 1,
    final: false,
  })
  expect(report.note).toContain('Not final')
  await ok(env.call('PUT', '/api/sales/mappings', { token: manager, body: { code: 'GIFT', recipe_id: null } }))
  const after = await ok(env.call('GET', `/api/reports/food-cost?${period()}`, { token: manager }))
  expect(after).toMatchObject({ unmapped_sales_rows: 0, final: true, note: null, food_sales: 800 })
})

test("the default sales window runs from the opening count's approval to the closing count's", async () => {
  const report = await ok(env.call('GET', `/api/reports/food-cost?opening_count_id=${opening}&closing_count_id=${closing}`, { token: manager }))
  expect(report.sales_from_at).toBe(report.opening_count.approved_at)
  expect(report.sales_to_at).toBe(report.closing_count.approved_at)
  expect(report.sales_to).toBe(report.closing_count.day)
})

test('counts out of order, not approved or unknown are refused; Managers only', async () => {
  const swapped = await env.call('GET', `/api/reports/avt?opening_count_id=${closing}&closing_count_id=${opening}`, { token: manager })
  expect(swapped.status).toBe(400)
  expect(swapped.body.message).toBe('The opening count must be approved before the closing count')
  const unknown = await env.call('GET', `/api/reports/avt?opening_count_id=${opening}&closing_count_id=99999`, { token: manager })
  expect(unknown.body.message).toBe('closing_count_id 99999 does not match a stock count')
  expect((await env.call('GET', `/api/reports/avt?${period()}`, { token: chef })).status).toBe(403)
})
