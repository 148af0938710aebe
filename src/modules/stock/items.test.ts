import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { STOCK_MSG } from '../../contract/stock'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from './builders'

// 23:30 in Lusaka on 14 June is already 15 June there: calendar days are the restaurant's.
const NOW = new Date('2026-06-14T22:30:00Z')
let env: TestEnv
let manager: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv({ clock: () => NOW })
  env.deps.settings.update({ time_zone: 'Africa/Lusaka' }, null)
  manager = await env.userOf('Manager')
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

describe('creating and editing items', () => {
  test('an item carries its category and supplier names; an opening quantity is written to the ledger', async () => {
    const cat = await b.makeCategory({ name: 'Meat' })
    const sup = await b.makeSupplier({ name: 'Zambeef' })
    const res = await env.call('POST', '/api/items', {
      token: manager.token,
      body: { name: 'Beef T-bone', category_id: cat.id, supplier_id: sup.id, unit: 'kg', cost_price: 165.5, current_quantity: 12.25, min_stock_level: 5, expiry_date: '2026-07-01', barcode: '6009001' },
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(STOCK_MSG.itemCreated)
    expect(res.body.data).toMatchObject({
      name: 'Beef T-bone', category_name: 'Meat', supplier_name: 'Zambeef', unit: 'kg', cost_price: 165.5, current_quantity: 12.25,
      min_stock_level: 5, expiry_date: '2026-07-01', barcode: '6009001', is_active: true, total_value: 2027.38,
    })
    const ledger = await env.call('GET', `/api/stock-movements/item/${res.body.data.id}`, { token: manager.token })
    expect(ledger.body.data).toHaveLength(1)
    expect(ledger.body.data[0]).toMatchObject({ type: 'IN', quantity: 12.25, remarks: 'Opening stock', source_type: 'OPENING', editable: false })
    const none = await b.makeItem({ quantity: 0 })
    expect((await env.call('GET', `/api/stock-movements/item/${none.id}`, { token: manager.token })).body.data).toHaveLength(0)
  })

  test('amounts: at least 0, at most 2 decimals, never rounded; the message names the field', async () => {
    const cat = await b.makeCategory()
    const sup = await b.makeSupplier()
    const base = { name: 'Rice', category_id: cat.id, supplier_id: sup.id, unit: 'kg', cost_price: 1 }
    const cases: [Record<string, unknown>, string][] = [
      [{ cost_price: 1.000005 }, 'cost_price must have at most 5 decimal places'], // a cost per unit keeps 5 (0.007 a piece), issue 29
      [{ current_quantity: 0.125 }, 'current_quantity must have at most 2 decimal places'],
      [{ min_stock_level: -1 }, 'min_stock_level must be at least 0'],
      [{ cost_price: '12' }, 'cost_price must be a number'],
      [{ name: ' ' }, 'name is required'],
      [{ unit: undefined }, 'unit is required'],
      [{ category_id: 999 }, STOCK_MSG.unknownReference('category_id')],
      [{ supplier_id: 999 }, STOCK_MSG.unknownReference('supplier_id')],
      [{ expiry_date: '2026-02-30' }, 'expiry_date must be a real date'],
    ]
    for (const [patch, message] of cases) {
      const res = await env.call('POST', '/api/items', { token: manager.token, body: { ...base, ...patch } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
  })

  test('a barcode is optional but unique when given', async () => {
    await b.makeItem({ barcode: '123' })
    await b.makeItem()
    await b.makeItem({ barcode: '' })
    const dup = await env.call('POST', '/api/items', { token: manager.token, body: { name: 'X', category_id: 1, supplier_id: 1, unit: 'kg', cost_price: 1, barcode: '123' } })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe(STOCK_MSG.barcodeTaken)
    const other = await b.makeItem({ barcode: '456' })
    expect((await env.call('PUT', `/api/items/${other.id}`, { token: manager.token, body: { barcode: '123' } })).status).toBe(409)
  })

  test('PUT changes details but never the quantity', async () => {
    const item = await b.makeItem({ quantity: 5, cost: 2 })
    // current_quantity is not a field of PUT (issue 29: refused by name, no longer dropped), and nothing changes
    const refused = await env.call('PUT', `/api/items/${item.id}`, { token: manager.token, body: { name: 'Renamed', cost_price: 3.5, current_quantity: 999, expiry_date: '' } })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('Unknown field: current_quantity')
    expect((await env.call('GET', `/api/items/${item.id}`, { token: manager.token })).body.data).toMatchObject({ name: item.name, cost_price: 2, current_quantity: 5 })
    const res = await env.call('PUT', `/api/items/${item.id}`, { token: manager.token, body: { name: 'Renamed', cost_price: 3.5, expiry_date: '' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'Renamed', cost_price: 3.5, current_quantity: 5, expiry_date: null })
    expect((await env.call('PUT', '/api/items/999', { token: manager.token, body: { name: 'X' } })).status).toBe(404)
  })

  test('a size is not a unit (issue 32): "750ml" is refused with what to do; a stored one is kept while other fields change', async () => {
    const cat = await b.makeCategory()
    const sup = await b.makeSupplier()
    const body = { name: 'House red', category_id: cat.id, supplier_id: sup.id, unit: '750ml', cost_price: 90 }
    const refused = await env.call('POST', '/api/items', { token: manager.token, body })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('unit: “750ml” is a size, not a unit: keep the item in L and add a pack “750 ml” of 0.75')
    const wine = await b.makeItem({ unit: 'liters' })
    expect((await env.call('PUT', `/api/items/${wine.id}`, { token: manager.token, body: { unit: '0,75 L' } })).status).toBe(400)
    // An item stored with a size before issue 32 stays editable (no migration rewrites it).
    env.deps.db.query('UPDATE items SET unit = $u WHERE id = $id').run({ u: '750ml', id: wine.id })
    const kept = await env.call('PUT', `/api/items/${wine.id}`, { token: manager.token, body: { name: 'Old wine', unit: '750ml' } })
    expect(kept.status).toBe(200)
    expect(kept.body.data).toMatchObject({ name: 'Old wine', unit: '750ml' })
  })

  test('a stock count sets the quantity and records a signed ADJUSTMENT with the reason', async () => {
    const item = await b.makeItem({ quantity: 10, unit: 'bottles' })
    const noReason = await env.call('PATCH', `/api/items/${item.id}/quantity`, { token: manager.token, body: { quantity: 7 } })
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toBe('remarks is required')
    const res = await env.call('PATCH', `/api/items/${item.id}/quantity`, { token: manager.token, body: { quantity: 7.5, remarks: 'Monthly count' } })
    expect(res.status).toBe(200)
    expect(res.body.data.current_quantity).toBe(7.5)
    const up = await env.call('PATCH', `/api/items/${item.id}/quantity`, { token: manager.token, body: { quantity: 8, remarks: 'Found a case' } })
    expect(up.body.data.current_quantity).toBe(8)
    const ledger = (await env.call('GET', `/api/stock-movements/item/${item.id}`, { token: manager.token })).body.data
    expect(ledger.map((m: { type: string; quantity: number; source_type: string }) => [m.type, m.quantity, m.source_type])).toEqual([
      ['ADJUSTMENT', 0.5, 'COUNT'],
      ['ADJUSTMENT', -2.5, 'COUNT'],
      ['IN', 10, 'OPENING'],
    ])
    expect(ledger[1]).toMatchObject({ remarks: 'Monthly count', user_id: manager.id, role_name: 'Manager' })
    const same = await env.call('PATCH', `/api/items/${item.id}/quantity`, { token: manager.token, body: { quantity: 8, remarks: 'Recount' } })
    expect(same.body.message).toBe(STOCK_MSG.countUnchanged)
    expect((await env.call('PATCH', `/api/items/${item.id}/quantity`, { token: manager.token, body: { quantity: -1, remarks: 'x' } })).body.message).toBe('quantity must be at least 0')
  })

  test('delete: with history the item is deactivated and leaves lists; without, it is gone', async () => {
    const used = await b.makeItem({ quantity: 1, name: 'Used' })
    const fresh = await b.makeItem({ name: 'Fresh' })
    const d1 = await env.call('DELETE', `/api/items/${used.id}`, { token: manager.token })
    expect(d1.body).toMatchObject({ success: true, data: { deleted: false, deactivated: true }, message: STOCK_MSG.itemDeactivated })
    const kept = await env.call('GET', `/api/items/${used.id}`, { token: manager.token })
    expect(kept.body.data.is_active).toBe(false)
    const list = await env.call('GET', '/api/items', { token: manager.token })
    expect(list.body.data.map((i: { name: string }) => i.name)).toEqual(['Fresh'])
    expect((await env.call('GET', `/api/stock-movements/item/${used.id}`, { token: manager.token })).body.data).toHaveLength(1)
    const d2 = await env.call('DELETE', `/api/items/${fresh.id}`, { token: manager.token })
    expect(d2.body.data).toEqual({ deleted: true, deactivated: false })
    expect((await env.call('GET', `/api/items/${fresh.id}`, { token: manager.token })).status).toBe(404)
    const again = await env.call('PUT', `/api/items/${used.id}`, { token: manager.token, body: { is_active: 1 } })
    expect(again.body.data.is_active).toBe(true)
  })
})

describe('item queries', () => {
  async function restaurant() {
    const meat = await b.makeCategory({ name: 'Meat' })
    const drinks = await b.makeCategory({ name: 'Drinks' })
    const s1 = await b.makeSupplier({ name: 'Zambeef' })
    const s2 = await b.makeSupplier({ name: 'Breweries' })
    const mk = (name: string, o: Parameters<typeof b.makeItem>[0]) => b.makeItem({ name, ...o })
    return {
      beef: await mk('Beef', { category_id: meat.id, supplier_id: s1.id, quantity: 20, min: 5, cost: 100, expiry: '2026-06-15' }), // expires today (Lusaka)
      chicken: await mk('Chicken', { category_id: meat.id, supplier_id: s1.id, quantity: 3, min: 5, cost: 80, expiry: '2026-06-22' }), // low, 7 days
      pork: await mk('Pork', { category_id: meat.id, supplier_id: s1.id, quantity: 0, min: 2, cost: 90, expiry: '2026-06-14' }), // out, expired
      mosi: await mk('Mosi', { category_id: drinks.id, supplier_id: s2.id, quantity: 48, min: 24, cost: 14, barcode: '6001' }),
      coke: await mk('Coke', { category_id: drinks.id, supplier_id: s2.id, quantity: 24, min: 24, cost: 8, expiry: '2026-06-23' }), // low (=min), 8 days
      meat, drinks, s1, s2,
    }
  }
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((i) => i.name)
  const get = (path: string, token = manager.token) => env.call('GET', path, { token })

  test('filters: q over name or barcode, category, supplier, status; sort and paging meta', async () => {
    const r = await restaurant()
    expect(names(await get('/api/items'))).toEqual(['Beef', 'Chicken', 'Coke', 'Mosi', 'Pork'])
    expect(names(await get('/api/items?q=600'))).toEqual(['Mosi'])
    expect(names(await get('/api/items?q=CHICK'))).toEqual(['Chicken'])
    expect(names(await get(`/api/items?category_id=${r.drinks.id}`))).toEqual(['Coke', 'Mosi'])
    expect(names(await get(`/api/items?supplier_id=${r.s1.id}&status=low`))).toEqual(['Chicken', 'Pork'])
    expect(names(await get('/api/items?status=out'))).toEqual(['Pork'])
    expect(names(await get('/api/items?status=expiring'))).toEqual(['Beef', 'Chicken'])
    expect(names(await get('/api/items?status=expired'))).toEqual(['Pork'])
    expect(names(await get('/api/items?sort=-quantity'))).toEqual(['Mosi', 'Coke', 'Beef', 'Chicken', 'Pork'])
    expect(names(await get('/api/items?sort=value'))).toEqual(['Pork', 'Coke', 'Chicken', 'Mosi', 'Beef'])
    const page = await get('/api/items?page=2&limit=2')
    expect(names(page)).toEqual(['Coke', 'Mosi'])
    expect(page.body.meta).toEqual({ total: 5, page: 2, limit: 2 })
    expect((await get('/api/items?limit=501')).body.message).toBe('limit must be at most 500')
    expect((await get('/api/items?status=soon')).status).toBe(400)
    expect((await get('/api/items?sort=colour')).status).toBe(400)
    expect(names(await get('/api/items/search?q=o'))).toEqual(['Coke', 'Mosi', 'Pork'])
  })

  test('low-stock, critical-stock, expiring (with days_until_expiry) and expired', async () => {
    await restaurant()
    expect(names(await get('/api/items/low-stock')).sort()).toEqual(['Chicken', 'Coke', 'Pork'])
    expect(names(await get('/api/items/critical-stock'))).toEqual(['Pork'])
    const expiring = await get('/api/items/expiring')
    expect(expiring.body.data.map((i: { name: string; days_until_expiry: number }) => [i.name, i.days_until_expiry])).toEqual([['Beef', 0], ['Chicken', 7]])
    expect(names(await get('/api/items/expiring?days=8'))).toEqual(['Beef', 'Chicken', 'Coke'])
    expect(names(await get('/api/items/expiring?days=0'))).toEqual(['Beef'])
    expect((await get('/api/items/expiring?days=-1')).body.message).toBe('days must be at least 0')
    env.deps.settings.update({ expiring_days: 8 }, null)
    expect(names(await get('/api/items/expiring'))).toEqual(['Beef', 'Chicken', 'Coke'])
    const expired = await get('/api/items/expired')
    expect(names(expired)).toEqual(['Pork'])
    expect(expired.body.data[0].days_until_expiry).toBe(-1)
    // 'Expiring or expired': both sets, one list, with its total equal to the two counts the screens add up.
    const both = await get('/api/items?status=expiring_or_expired&sort=expiry_date')
    expect(both.body.data.map((i: { name: string; days_until_expiry: number }) => [i.name, i.days_until_expiry])).toEqual([['Pork', -1], ['Beef', 0], ['Chicken', 7], ['Coke', 8]])
    const stats = (await get('/api/items/statistics')).body.data
    expect(both.body.meta.total).toBe(stats.expiring_count + stats.expired_count)
  })

  test('statistics: total value is the sum of rows rounded to the ngwee; value fields are for Managers only', async () => {
    await restaurant()
    // One row whose value has a half ngwee: 0.15 × 0.1 = 0.015 → 0.02.
    await b.makeItem({ name: 'Salt', cost: 0.15, quantity: 0.1 })
    const stats = await get('/api/items/statistics')
    expect(stats.body.data).toEqual({ total_items: 6, total_value: 3104.02, total_categories: 3, low_stock_count: 3, expiring_count: 2, expired_count: 1 })
    const rows = (await get('/api/items?limit=500')).body.data as { total_value: number }[]
    const cents = rows.reduce((n, r) => n + Math.round(r.total_value * 100), 0)
    expect(cents).toBe(310402)
    const store = await env.userOf('Storekeeper')
    const chef = await env.userOf('Chef')
    for (const who of [store, chef]) {
      const s = await get('/api/items/statistics', who.token)
      expect(s.body.data.total_value).toBeUndefined()
      expect(s.body.data.total_items).toBe(6)
      const list = await get('/api/items', who.token)
      expect(list.body.data[0].total_value).toBeUndefined()
      expect(list.body.data[0].cost_price).toBeDefined()
    }
  })

  test('Chefs read items but write none; Storekeepers write', async () => {
    const r = await restaurant()
    const chef = await env.userOf('Chef')
    const store = await env.userOf('Storekeeper')
    expect((await get('/api/items', chef.token)).status).toBe(200)
    expect((await get(`/api/items/${r.beef.id}`, chef.token)).status).toBe(200)
    expect((await env.call('PUT', `/api/items/${r.beef.id}`, { token: chef.token, body: { name: 'X' } })).status).toBe(403)
    expect((await env.call('PATCH', `/api/items/${r.beef.id}/quantity`, { token: chef.token, body: { quantity: 1, remarks: 'x' } })).status).toBe(403)
    expect((await env.call('DELETE', `/api/items/${r.beef.id}`, { token: chef.token })).status).toBe(403)
    expect((await env.call('PUT', `/api/items/${r.beef.id}`, { token: store.token, body: { name: 'Beef rump' } })).status).toBe(200)
    expect((await get('/api/items/999')).status).toBe(404)
    expect((await get('/api/items/abc')).status).toBe(400)
  })
})

describe('pack sizes on items (issue 17)', () => {
  test('packs are accepted on create and update, returned on every item, and keep their ids by name', async () => {
    const cat = await b.makeCategory()
    const sup = await b.makeSupplier()
    const created = await env.call('POST', '/api/items', {
      token: manager.token,
      body: { name: 'House red', category_id: cat.id, supplier_id: sup.id, unit: 'L', cost_price: 80, packs: [{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }] },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.packs).toMatchObject([{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }])
    const [bottle, kase] = created.body.data.packs
    const id = created.body.data.id
    expect((await env.call('GET', `/api/items/${id}`, { token: manager.token })).body.data.packs).toEqual([bottle, kase])
    const listed = (await env.call('GET', '/api/items?q=House', { token: manager.token })).body.data
    expect(listed[0].packs).toEqual([bottle, kase])
    // A plain item has none, and no verification yet.
    const plain = await b.makeItem()
    expect(plain.packs).toEqual([])
    expect(plain.last_verified_at).toBeNull()

    // PUT replaces the list: case kept (same id, new size, first now), bottle dropped, magnum added.
    const put = await env.call('PUT', `/api/items/${id}`, { token: manager.token, body: { packs: [{ name: 'CASE', size: 4.5 }, { name: 'magnum', size: 1.5 }] } })
    expect(put.status).toBe(200)
    expect(put.body.data.packs).toHaveLength(2)
    expect(put.body.data.packs[0]).toEqual({ id: kase.id, name: 'CASE', size: 4.5 })
    expect(put.body.data.packs[1]).toMatchObject({ name: 'magnum', size: 1.5 })
    // PUT without packs leaves them.
    expect((await env.call('PUT', `/api/items/${id}`, { token: manager.token, body: { name: 'House red 2' } })).body.data.packs).toHaveLength(2)
    expect((await env.call('PUT', `/api/items/${id}`, { token: manager.token, body: { packs: [] } })).body.data.packs).toEqual([])
  })

  test('bad packs are refused with a message and nothing changes', async () => {
    const item = await b.makeItem({ name: 'Gin' })
    await env.call('PUT', `/api/items/${item.id}`, { token: manager.token, body: { packs: [{ name: 'bottle', size: 0.75 }] } })
    const cases: [unknown, string][] = [
      [[{ name: 'bottle', size: 0 }], 'packs.size must be at least 0.01'],
      [[{ name: 'bottle' }], 'packs.0.size is required'],
      [[{ name: 'bottle', size: '1' }], 'packs.size must be a number'],
      [[{ name: 'bottle', size: 0.001 }], 'packs.size must be at least 0.01'],
      [[{ name: 'bottle', size: 1.234 }], 'packs.size must have at most 2 decimal places'],
      [[{ name: 'a', size: 1 }, { name: 'A', size: 2 }], 'packs: the name "A" is used twice (pack names are unique per item, in any case)'],
      [Array.from({ length: 6 }, (_, i) => ({ name: `p${i}`, size: 1 })), 'packs: at most 5 pack sizes per item'],
      ['bottle', 'packs must be a list of { name, size }'],
    ]
    for (const [packs, message] of cases) {
      const res = await env.call('PUT', `/api/items/${item.id}`, { token: manager.token, body: { packs } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await env.call('GET', `/api/items/${item.id}`, { token: manager.token })).body.data.packs).toMatchObject([{ name: 'bottle', size: 0.75 }])
  })
})
