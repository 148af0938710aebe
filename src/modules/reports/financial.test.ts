import { afterAll, beforeAll, expect, test } from 'bun:test'
import { addDays, localDate } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { kitchenBuilders } from '../../test/kitchen-builders'

// The Financial report's Purchases are what came from suppliers (a delivery received against an invoice, a
// person's Stock In, opening stock) less what went back to them; Issues to Kitchen are what left the store
// for the kitchen or anywhere else, less what the kitchen sent back.

let env: TestEnv
let offsetMs = 0
let token: string
let today: string

beforeAll(async () => {
  env = await makeTestEnv({ clock: () => new Date(Date.now() + offsetMs) })
  const k = await kitchenBuilders(env)
  token = k.manager.token
  today = localDate(new Date(), env.deps.settings.get().time_zone)
  const ok = async (p: Promise<{ status: number; body: any }>) => {
    const res = await p
    if (res.status >= 300) throw new Error(JSON.stringify(res.body))
    return res.body.data
  }
  const post = (path: string, body: unknown) => ok(env.call('POST', path, { token, body }))

  offsetMs = -2 * 86_400_000
  const dry = await k.stock.makeCategory({ name: 'Dry goods' })
  const supplier = await k.stock.makeSupplier({ name: 'Mill' })
  const flour = await k.stock.makeItem({ name: 'Flour', unit: 'kg', cost: 2, quantity: 10, min: 1, category_id: dry.id, supplier_id: supplier.id })

  offsetMs = 0
  const receipt = await post('/api/receipts', { supplier_id: supplier.id, invoice_number: 'M-1', invoice_date: today, lines: [{ item_id: flour.id, received_quantity: 5, unit_price: 2 }] })
  await post(`/api/receipts/${receipt.id}/returns`, { lines: [{ item_id: flour.id, quantity: 1, reason: 'Torn bag' }] })
  await post('/api/stock-movements', { item_id: flour.id, type: 'OUT', quantity: 3 })
  await k.transfer(flour.id, 2, 'TO_KITCHEN')
  await k.transfer(flour.id, 0.5, 'TO_STORE')
})
afterAll(() => env.close())

test('a received delivery is a purchase and a return to the supplier takes it back; neither is an issue to the kitchen', async () => {
  const res = await env.call('GET', `/api/reports/financial?start_date=${today}&end_date=${today}`, { token })
  expect(res.status).toBe(200)
  // 10 kg at 2.00; +5 received −1 returned = 4 kg bought; 3 kg out and 2 kg to the kitchen, 0.5 kg back = 4.5 kg issued.
  expect(res.body.data.rows).toEqual([
    { category: 'Dry goods', opening_value: 20, purchases: 8, issues_to_kitchen: 9, adjustments: 0, closing_value: 19, wastage_cost: 0 },
  ])
  const whole = await env.call('GET', `/api/reports/financial?start_date=${addDays(today, -2)}&end_date=${today}`, { token })
  expect(whole.body.data.totals).toMatchObject({ opening_value: 0, purchases: 28, issues_to_kitchen: 9, closing_value: 19 })
})
