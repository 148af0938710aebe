import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { STOCK_MSG } from '../../contract/stock'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

let env: TestEnv
let manager: { token: string }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
})
afterEach(() => env.close())

describe('suppliers', () => {
  test('create, read, update, list and search carry item_count', async () => {
    const res = await env.call('POST', '/api/suppliers', {
      token: manager.token,
      body: { name: 'Zambeef Products', contact_person: 'Mutale', email: 'Orders@Zambeef.example.zm', phone: '+260 211 369 000', address: 'Lusaka' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ name: 'Zambeef Products', email: 'orders@zambeef.example.zm', item_count: 0 })
    const id = res.body.data.id
    const b = stockBuilders(env, manager.token)
    await b.makeItem({ supplier_id: id })
    await b.makeSupplier({ name: 'Kafue Fisheries' })
    expect((await env.call('GET', `/api/suppliers/${id}`, { token: manager.token })).body.data.item_count).toBe(1)
    const upd = await env.call('PUT', `/api/suppliers/${id}`, { token: manager.token, body: { name: 'Zambeef', email: '' } })
    expect(upd.body.data).toMatchObject({ name: 'Zambeef', email: null, contact_person: null })
    const list = await env.call('GET', '/api/suppliers?limit=1', { token: manager.token })
    expect(list.body.meta).toEqual({ total: 2, page: 1, limit: 1 })
    const search = await env.call('GET', '/api/suppliers/search?q=kafue', { token: manager.token })
    expect(search.body.data.map((s: { name: string }) => s.name)).toEqual(['Kafue Fisheries'])
    expect(search.body.meta.total).toBe(1)
  })

  test('an email, when given, must be an email; a name is required', async () => {
    const bad = await env.call('POST', '/api/suppliers', { token: manager.token, body: { name: 'X', email: 'not-an-email' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('email must be a valid email address')
    const noName = await env.call('POST', '/api/suppliers', { token: manager.token, body: { email: 'a@b.zm' } })
    expect(noName.body.message).toBe('name is required')
  })

  test('statistics count suppliers and items; stock values go to Managers only', async () => {
    const b = stockBuilders(env, manager.token)
    const s1 = await b.makeSupplier({ name: 'A' })
    await b.makeSupplier({ name: 'B' })
    await b.makeItem({ supplier_id: s1.id, cost: 0.1, quantity: 0.05 }) // 0.005 → 0.01 (half-up)
    await b.makeItem({ supplier_id: s1.id, cost: 12.5, quantity: 3 })
    const stats = await env.call('GET', '/api/suppliers/statistics', { token: manager.token })
    expect(stats.body.data).toMatchObject({ total_suppliers: 2, active_suppliers: 1, items_supplied: 2, total_value: 37.51 })
    expect(stats.body.data.suppliers.find((s: { id: number }) => s.id === s1.id)).toEqual({ id: s1.id, name: 'A', item_count: 2, total_value: 37.51 })
    const store = await env.userOf('Storekeeper')
    const forStore = await env.call('GET', '/api/suppliers/statistics', { token: store.token })
    expect(forStore.body.data.total_value).toBeUndefined()
    expect(forStore.body.data.suppliers[0].total_value).toBeUndefined()
    expect(forStore.body.data.items_supplied).toBe(2)
  })

  test('delete is refused while items use it, and unknown ids are 404', async () => {
    const b = stockBuilders(env, manager.token)
    const s = await b.makeSupplier()
    await b.makeItem({ supplier_id: s.id })
    const refused = await env.call('DELETE', `/api/suppliers/${s.id}`, { token: manager.token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(STOCK_MSG.inUse('supplier', 1, 0))
    expect((await env.call('GET', '/api/suppliers/999', { token: manager.token })).status).toBe(404)
    const free = await b.makeSupplier()
    expect((await env.call('DELETE', `/api/suppliers/${free.id}`, { token: manager.token })).status).toBe(200)
  })

  test('Chefs never read suppliers', async () => {
    const chef = await env.userOf('Chef')
    for (const path of ['/api/suppliers', '/api/suppliers/search?q=a', '/api/suppliers/statistics']) {
      expect((await env.call('GET', path, { token: chef.token })).status).toBe(403)
    }
  })
})
