import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { addDays, localDate } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'
import { purchasingCheck } from './doctor'

// Issue 32.5 and 32.8: a first delivery is checked against the item's cost price; the order says what came in and
// went back with values; Mark as sent takes the expected date; the text starts with the restaurant's name.

let env: TestEnv
let manager: { id: number; token: string }
let supplier: { id: number; name: string }
let category: { id: number }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager', { name: 'Mwila Banda' })
  const b = stockBuilders(env, manager.token)
  supplier = await b.makeSupplier({ name: 'Lusaka Wholesale' })
  category = await b.makeCategory({ name: 'Drinks' })
})
afterEach(() => env.close())

const call = (method: string, path: string, body?: unknown, token = manager.token) => env.call(method, `/api${path}`, { token, body })
const today = () => localDate(new Date(), env.deps.settings.get().time_zone)

/** Soda at `cost` per bottle, ordered by the case of 24. */
async function soda(cost: number, code?: string) {
  const res = await call('POST', '/items', { name: `Soda ${Math.random().toString(36).slice(2, 7)}`, category_id: category.id, supplier_id: supplier.id, unit: 'bottle', cost_price: cost, current_quantity: 0, supplier_code: code, packs: [{ name: 'case', size: 24 }] })
  expect(res.status).toBe(201)
  return res.body.data
}

async function draft(lines: { item_id: number; pack_id?: number | null; quantity: number; unit_price: number }[], expected_date?: string) {
  const res = await call('POST', '/purchase-orders', { supplier_id: supplier.id, expected_date, lines })
  expect(res.status).toBe(201)
  return res.body.data
}

const receive = (orderId: number, invoice: string, lines: { line_id: number; received_quantity: number; unit_price: number }[]) =>
  call('POST', `/purchase-orders/${orderId}/receipts`, { invoice_number: invoice, invoice_date: today(), lines })

describe('price control on the first delivery', () => {
  test('the first delivery above cost price warns: +10.7 % against the cost price, alerted and listed for the Manager', async () => {
    const item = await soda(0.75) // 18.00 a case of 24
    const po = await draft([{ item_id: item.id, pack_id: item.packs[0].id, quantity: 2, unit_price: 18 }])
    expect((await call('POST', `/purchase-orders/${po.id}/send`, { expected_date: today() })).status).toBe(200)
    const before = (await call('GET', `/purchase-orders/${po.id}`)).body.data
    expect(before.lines[0]).toMatchObject({ last_price: null, compare_price: 18, compare_basis: 'COST_PRICE', received_value: 0, invoiced_price: null })

    const res = await receive(po.id, 'INV-1', [{ line_id: po.lines[0].id, received_quantity: 2, unit_price: 19.93 }])
    expect(res.status).toBe(201)
    expect(res.body.data.price_changes).toEqual([expect.objectContaining({ item_id: item.id, old_price: 0.75, change_pct: 10.72, priority: 'HIGH', compared_with: 'COST_PRICE' })])
    const alerts = (await call('GET', '/alerts?type=PRICE_CHANGE')).body.data as any[]
    expect(alerts).toHaveLength(1)
    expect(alerts[0].message).toContain('the cost price (first delivery) was')

    const changes = await call('GET', '/purchasing/price-changes?limit=5')
    expect(changes.status).toBe(200)
    expect(changes.body.data).toEqual([
      expect.objectContaining({ item_id: item.id, order_id: po.id, order_number: po.number, old_price: 18, new_price: 19.93, compared_with: 'COST_PRICE', change_pct: 10.72, over_threshold: true, pack: expect.objectContaining({ name: 'case', size: 24 }) }),
    ])
    // The Price changes card is the Manager's.
    const keeper = await env.userOf('Storekeeper')
    expect((await call('GET', '/purchasing/price-changes', undefined, keeper.token)).status).toBe(403)
    expect((await call('GET', '/purchasing/price-changes?limit=0')).body.message).toBe('limit must be at least 1')
  })

  test('at the cost price nothing is flagged; a later delivery is compared with the last price, not the cost', async () => {
    const item = await soda(0.75)
    const po = await draft([{ item_id: item.id, pack_id: item.packs[0].id, quantity: 2, unit_price: 18 }])
    await call('POST', `/purchase-orders/${po.id}/send`, {})
    expect((await receive(po.id, 'INV-1', [{ line_id: po.lines[0].id, received_quantity: 1, unit_price: 18 }])).body.data.price_changes).toEqual([])
    expect((await call('GET', '/purchasing/price-changes')).body.data).toEqual([])
    const order = (await call('GET', `/purchase-orders/${po.id}`)).body.data
    expect(order.lines[0]).toMatchObject({ compare_price: 18, compare_basis: 'LAST_PRICE' })
    const second = await receive(po.id, 'INV-2', [{ line_id: po.lines[0].id, received_quantity: 1, unit_price: 18.5 }])
    expect(second.body.data.price_changes).toEqual([]) // +2.78 %: under the 5 % alert, yet a change the card lists
    expect((await call('GET', '/purchasing/price-changes')).body.data).toEqual([expect.objectContaining({ old_price: 18, new_price: 18.5, compared_with: 'LAST_PRICE', change_pct: 2.78, over_threshold: false })])
  })

  test('an item with no cost price has nothing to compare a first delivery with', async () => {
    const item = await soda(0)
    const po = await draft([{ item_id: item.id, quantity: 24, unit_price: 1 }])
    await call('POST', `/purchase-orders/${po.id}/send`, {})
    expect((await call('GET', `/purchase-orders/${po.id}`)).body.data.lines[0]).toMatchObject({ compare_price: null, compare_basis: null })
    expect((await receive(po.id, 'INV-1', [{ line_id: po.lines[0].id, received_quantity: 24, unit_price: 1 }])).body.data.price_changes).toEqual([])
    expect((await call('GET', '/purchasing/price-changes')).body.data).toEqual([])
  })
})

describe('the order with what came in and went back', () => {
  test('received values at the invoiced price and returns with their value, per line and in total', async () => {
    const item = await soda(0.75)
    const po = await draft([{ item_id: item.id, pack_id: item.packs[0].id, quantity: 2, unit_price: 18 }])
    await call('POST', `/purchase-orders/${po.id}/send`, {})
    const receipt = (await receive(po.id, 'INV-1', [{ line_id: po.lines[0].id, received_quantity: 2, unit_price: 19.2 }])).body.data
    expect((await call('POST', `/receipts/${receipt.id}/returns`, { lines: [{ item_id: item.id, quantity: 6, reason: 'Broken bottles' }] })).status).toBe(201)
    const order = (await call('GET', `/purchase-orders/${po.id}`)).body.data
    // 2 cases at 19.20 = 38.40; 6 bottles back at 0.80 = 4.80.
    expect(order.lines[0]).toMatchObject({ value: 36, received_quantity: 2, received_value: 38.4, invoiced_price: 19.2, returned_quantity: 6, returned_value: 4.8 })
    expect(order).toMatchObject({ total: 36, received_total: 38.4, returned_total: 4.8 })
    expect(purchasingCheck.run(env.deps.db)).toEqual([])
  })
})

describe('the order as the supplier sees it', () => {
  test('Mark as sent with a date: the order is due that day and listed under orders to receive', async () => {
    const item = await soda(1)
    const po = await draft([{ item_id: item.id, quantity: 5, unit_price: 1 }])
    const bad = await call('POST', `/purchase-orders/${po.id}/send`, { expected_date: '2026-02-30' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('expected_date must be a real date')
    expect((await call('GET', `/purchase-orders/${po.id}`)).body.data.status).toBe('DRAFT')
    const sent = await call('POST', `/purchase-orders/${po.id}/send`, { expected_date: today() })
    expect(sent.body.data).toMatchObject({ status: 'SENT', expected_date: today() })
    const due = (await call('GET', '/purchase-orders?due=today')).body.data as any[]
    expect(due.map((o) => o.id)).toContain(po.id)
    const keeper = await env.userOf('Storekeeper')
    expect(((await call('GET', '/dashboard', undefined, keeper.token)).body.data.orders_due_today as any[]).map((o) => o.id)).toContain(po.id)
  })

  test('sent without a date: the order keeps its own, or expects tomorrow when it has none', async () => {
    const item = await soda(1)
    const own = await draft([{ item_id: item.id, quantity: 5, unit_price: 1 }], '2026-12-24')
    expect((await call('POST', `/purchase-orders/${own.id}/send`, {})).body.data.expected_date).toBe('2026-12-24')
    const none = await draft([{ item_id: item.id, quantity: 5, unit_price: 1 }])
    expect((await call('POST', `/purchase-orders/${none.id}/send`)).body.data.expected_date).toBe(addDays(today(), 1))
    expect((await call('POST', `/purchase-orders/${none.id}/send`, { expected_date: today(), note: 'x' })).status).toBe(400)
  })

  test("the text starts with the restaurant's name and gives the supplier's code where the item has one", async () => {
    expect((await call('PUT', '/manager/settings', { restaurant_name: 'Mama Africa Grill' })).status).toBe(200)
    const coded = await soda(0.75, 'SD-24')
    const plain = await soda(0.5)
    const po = await draft([{ item_id: coded.id, pack_id: coded.packs[0].id, quantity: 2, unit_price: 18 }, { item_id: plain.id, quantity: 12, unit_price: 0.5 }])
    await call('POST', `/purchase-orders/${po.id}/send`, { expected_date: '2026-12-01' })
    const text = (await call('GET', `/purchase-orders/${po.id}/text`)).body as string
    expect(text).toStartWith(`Mama Africa Grill\nPurchase order ${po.number}\nTo: Lusaka Wholesale\nExpected delivery: 2026-12-01\n`)
    expect(text).toContain(`1. 2 × case (24 bottle) ${coded.name} — your code SD-24\n`)
    expect(text).toContain(`2. 12 bottle ${plain.name}\n`)
  })
})
