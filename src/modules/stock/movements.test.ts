import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { MADE_BY, STOCK_MSG } from '../../contract/stock'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from './builders'
import { stockLedgerCheck } from './doctor'

let env: TestEnv
let manager: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager', { name: 'Mwila Banda' })
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

const insufficient = (available: number, requested: number, unit: string) =>
  `Insufficient stock! Available: ${available} ${unit}, Requested: ${requested} ${unit}. Please restock before proceeding.`

describe('recording movements', () => {
  test('IN raises and OUT lowers the balance; rows carry item, unit, user and role', async () => {
    const item = await b.makeItem({ name: 'Tomatoes', unit: 'kg', quantity: 5 })
    const res = await env.call('POST', '/api/stock-movements', { token: manager.token, body: { item_id: item.id, type: 'in', quantity: 2.5, remarks: 'Market delivery' } })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe(STOCK_MSG.movementRecorded)
    expect(res.body.data).toMatchObject({
      item_id: item.id, item_name: 'Tomatoes', unit: 'kg', type: 'IN', quantity: 2.5, remarks: 'Market delivery',
      user_id: manager.id, user_name: 'Mwila Banda', role_name: 'Manager', source_type: 'MANUAL', editable: true,
    })
    expect(res.body.data.movement_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(res.body.data.created_at).toMatch(/Z$/)
    const out = await env.call('POST', '/api/stock-movements', { token: manager.token, body: { item_id: item.id, movement_type: 'Out', quantity: 0.75 } })
    expect(out.body.data.type).toBe('OUT')
    expect(await b.balance(item.id)).toBe(6.75)
    expect((await env.call('GET', `/api/stock-movements/${out.body.data.id}`, { token: manager.token })).body.data).toEqual(out.body.data)
  })

  test('an OUT above the balance is refused with the spec message, numbers as a person writes them', async () => {
    const item = await b.makeItem({ unit: 'liters', quantity: 2.5 })
    const res = await b.move(item.id, 'OUT', 5)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Insufficient stock! Available: 2.5 liters, Requested: 5 liters. Please restock before proceeding.')
    expect(res.body.message).toBe(STOCK_MSG.insufficientStock(250, 500, 'liters'))
    expect((await b.move(item.id, 'OUT', 2.5)).status).toBe(201)
    expect((await b.move(item.id, 'OUT', 0.01)).body.message).toBe(insufficient(0, 0.01, 'liters'))
  })

  test('validation names the field', async () => {
    const item = await b.makeItem({ quantity: 1 })
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'IN', quantity: 1 }, 'item_id is required'],
      [{ item_id: item.id, quantity: 1 }, 'type is required'],
      [{ item_id: item.id, type: 'WASTE', quantity: 1 }, 'type must be one of IN, OUT'],
      [{ item_id: item.id, type: 'IN' }, 'quantity is required'],
      [{ item_id: item.id, type: 'IN', quantity: 0 }, 'quantity must be at least 0.01'],
      [{ item_id: item.id, type: 'IN', quantity: 1.234 }, 'quantity must have at most 2 decimal places'],
    ]
    for (const [body, message] of cases) {
      const res = await env.call('POST', '/api/stock-movements', { token: manager.token, body })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
    const missing = await b.move(999, 'IN', 1)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Item not found')
  })

  test('a deactivated item takes no movements', async () => {
    const item = await b.makeItem({ quantity: 1 })
    await env.call('DELETE', `/api/items/${item.id}`, { token: manager.token })
    const res = await b.move(item.id, 'IN', 1)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(STOCK_MSG.itemInactive)
  })
})

describe('editing and deleting movements', () => {
  test('an edit applies the difference; an OUT grown past the stock is refused with the message', async () => {
    const item = await b.makeItem({ unit: 'kg', quantity: 25 })
    const out = (await b.move(item.id, 'OUT', 5)).body.data
    const ok = await env.call('PUT', `/api/stock-movements/${out.id}`, { token: manager.token, body: { quantity: 8, remarks: 'Corrected' } })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ quantity: 8, type: 'OUT', remarks: 'Corrected' })
    expect(await b.balance(item.id)).toBe(17)
    const refused = await env.call('PUT', `/api/stock-movements/${out.id}`, { token: manager.token, body: { quantity: 30 } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(insufficient(25, 30, 'kg'))
    expect(await b.balance(item.id)).toBe(17)
    const flipped = await env.call('PUT', `/api/stock-movements/${out.id}`, { token: manager.token, body: { type: 'IN' } })
    expect(flipped.body.data.type).toBe('IN')
    expect(await b.balance(item.id)).toBe(33)
  })

  test('an edit may move a row to another item, each balance checked', async () => {
    const a = await b.makeItem({ unit: 'kg', quantity: 10 })
    const c = await b.makeItem({ unit: 'kg', quantity: 1 })
    const out = (await b.move(a.id, 'OUT', 4)).body.data
    const refused = await env.call('PUT', `/api/stock-movements/${out.id}`, { token: manager.token, body: { item_id: c.id } })
    expect(refused.body.message).toBe(insufficient(1, 4, 'kg'))
    const moved = await env.call('PUT', `/api/stock-movements/${out.id}`, { token: manager.token, body: { item_id: c.id, quantity: 1 } })
    expect(moved.status).toBe(200)
    expect([await b.balance(a.id), await b.balance(c.id)]).toEqual([10, 0])
  })

  test('deleting reverses the row; deleting an IN already used is refused with the message (Manager only)', async () => {
    const item = await b.makeItem({ unit: 'crates', quantity: 0 })
    const delivery = (await b.move(item.id, 'IN', 10)).body.data
    const use = (await b.move(item.id, 'OUT', 7)).body.data
    const refused = await env.call('DELETE', `/api/stock-movements/${delivery.id}`, { token: manager.token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(insufficient(3, 10, 'crates'))
    const store = await env.userOf('Storekeeper')
    expect((await env.call('DELETE', `/api/stock-movements/${use.id}`, { token: store.token })).status).toBe(403)
    const del = await env.call('DELETE', `/api/stock-movements/${use.id}`, { token: manager.token })
    expect(del.body.message).toBe(STOCK_MSG.movementDeleted)
    expect(await b.balance(item.id)).toBe(10)
    expect((await env.call('DELETE', `/api/stock-movements/${delivery.id}`, { token: manager.token })).status).toBe(200)
    expect(await b.balance(item.id)).toBe(0)
    expect((await env.call('GET', `/api/stock-movements/${delivery.id}`, { token: manager.token })).status).toBe(404)
    expect((await env.call('PUT', '/api/stock-movements/999', { token: manager.token, body: { quantity: 1 } })).status).toBe(404)
    expect((await env.call('DELETE', '/api/stock-movements/999', { token: manager.token })).status).toBe(404)
  })

  test('opening stock and count rows are not editable: record a correction instead', async () => {
    const item = await b.makeItem({ quantity: 5 })
    await env.call('PATCH', `/api/items/${item.id}/quantity`, { token: manager.token, body: { quantity: 4, remarks: 'Count' } })
    const [count, opening] = (await env.call('GET', `/api/stock-movements/item/${item.id}`, { token: manager.token })).body.data
    const e1 = await env.call('PUT', `/api/stock-movements/${opening.id}`, { token: manager.token, body: { quantity: 50 } })
    expect(e1.status).toBe(409)
    expect(e1.body.message).toBe(STOCK_MSG.notEditable(MADE_BY.OPENING))
    const e2 = await env.call('DELETE', `/api/stock-movements/${count.id}`, { token: manager.token })
    expect(e2.body.message).toBe('This movement was made by a stock count; record a correction instead.')
  })
})

describe('lists and statistics', () => {
  test('filters by item, type, user, q and dates; paging meta; the per-id routes', async () => {
    const store = await env.userOf('Storekeeper', { name: 'Chileshe Phiri' })
    const sb = stockBuilders(env, store.token)
    const rice = await b.makeItem({ name: 'Rice', quantity: 10 })
    const oil = await b.makeItem({ name: 'Cooking oil', quantity: 10 })
    await sb.move(rice.id, 'OUT', 1, 'Lunch service')
    await sb.move(oil.id, 'OUT', 2)
    await b.move(oil.id, 'IN', 3, 'Delivery')
    const get = async (path: string) => (await env.call('GET', path, { token: manager.token })).body
    const all = await get('/api/stock-movements?limit=2')
    expect(all.meta).toEqual({ total: 5, page: 1, limit: 2 })
    expect(all.data.map((m: { remarks: string }) => m.remarks)).toEqual(['Delivery', null])
    expect((await get(`/api/stock-movements?item_id=${oil.id}`)).meta.total).toBe(3)
    expect((await get('/api/stock-movements?type=out')).data.map((m: { item_name: string }) => m.item_name)).toEqual(['Cooking oil', 'Rice'])
    expect((await get(`/api/stock-movements?user_id=${store.id}`)).meta.total).toBe(2)
    expect((await get('/api/stock-movements?q=chileshe')).meta.total).toBe(2)
    expect((await get('/api/stock-movements?q=lunch')).data[0].item_name).toBe('Rice')
    expect((await get('/api/stock-movements/search?q=oil')).meta.total).toBe(3)
    expect((await get(`/api/stock-movements/item/${rice.id}?limit=1`)).meta).toEqual({ total: 2, page: 1, limit: 1 })
    expect((await get(`/api/stock-movements/user/${store.id}`)).data.every((m: { role_name: string }) => m.role_name === 'Storekeeper')).toBe(true)
    expect((await get('/api/stock-movements/type/in')).meta.total).toBe(3)
    expect((await env.call('GET', '/api/stock-movements/type/waste', { token: manager.token })).status).toBe(400)
    expect((await env.call('GET', '/api/stock-movements/item/999', { token: manager.token })).status).toBe(404)
    expect((await env.call('GET', '/api/stock-movements/user/999', { token: manager.token })).status).toBe(404)
    expect(await get('/api/stock-movements/statistics')).toMatchObject({ data: { total_movements: 5, stock_in_count: 3, stock_out_count: 2, adjustment_count: 0 } })
  })

  test('date ranges are calendar days in the restaurant zone, both ends inclusive', async () => {
    let now = new Date('2026-03-09T21:30:00Z') // 23:30 on 9 March in Lusaka
    env.close()
    env = await makeTestEnv({ clock: () => now })
    env.deps.settings.update({ time_zone: 'Africa/Lusaka' }, null)
    manager = await env.userOf('Manager')
    b = stockBuilders(env, manager.token)
    const item = await b.makeItem({ quantity: 0 })
    await b.move(item.id, 'IN', 1)
    now = new Date('2026-03-09T22:30:00Z') // 00:30 on 10 March in Lusaka
    await b.move(item.id, 'IN', 2)
    now = new Date('2026-03-11T21:59:00Z') // 23:59 on 11 March
    await b.move(item.id, 'IN', 3)
    const q = async (s: string, e: string) => (await env.call('GET', `/api/stock-movements/date-range?startDate=${s}&endDate=${e}`, { token: manager.token })).body.data.map((m: { quantity: number }) => m.quantity)
    expect(await q('2026-03-09', '2026-03-09')).toEqual([1])
    expect(await q('2026-03-10', '2026-03-11')).toEqual([3, 2])
    expect(await q('2026-03-01', '2026-03-31')).toEqual([3, 2, 1])
    expect((await env.call('GET', '/api/stock-movements?startDate=2026-03-10', { token: manager.token })).body.meta.total).toBe(2)
    const bad = await env.call('GET', '/api/stock-movements/date-range?startDate=2026-03-12&endDate=2026-03-10', { token: manager.token })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('startDate cannot be after endDate')
    expect((await env.call('GET', '/api/stock-movements/date-range?startDate=2026-03-12', { token: manager.token })).body.message).toBe('endDate is required')
  })

  test('Chefs never read stock movements; Storekeepers record and edit but do not delete', async () => {
    const chef = await env.userOf('Chef')
    const store = await env.userOf('Storekeeper')
    const item = await b.makeItem({ quantity: 5 })
    for (const path of ['/api/stock-movements', '/api/stock-movements/statistics', `/api/stock-movements/item/${item.id}`]) {
      expect((await env.call('GET', path, { token: chef.token })).status).toBe(403)
    }
    expect((await env.call('POST', '/api/stock-movements', { token: chef.token, body: { item_id: item.id, type: 'OUT', quantity: 1 } })).status).toBe(403)
    const mine = await env.call('POST', '/api/stock-movements', { token: store.token, body: { item_id: item.id, type: 'OUT', quantity: 1 } })
    expect(mine.status).toBe(201)
    expect((await env.call('PUT', `/api/stock-movements/${mine.body.data.id}`, { token: store.token, body: { quantity: 2 } })).status).toBe(200)
  })
})

describe('exactness and retries', () => {
  test('0.1 + 0.2 style sequences leave exact balances and values', async () => {
    const item = await b.makeItem({ quantity: 0, cost: 0.1, unit: 'kg' })
    for (let i = 0; i < 10; i++) await b.move(item.id, 'IN', i % 2 ? 0.2 : 0.1)
    expect(await b.balance(item.id)).toBe(1.5)
    await b.move(item.id, 'OUT', 0.3)
    await b.move(item.id, 'OUT', 0.3)
    await b.move(item.id, 'OUT', 0.9)
    expect(await b.balance(item.id)).toBe(0)
    const refused = await b.move(item.id, 'OUT', 0.01)
    expect(refused.body.message).toBe(insufficient(0, 0.01, 'kg'))
    await b.move(item.id, 'IN', 0.3)
    const got = (await env.call('GET', `/api/items/${item.id}`, { token: manager.token })).body.data
    expect([got.current_quantity, got.total_value]).toEqual([0.3, 0.03])
  })

  test('a retried form with the same Idempotency-Key moves stock once and replays the first answer', async () => {
    const item = await b.makeItem({ quantity: 10 })
    const send = (body: unknown, key = 'form-1') => env.call('POST', '/api/stock-movements', { token: manager.token, body, headers: { 'idempotency-key': key } })
    const first = await send({ item_id: item.id, type: 'OUT', quantity: 4 })
    const retry = await send({ item_id: item.id, type: 'OUT', quantity: 4 })
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual(first.body)
    expect(await b.balance(item.id)).toBe(6)
    const reused = await send({ item_id: item.id, type: 'OUT', quantity: 5 })
    expect(reused.status).toBe(409)
    expect(reused.body.message).toBe(STOCK_MSG.idempotencyReused)
    // A refused first try is not stored: the retry runs afresh.
    const big = await send({ item_id: item.id, type: 'OUT', quantity: 7 }, 'form-2')
    expect(big.status).toBe(409)
    await b.move(item.id, 'IN', 1)
    expect((await send({ item_id: item.id, type: 'OUT', quantity: 7 }, 'form-2')).status).toBe(201)
    // Keys belong to a user: another user's same key is another request.
    const store = await env.userOf('Storekeeper')
    const theirs = await env.call('POST', '/api/stock-movements', { token: store.token, body: { item_id: item.id, type: 'IN', quantity: 1 }, headers: { 'idempotency-key': 'form-1' } })
    expect(theirs.status).toBe(201)
    // The stock count honours the key too.
    const count = (key: string) => env.call('PATCH', `/api/items/${item.id}/quantity`, { token: manager.token, body: { quantity: 2, remarks: 'Count' }, headers: { 'idempotency-key': key } })
    await count('count-1')
    await b.move(item.id, 'IN', 1)
    expect((await count('count-1')).body.data.current_quantity).toBe(2)
    expect(await b.balance(item.id)).toBe(3)
    expect(stockLedgerCheck.run(env.deps.db)).toEqual([])
  })

  test('a key stored by the previous version (a whole answer) is refused rather than run twice', async () => {
    const item = await b.makeItem({ quantity: 10 })
    const body = { item_id: item.id, type: 'OUT', quantity: 4, remarks: null }
    env.deps.db
      .query("INSERT INTO idempotency_keys (user_id, key, route, status, response, created_at) VALUES ($u, 'old-form', $route, 201, '{}', $at)")
      .run({ u: manager.id, route: `POST /api/stock-movements ${JSON.stringify(body)}`, at: new Date().toISOString() })
    const retry = await env.call('POST', '/api/stock-movements', { token: manager.token, body, headers: { 'idempotency-key': 'old-form' } })
    expect([retry.status, retry.body.message]).toEqual([409, STOCK_MSG.idempotencyReused])
    expect(await b.balance(item.id)).toBe(10)
  })

  test('the doctor reports an item whose balance differs from its ledger', async () => {
    const item = await b.makeItem({ name: 'Sugar', quantity: 3 })
    expect(stockLedgerCheck.run(env.deps.db)).toEqual([])
    env.deps.db.query('UPDATE items SET current_quantity = 250 WHERE id = $id').run({ id: item.id })
    expect(stockLedgerCheck.run(env.deps.db)).toEqual([`item ${item.id} (Sugar): balance 2.5 but the ledger adds up to 3`])
  })

  test('property: random create/edit/delete of IN and OUT keep every balance ≥ 0 and equal to the ledger', async () => {
    const items = [await b.makeItem({ quantity: 1 }), await b.makeItem({ quantity: 0 })]
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), item: fc.nat(1), type: fc.constantFrom('IN', 'OUT'), cents: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(50), type: fc.constantFrom('IN', 'OUT'), cents: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(50) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        const ids: number[] = []
        const model = new Map<number, number>(items.map((i) => [i.id, 0]))
        for (const i of items) model.set(i.id, Math.round((await b.balance(i.id)) * 100))
        const rows = new Map<number, { item: number; type: string; cents: number }>()
        for (const o of ops) {
          if (o.kind === 'create') {
            const itemId = items[o.item].id
            const res = await b.move(itemId, o.type, o.cents / 100)
            const after = model.get(itemId)! + (o.type === 'IN' ? o.cents : -o.cents)
            expect(res.status).toBe(after >= 0 ? 201 : 409)
            if (after >= 0) (model.set(itemId, after), ids.push(res.body.data.id), rows.set(res.body.data.id, { item: itemId, type: o.type, cents: o.cents }))
          } else if (ids.length) {
            const id = ids[o.pick % ids.length]
            const row = rows.get(id)!
            const undo = row.type === 'IN' ? -row.cents : row.cents
            if (o.kind === 'edit') {
              const res = await env.call('PUT', `/api/stock-movements/${id}`, { token: manager.token, body: { type: o.type, quantity: o.cents / 100 } })
              const after = model.get(row.item)! + undo + (o.type === 'IN' ? o.cents : -o.cents)
              expect(res.status).toBe(after >= 0 ? 200 : 409)
              if (after >= 0) (model.set(row.item, after), rows.set(id, { ...row, type: o.type, cents: o.cents }))
            } else {
              const res = await env.call('DELETE', `/api/stock-movements/${id}`, { token: manager.token })
              const after = model.get(row.item)! + undo
              expect(res.status).toBe(after >= 0 ? 200 : 409)
              if (after >= 0) (model.set(row.item, after), rows.delete(id), ids.splice(ids.indexOf(id), 1))
            }
          }
        }
        for (const i of items) expect(Math.round((await b.balance(i.id)) * 100)).toBe(model.get(i.id)!)
        expect(stockLedgerCheck.run(env.deps.db)).toEqual([])
      }),
      { numRuns: 40, seed: 20260614 },
    )
  })
})
