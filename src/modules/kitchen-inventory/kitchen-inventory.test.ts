import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { KITCHEN_MSG } from '../../contract/kitchen'
import { STOCK_MSG } from '../../contract/stock'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { kitchenBuilders } from '../../test/kitchen-builders'

// One app for the file (password hashing is slow on purpose); tests that count everything start a fresh one.
let env: TestEnv
let k: Awaited<ReturnType<typeof kitchenBuilders>>
const fresh = async (options: Parameters<typeof makeTestEnv>[0] = {}) => {
  env?.close()
  env = await makeTestEnv(options)
  k = await kitchenBuilders(env)
}
beforeAll(() => fresh())
afterAll(() => env.close())

const post = (path: string, token: string, body: object, headers?: Record<string, string>) => env.call('POST', `/api/kitchen-inventory/${path}`, { token, body, headers })

describe('usage', () => {
  test('a Chef records usage: an OUT row (source USAGE) and the kitchen balance goes down', async () => {
    const item = await k.makeItem({ kitchen: 10, name: 'Onions' })
    const res = await post('usage', k.chef.token, { item_id: item.id, quantity: 2.5, remarks: 'Lunch service' })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(KITCHEN_MSG.usageRecorded)
    expect(res.body.data.kitchen_quantity).toBe(7.5)
    expect(res.body.data.movement).toMatchObject({
      item_id: item.id,
      item_name: 'Onions',
      unit: 'kg',
      movement_type: 'OUT',
      quantity: 2.5,
      source_type: 'USAGE',
      request_number: null,
      user_id: k.chef.id,
      user_name: 'Bwalya Chef',
      role_name: 'Chef',
      remarks: 'Lunch service',
    })
    expect(res.body.data.movement.movement_date).toMatch(/Z$/)
    expect(k.kitchenBalance(item.id)).toBe(750)
    expect((await post('usage', k.manager.token, { item_id: item.id, quantity: 1 })).status).toBe(201)
  })

  test('above the kitchen balance it is refused with the spec message', async () => {
    const item = await k.makeItem({ kitchen: 3, unit: 'liters' })
    const res = await post('usage', k.chef.token, { item_id: item.id, quantity: 4.5 })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Insufficient kitchen stock! Available: 3 liters, Requested: 4.5 liters. Please request more items from the main store.')
    expect(k.kitchenBalance(item.id)).toBe(300)
    const never = await k.makeItem()
    expect((await post('usage', k.chef.token, { item_id: never.id, quantity: 1 })).body.message).toBe(KITCHEN_MSG.insufficientForUsage(0, 100, 'kg'))
  })

  test('a Storekeeper records no usage or wastage; bad input names the field', async () => {
    const item = await k.makeItem({ kitchen: 3 })
    expect((await post('usage', k.store.token, { item_id: item.id, quantity: 1 })).status).toBe(403)
    expect((await post('wastage', k.store.token, { item_id: item.id, quantity: 1, remarks: 'x' })).status).toBe(403)
    expect((await post('usage', k.chef.token, { item_id: item.id, quantity: 0 })).body.message).toBe('quantity must be at least 0.01')
    expect((await post('usage', k.chef.token, { item_id: item.id, quantity: '1' })).body.message).toBe('quantity must be a number')
    expect((await post('usage', k.chef.token, { item_id: 99999, quantity: 1 })).status).toBe(404)
  })

  test('an Idempotency-Key replays the first answer instead of using twice', async () => {
    const item = await k.makeItem({ kitchen: 5 })
    const headers = { 'idempotency-key': `use-${item.id}` }
    const first = await post('usage', k.chef.token, { item_id: item.id, quantity: 1 }, headers)
    const again = await post('usage', k.chef.token, { item_id: item.id, quantity: 1 }, headers)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(k.kitchenBalance(item.id)).toBe(400)
  })
})

describe('wastage', () => {
  test('needs its reason and records a WASTE row', async () => {
    const item = await k.makeItem({ kitchen: 4 })
    const missing = await post('wastage', k.chef.token, { item_id: item.id, quantity: 1 })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('remarks is required')
    const res = await post('wastage', k.chef.token, { item_id: item.id, quantity: 1.25, remarks: 'Spoiled overnight' })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(KITCHEN_MSG.wastageRecorded)
    expect(res.body.data.movement).toMatchObject({ movement_type: 'WASTE', source_type: 'WASTE', quantity: 1.25, remarks: 'Spoiled overnight' })
    expect(k.kitchenBalance(item.id)).toBe(275)
  })

  test('above the kitchen balance it is refused with the spec message', async () => {
    const item = await k.makeItem({ kitchen: 1, unit: 'bundles' })
    const res = await post('wastage', k.chef.token, { item_id: item.id, quantity: 2, remarks: 'Wilted' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Insufficient kitchen stock! Available: 1 bundles, Requested: 2 bundles. Please check your inventory levels.')
  })
})

describe('adjustment', () => {
  test('Manager only, signed, reason required', async () => {
    const item = await k.makeItem({ kitchen: 5 })
    expect((await post('adjustment', k.chef.token, { item_id: item.id, quantity: -1, remarks: 'Count' })).status).toBe(403)
    expect((await post('adjustment', k.store.token, { item_id: item.id, quantity: -1, remarks: 'Count' })).status).toBe(403)
    expect((await post('adjustment', k.manager.token, { item_id: item.id, quantity: -1 })).body.message).toBe('remarks is required')
    expect((await post('adjustment', k.manager.token, { item_id: item.id, quantity: 0, remarks: 'Count' })).body.message).toBe('quantity must not be 0')
    const down = await post('adjustment', k.manager.token, { item_id: item.id, quantity: -1.5, remarks: 'Weekly count' })
    expect(down.status).toBe(201)
    expect(down.body.message).toBe(KITCHEN_MSG.adjustmentRecorded)
    expect(down.body.data.movement).toMatchObject({ movement_type: 'ADJUSTMENT', source_type: 'ADJUSTMENT', quantity: -1.5 })
    const up = await post('adjustment', k.manager.token, { item_id: item.id, quantity: 0.5, remarks: 'Found a bag' })
    expect(up.body.data.kitchen_quantity).toBe(4)
    expect(k.kitchenBalance(item.id)).toBe(400)
  })

  test('a negative larger than the balance is refused with the full message', async () => {
    const item = await k.makeItem({ kitchen: 2 })
    const res = await post('adjustment', k.manager.token, { item_id: item.id, quantity: -3, remarks: 'Count' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Insufficient kitchen stock for adjustment! Available: 2 kg, Requested: 3 kg. Cannot reduce stock below zero.')
    expect(k.kitchenBalance(item.id)).toBe(200)
  })
})

describe('transfer', () => {
  test('TO_KITCHEN: a main-store OUT and a kitchen IN (TRANSFER), both balances moved', async () => {
    const item = await k.makeItem({ store: 10 })
    const res = await post('transfer', k.store.token, { item_id: item.id, quantity: 4, direction: 'to_kitchen', remarks: 'Weekend prep' })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(KITCHEN_MSG.transferRecorded)
    expect(res.body.data).toMatchObject({ direction: 'TO_KITCHEN', quantity: 4, kitchen_quantity: 4, store_quantity: 6 })
    expect(res.body.data.kitchen_movement).toMatchObject({ movement_type: 'IN', source_type: 'TRANSFER', quantity: 4, remarks: 'Weekend prep' })
    expect(k.storeRows(item.id).at(-1)).toEqual({ type: 'OUT', quantity: 400, source_type: 'TRANSFER', reference: null })
    expect(k.kitchenBalance(item.id)).toBe(400)
    expect(k.storeBalance(item.id)).toBe(600)
  })

  test('TO_STORE: a kitchen OUT and a main-store IN (TRANSFER)', async () => {
    const item = await k.makeItem({ store: 1, kitchen: 3 })
    const res = await post('transfer', k.manager.token, { item_id: item.id, quantity: 2, direction: 'TO_STORE' })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ direction: 'TO_STORE', kitchen_quantity: 1, store_quantity: 3 })
    expect(k.kitchenRows(item.id).at(-1)).toMatchObject({ movement_type: 'OUT', source_type: 'TRANSFER', quantity: 200 })
    expect(k.storeRows(item.id).at(-1)).toEqual({ type: 'IN', quantity: 200, source_type: 'TRANSFER', reference: null })
  })

  test('refusals: too little in the store (main-store message), too little in the kitchen, and nothing moves', async () => {
    const item = await k.makeItem({ store: 1, kitchen: 1 })
    const store = await post('transfer', k.store.token, { item_id: item.id, quantity: 2, direction: 'TO_KITCHEN' })
    expect(store.status).toBe(409)
    expect(store.body.message).toBe(STOCK_MSG.insufficientStock(100, 200, 'kg'))
    const kitchen = await post('transfer', k.store.token, { item_id: item.id, quantity: 2, direction: 'TO_STORE' })
    expect(kitchen.status).toBe(409)
    expect(kitchen.body.message).toBe(KITCHEN_MSG.insufficientForReturn(100, 200, 'kg'))
    expect([k.storeBalance(item.id), k.kitchenBalance(item.id)]).toEqual([100, 100])
    expect(k.kitchenRows(item.id).length).toBe(1)
    expect((await post('transfer', k.chef.token, { item_id: item.id, quantity: 1, direction: 'TO_KITCHEN' })).status).toBe(403)
    expect((await post('transfer', k.store.token, { item_id: item.id, quantity: 1, direction: 'SIDEWAYS' })).body.message).toBe('direction must be one of TO_KITCHEN, TO_STORE')
    expect(k.doctorProblems()).toEqual([])
  })
})

describe('reading the kitchen', () => {
  test('inventory rows, statistics, movements with filters, paging and statistics by date range', async () => {
    let now = Date.parse('2026-05-10T08:00:00Z')
    await fresh({ clock: () => new Date(now) })
    env.deps.settings.update({ time_zone: 'Africa/Lusaka' }, null)
    const category = await k.stock.makeCategory({ name: 'Vegetables' })
    const supplier = await k.stock.makeSupplier({ name: 'Soweto Market' })
    const mk = (name: string, quantity: number) => k.stock.makeItem({ name, quantity, cost: 12.5, category_id: category.id, supplier_id: supplier.id })
    const tomatoes = await mk('Tomatoes', 20)
    const onions = await mk('Onions', 20)
    const rape = await mk('Rape', 20)
    await k.transfer(tomatoes.id, 10, 'TO_KITCHEN')
    await k.transfer(onions.id, 4, 'TO_KITCHEN')
    await k.transfer(rape.id, 1, 'TO_KITCHEN')
    expect((await env.call('PUT', `/api/kitchen-inventory/inventory/${onions.id}/minimum`, { token: k.chef.token, body: { min_quantity: 5 } })).status).toBe(200)
    now = Date.parse('2026-05-11T21:30:00Z') // 23:30 on the 11th in Lusaka
    await post('usage', k.chef.token, { item_id: tomatoes.id, quantity: 2, remarks: 'Relish' })
    now = Date.parse('2026-05-11T22:30:00Z') // 00:30 on the 12th in Lusaka
    await post('wastage', k.chef.token, { item_id: rape.id, quantity: 1, remarks: 'Wilted' })

    const inv = await env.call('GET', '/api/kitchen-inventory/inventory', { token: k.store.token })
    expect(inv.status).toBe(200)
    expect(inv.body.meta).toEqual({ total: 3, page: 1, limit: 50 })
    expect(inv.body.data[0]).toEqual({
      id: expect.any(Number),
      item_id: onions.id,
      item_name: 'Onions',
      category: 'Vegetables',
      supplier_name: 'Soweto Market',
      cost_price: 12.5,
      quantity: 4,
      unit: 'kg',
      is_active: true,
      last_updated: expect.stringMatching(/Z$/),
      min_quantity: 5,
    })
    expect(inv.body.data.map((r: any) => r.item_name)).toEqual(['Onions', 'Rape', 'Tomatoes'])
    const names = async (path: string) => (await env.call('GET', path, { token: k.chef.token })).body.data.map((r: any) => r.item_name ?? r.id)
    expect(await names('/api/kitchen-inventory/inventory?stock=low')).toEqual(['Onions'])
    expect(await names('/api/kitchen-inventory/inventory?stock=out')).toEqual(['Rape'])
    expect(await names('/api/kitchen-inventory/inventory/search?q=tom')).toEqual(['Tomatoes'])
    expect(await names('/api/kitchen-inventory/inventory?limit=1&page=2')).toEqual(['Rape'])

    const stats = await env.call('GET', '/api/kitchen-inventory/inventory/statistics', { token: k.chef.token })
    expect(stats.body.data).toEqual({ total_items: 3, items_in_stock: 2, low_stock_items: 1, items_out_of_stock: 1 })

    const moves = await env.call('GET', '/api/kitchen-inventory/movements?limit=2', { token: k.manager.token })
    expect(moves.body.meta).toEqual({ total: 5, page: 1, limit: 2 })
    expect(moves.body.data.map((m: any) => m.movement_type)).toEqual(['WASTE', 'OUT'])
    expect(Object.keys(moves.body.data[0]).sort()).toEqual(
      ['created_at', 'id', 'item_id', 'item_name', 'movement_date', 'movement_type', 'quantity', 'remarks', 'request_number', 'role_name', 'source_type', 'unit', 'user_id', 'user_name'].sort(),
    )
    const types = async (path: string) => (await env.call('GET', path, { token: k.chef.token })).body.data.map((m: any) => `${m.movement_type}:${m.item_name}`)
    expect(await types('/api/kitchen-inventory/movements?movement_type=in')).toEqual(['IN:Rape', 'IN:Onions', 'IN:Tomatoes'])
    expect(await types(`/api/kitchen-inventory/movements?item_id=${tomatoes.id}`)).toEqual(['OUT:Tomatoes', 'IN:Tomatoes'])
    expect(await types('/api/kitchen-inventory/movements?startDate=2026-05-11&endDate=2026-05-11')).toEqual(['OUT:Tomatoes'])
    expect(await types('/api/kitchen-inventory/movements?start_date=2026-05-12&end_date=2026-05-12')).toEqual(['WASTE:Rape'])
    expect(await types('/api/kitchen-inventory/movements/search?q=wilted')).toEqual(['WASTE:Rape'])
    expect(await types('/api/kitchen-inventory/movements?q=bwalya')).toEqual(['WASTE:Rape', 'OUT:Tomatoes'])
    const filteredMeta = (await env.call('GET', '/api/kitchen-inventory/movements?movement_type=IN&limit=1', { token: k.chef.token })).body.meta
    expect(filteredMeta).toEqual({ total: 3, page: 1, limit: 1 })
    expect((await env.call('GET', '/api/kitchen-inventory/movements?movement_type=LOST', { token: k.chef.token })).status).toBe(400)
    expect((await env.call('GET', '/api/kitchen-inventory/movements?startDate=2026-05-12&endDate=2026-05-11', { token: k.chef.token })).body.message).toBe(
      'startDate cannot be after endDate',
    )

    const all = (await env.call('GET', '/api/kitchen-inventory/movements/statistics', { token: k.chef.token })).body.data
    expect(all).toMatchObject({ total_movements: 5, stock_in_count: 3, usage_count: 1, wastage_count: 1, adjustment_count: 0, stock_in_quantity: 15, usage_quantity: 2, wastage_quantity: 1 })
    const day = (await env.call('GET', '/api/kitchen-inventory/movements/statistics?startDate=2026-05-12&endDate=2026-05-12', { token: k.chef.token })).body.data
    expect(day).toMatchObject({ start_date: '2026-05-12', end_date: '2026-05-12', total_movements: 1, wastage_count: 1, wastage_quantity: 1, usage_count: 0 })
    expect(day.by_type).toEqual([
      { movement_type: 'IN', count: 0, quantity: 0 },
      { movement_type: 'OUT', count: 0, quantity: 0 },
      { movement_type: 'WASTE', count: 1, quantity: 1 },
      { movement_type: 'ADJUSTMENT', count: 0, quantity: 0 },
    ])
    // Several days: whole UTC days from the kept day totals, the partial edge days from the rows.
    const stat = async (from: string, to: string) => (await env.call('GET', `/api/kitchen-inventory/movements/statistics?startDate=${from}&endDate=${to}`, { token: k.chef.token })).body.data
    expect(await stat('2026-05-10', '2026-05-11')).toMatchObject({ total_movements: 4, stock_in_count: 3, usage_count: 1, wastage_count: 0 })
    expect(await stat('2026-05-10', '2026-05-12')).toMatchObject({ total_movements: 5, stock_in_quantity: 15, usage_quantity: 2, wastage_quantity: 1 })
    expect(await stat('2026-05-11', '2026-05-30')).toMatchObject({ total_movements: 2, usage_count: 1, wastage_count: 1 })
    expect(await stat('2026-04-01', '2026-05-09')).toMatchObject({ total_movements: 0 })
    expect(k.doctorProblems()).toEqual([])
  })

  test('every role reads the kitchen; nobody without a token does', async () => {
    for (const token of [k.manager.token, k.store.token, k.chef.token]) {
      for (const path of ['inventory', 'inventory/statistics', 'inventory/search?q=a', 'movements', 'movements/statistics', 'movements/search?q=a']) {
        expect((await env.call('GET', `/api/kitchen-inventory/${path}`, { token })).status).toBe(200)
      }
    }
    expect((await env.call('GET', '/api/kitchen-inventory/inventory')).status).toBe(401)
  })

  test('deleting an item the kitchen has held deactivates it instead', async () => {
    const item = await k.makeItem({ store: 2, kitchen: 1 })
    const res = await env.call('DELETE', `/api/items/${item.id}`, { token: k.manager.token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(STOCK_MSG.itemDeactivated)
  })
})
