import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { STOCK_MSG } from '../../contract/stock'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from './builders'

// Point 20: every edit keeps who and when and an edit history; a Storekeeper changes only their own rows of today.

let env: TestEnv
let manager: { id: number; token: string }
let store: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager', { name: 'Mwila Banda' })
  store = await env.userOf('Storekeeper', { name: 'Chanda Phiri' })
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

const moveAs = async (token: string, item_id: number, type: string, quantity: number) => {
  const res = await env.call('POST', '/api/stock-movements', { token, body: { item_id, type, quantity } })
  expect(res.status).toBe(201)
  return res.body.data
}
const detail = async (id: number) => (await env.call('GET', `/api/stock-movements/${id}`, { token: manager.token })).body.data

describe('who may edit a stock movement', () => {
  test("a Storekeeper's edit of a Manager's movement is refused with 403 and nothing changes", async () => {
    const item = await b.makeItem({ unit: 'kg', quantity: 0 })
    const delivery = await moveAs(manager.token, item.id, 'IN', 10)
    const res = await env.call('PUT', `/api/stock-movements/${delivery.id}`, { token: store.token, body: { type: 'OUT', quantity: 1 } })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(STOCK_MSG.editOwnToday)
    const after = await detail(delivery.id)
    expect(after).toMatchObject({ type: 'IN', quantity: 10, user_id: manager.id, updated_by: null, history: [] })
    expect(await b.balance(item.id)).toBe(10)
    expect((await env.call('DELETE', `/api/stock-movements/${delivery.id}`, { token: store.token })).status).toBe(403)
    expect(await b.balance(item.id)).toBe(10)
  })

  test("a Storekeeper's edit of their own movement from an earlier restaurant day is refused with 403", async () => {
    const item = await b.makeItem({ quantity: 0 })
    const own = await moveAs(store.token, item.id, 'IN', 4)
    const yesterday = new Date(Date.now() - 36 * 3600_000).toISOString()
    env.deps.db.query('UPDATE stock_movements SET created_at = $t, movement_date = $t WHERE id = $id').run({ t: yesterday, id: own.id })
    const res = await env.call('PUT', `/api/stock-movements/${own.id}`, { token: store.token, body: { quantity: 3 } })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(STOCK_MSG.editOwnToday)
    expect(await detail(own.id)).toMatchObject({ quantity: 4, history: [] })
    expect(await b.balance(item.id)).toBe(4)
  })

  test('an own same-day edit leaves a history row with before/after and updated_by', async () => {
    const item = await b.makeItem({ name: 'Rice', quantity: 0 })
    const own = await moveAs(store.token, item.id, 'IN', 10)
    const res = await env.call('PUT', `/api/stock-movements/${own.id}`, { token: store.token, body: { quantity: 1, remarks: 'Typo' } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ quantity: 1, user_id: store.id, updated_by: store.id, updated_by_name: 'Chanda Phiri' })
    const d = await detail(own.id)
    expect(d).toEqual(res.body.data)
    expect(d.updated_at).toMatch(/Z$/)
    expect(d.history).toHaveLength(1)
    expect(d.history[0]).toMatchObject({
      user_id: store.id, user_name: 'Chanda Phiri', action: 'edit',
      before: { item_id: item.id, item_name: 'Rice', type: 'IN', quantity: 10, remarks: null },
      after: { item_id: item.id, item_name: 'Rice', type: 'IN', quantity: 1, remarks: 'Typo' },
    })
    expect(d.history[0].at).toBe(d.updated_at)
    expect(await b.balance(item.id)).toBe(1)
  })

  test("a Manager's edit of anyone's movement is kept with history; a deletion is kept in the history too", async () => {
    const item = await b.makeItem({ quantity: 0 })
    const own = await moveAs(store.token, item.id, 'IN', 10)
    const old = new Date(Date.now() - 72 * 3600_000).toISOString()
    env.deps.db.query('UPDATE stock_movements SET created_at = $t, movement_date = $t WHERE id = $id').run({ t: old, id: own.id })
    const res = await env.call('PUT', `/api/stock-movements/${own.id}`, { token: manager.token, body: { type: 'OUT', quantity: 1 } })
    expect(res.status).toBe(409) // no stock to take: the rule of the balance still holds
    const ok = await env.call('PUT', `/api/stock-movements/${own.id}`, { token: manager.token, body: { quantity: 6 } })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ user_id: store.id, updated_by: manager.id, updated_by_name: 'Mwila Banda' })
    expect(ok.body.data.history).toMatchObject([{ action: 'edit', user_id: manager.id, before: { quantity: 10 }, after: { quantity: 6 } }])
    expect((await env.call('DELETE', `/api/stock-movements/${own.id}`, { token: manager.token })).status).toBe(200)
    const kept = env.deps.db.query('SELECT action, user_id, before, after FROM stock_movement_history WHERE movement_id = $id ORDER BY id').all({ id: own.id }) as any[]
    expect(kept.map((h) => h.action)).toEqual(['edit', 'delete'])
    expect(kept[1].user_id).toBe(manager.id)
    expect(JSON.parse(kept[1].before)).toMatchObject({ quantity: 600, type: 'IN' })
    expect(kept[1].after).toBeNull()
    const audit = env.deps.db.query("SELECT action FROM audit_log WHERE entity = 'stock_movement' AND entity_id = $id ORDER BY id").all({ id: own.id }) as any[]
    expect(audit.map((a) => a.action)).toEqual(['edit', 'delete'])
  })
})
