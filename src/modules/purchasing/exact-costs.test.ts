import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { localDate } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recipeBuilders } from '../../test/recipe-builders'
import { stockBuilders } from '../stock/builders'

// Issue 29 point 4: a cost per base unit below a cent (a box of 1,000 pieces) is kept exact; money is
// rounded to the cent only as an amount (a value, a recipe's cost).

let env: TestEnv
let token: string
let supplier: { id: number }
let category: { id: number }
beforeEach(async () => {
  env = await makeTestEnv()
  token = (await env.userOf('Manager')).token
  const b = stockBuilders(env, token)
  supplier = await b.makeSupplier({ name: 'Packaging Ltd' })
  category = await b.makeCategory({ name: 'Disposables' })
})
afterEach(() => env.close())

const call = (method: string, path: string, body?: unknown) => env.call(method, `/api${path}`, { token, body })

async function pieces(name: string, cost = 0) {
  const res = await call('POST', '/items', { name, category_id: category.id, supplier_id: supplier.id, unit: 'pcs', cost_price: cost, packs: [{ name: 'box', size: 1000 }] })
  expect(res.status).toBe(201)
  return res.body.data as { id: number; packs: { id: number }[] }
}

const receiveBox = async (item: { id: number; packs: { id: number }[] }, price: number, invoice: string, boxes = 1) => {
  const res = await call('POST', '/receipts', { supplier_id: supplier.id, invoice_number: invoice, invoice_date: '2026-01-10', lines: [{ item_id: item.id, pack_id: item.packs[0].id, received_quantity: boxes, unit_price: price }] })
  expect(res.status).toBe(201)
  return res.body.data
}

describe('a box of 1,000 pieces', () => {
  test('at 7.00: the cost per piece is 0.007 and the stock is worth 7.00 (item, statistics, stock value report)', async () => {
    const cups = await pieces('Paper cups')
    const receipt = await receiveBox(cups, 7, 'B-1')
    expect(receipt.lines[0]).toMatchObject({ base_quantity: 1000, unit_cost: 0.007, value: 7 })
    expect((await call('GET', `/items/${cups.id}`)).body.data).toMatchObject({ current_quantity: 1000, cost_price: 0.007, total_value: 7 })
    expect((await call('GET', '/items/statistics')).body.data.total_value).toBe(7)
    const today = localDate(new Date(), env.deps.settings.get().time_zone)
    const report = (await call('GET', `/reports/stock-balance?start_date=${today}&end_date=${today}`)).body.data
    expect(report.rows[0]).toMatchObject({ item: 'Paper cups', closing_qty: 1000, unit_cost: 0.007, closing_value: 7 })
    expect(report.totals.closing_value).toBe(7)
    // A second box at the same price keeps the exact average: 2,000 pieces worth 14.00.
    await receiveBox(cups, 7, 'B-2')
    expect((await call('GET', `/items/${cups.id}`)).body.data).toMatchObject({ current_quantity: 2000, cost_price: 0.007, total_value: 14 })
    expect((await call('GET', `/items/${cups.id}/prices`)).body.data.map((p: any) => p.price)).toEqual([0.007, 0.007])
  })

  test('a recipe using 3 pieces of the 7.00 box costs 0.02 (0.021 rounded once)', async () => {
    const cups = await pieces('Lids')
    await receiveBox(cups, 7, 'B-1')
    const r = recipeBuilders(env, token)
    const dish = await r.recipe({ name: 'Takeaway coffee', kind: 'MENU', menu_price: 10, lines: [{ item_id: cups.id, quantity: 3, unit: 'pcs' }] })
    const cost = await r.cost(dish.id)
    expect(cost.lines[0]).toMatchObject({ status: 'OK', unit_cost: 0.007, line_cost: 0.02 })
    expect(cost).toMatchObject({ complete: true, plate_cost: 0.02 })
  })

  test('at 4.90: the cost per piece is 0.0049, not 0; 3 pieces cost 0.01 (0.0147); a later box at 5.20 raises the price alert', async () => {
    const straws = await pieces('Straws')
    await receiveBox(straws, 4.9, 'S-1')
    expect((await call('GET', `/items/${straws.id}`)).body.data).toMatchObject({ cost_price: 0.0049, total_value: 4.9 })
    const r = recipeBuilders(env, token)
    const dish = await r.recipe({ name: 'Milkshake', kind: 'MENU', menu_price: 15, lines: [{ item_id: straws.id, quantity: 3, unit: 'pcs' }] })
    const cost = await r.cost(dish.id)
    expect(cost.lines[0]).toMatchObject({ status: 'OK', unit_cost: 0.0049, line_cost: 0.01 })
    expect(cost.lines[0].reason).toBeUndefined()
    expect(cost).toMatchObject({ complete: true, plate_cost: 0.01 })

    const later = await receiveBox(straws, 5.2, 'S-2')
    expect(later.price_changes).toEqual([expect.objectContaining({ item_id: straws.id, old_price: 0.0049, new_price: 0.0052, change_pct: 6.12 })])
    const alerts = (await call('GET', '/alerts?type=PRICE_CHANGE')).body.data as any[]
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ item_id: straws.id, priority: 'MEDIUM' })
    expect(alerts[0].message).toContain('0.0052')
    // Weighted average of 1,000 at 0.0049 and 1,000 at 0.0052: 0.00505 per piece, 10.10 for the lot.
    expect((await call('GET', `/items/${straws.id}`)).body.data).toMatchObject({ current_quantity: 2000, cost_price: 0.00505, total_value: 10.1 })
  })
})

describe('a prep batch', () => {
  test('its cost per yield unit keeps its decimals: a sauce of 8.20 for 2,000 ml is 0.0041 per ml, not 0.00', async () => {
    const r = recipeBuilders(env, token)
    const tomato = await r.item('Tomato', 'kg', 4.1)
    const sauce = await r.recipe({ name: 'Sauce', kind: 'PREP', yield_quantity: 2000, yield_unit: 'ml', lines: [{ item_id: tomato.id, quantity: 2, unit: 'kg' }] })
    expect(await r.cost(sauce.id)).toMatchObject({ batch_cost: 8.2, cost_per_yield_unit: 0.0041 })
  })
})

describe("an item's cost price as typed", () => {
  test('a cost with up to 5 decimals is kept (the item form sends back 0.007); 6 decimals is a 400 naming the field', async () => {
    const cups = await pieces('Cups', 0.007)
    expect((await call('PUT', `/items/${cups.id}`, { cost_price: 0.00049 })).body.data.cost_price).toBe(0.00049)
    const res = await call('PUT', `/items/${cups.id}`, { cost_price: 0.000491 })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('cost_price')
    expect((await call('GET', `/items/${cups.id}`)).body.data.cost_price).toBe(0.00049)
  })
})

describe('CSV', () => {
  const csv = async (path: string) => {
    const res = await env.app.handle(new Request(`http://localhost/api${path}`, { headers: { authorization: `Bearer ${token}` } }))
    expect(res.status).toBe(200)
    return await res.text()
  }
  const importItems = (text: string, query: string) =>
    env.call('POST', `/api/imports/items?${query}`, { token, body: text, headers: { 'content-type': 'text/csv; charset=utf-8' } })

  test('the items export writes 0.007 (not 0.01) and its re-import finds the row unchanged; an import of 0.00049 keeps it', async () => {
    const cups = await pieces('Paper cups')
    await receiveBox(cups, 7, 'B-1')
    const exported = await csv('/items/export.csv')
    expect(exported).toContain('"Paper cups","","Disposables","Packaging Ltd","pcs","0.007"')
    expect((await importItems(exported, 'dry_run=true')).body.data).toMatchObject({ create: 0, update: 0, unchanged: 1, errors: [] })
    const res = await importItems('name,unit,cost_price\nStraws,pcs,0.00049\nLids,pcs,0.000491\n', 'dry_run=true')
    expect(res.body.data.errors).toEqual([{ row: 3, column: 'cost_price', value: '0.000491', message: 'cost_price must have at most 5 decimal places' }])
    expect((await importItems('name,unit,cost_price\nStraws,pcs,0.00049\n', 'dry_run=false')).status).toBe(200)
    const straws = (await call('GET', '/items?q=Straws')).body.data[0]
    expect(straws.cost_price).toBe(0.00049)
  })

  test('report downloads show a unit cost with its decimals and the value rounded once', async () => {
    const cups = await pieces('Paper cups')
    await receiveBox(cups, 7, 'B-1')
    const today = localDate(new Date(), env.deps.settings.get().time_zone)
    const balance = await csv(`/reports/download/stock-balance?start_date=${today}&end_date=${today}`)
    expect(balance).toMatch(/"Paper cups".*"0\.007".*"7\.00"/)
    const movements = await csv(`/reports/download/stock-movements?start_date=${today}&end_date=${today}`)
    expect(movements).toMatch(/"Paper cups".*"1000","pcs","0\.007","7\.00"/)
  })
})
