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

describe('categories', () => {
  test('create, read, update and list carry item_count', async () => {
    const created = await env.call('POST', '/api/categories', { token: manager.token, body: { name: '  Meat ', description: 'Beef and chicken' } })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ name: 'Meat', description: 'Beef and chicken', item_count: 0 })
    const b = stockBuilders(env, manager.token)
    await b.makeItem({ category_id: created.body.data.id })
    const id = created.body.data.id
    expect((await env.call('GET', `/api/categories/${id}`, { token: manager.token })).body.data.item_count).toBe(1)
    const updated = await env.call('PUT', `/api/categories/${id}`, { token: manager.token, body: { name: 'Meat & Poultry' } })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Meat & Poultry', description: null, item_count: 1 })
    await b.makeCategory({ name: 'Zucchini & Co' })
    const list = await env.call('GET', '/api/categories?limit=1&page=1', { token: manager.token })
    expect(list.body.meta).toEqual({ total: 2, page: 1, limit: 1 })
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Meat & Poultry'])
    expect((await env.call('GET', '/api/categories?q=poultry', { token: manager.token })).body.data.map((c: { id: number }) => c.id)).toEqual([id])
  })

  test('names are unique whatever their case', async () => {
    await env.call('POST', '/api/categories', { token: manager.token, body: { name: 'Dairy' } })
    const dup = await env.call('POST', '/api/categories', { token: manager.token, body: { name: 'DAIRY' } })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe(STOCK_MSG.categoryTaken)
    const other = await env.call('POST', '/api/categories', { token: manager.token, body: { name: 'Fish' } })
    expect((await env.call('PUT', `/api/categories/${other.body.data.id}`, { token: manager.token, body: { name: 'dairy' } })).status).toBe(409)
  })

  test('a name is required', async () => {
    const res = await env.call('POST', '/api/categories', { token: manager.token, body: { description: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('name is required')
  })

  test('unknown ids are 404', async () => {
    for (const [method, body] of [['GET'], ['PUT', { name: 'X' }], ['DELETE']] as const) {
      const res = await env.call(method, '/api/categories/999', { token: manager.token, body })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Category not found')
    }
  })

  test('delete is refused while any item, active or not, uses it; the message gives the count', async () => {
    const b = stockBuilders(env, manager.token)
    const cat = await b.makeCategory({ name: 'Spirits' })
    const kept = await b.makeItem({ category_id: cat.id })
    const old = await b.makeItem({ category_id: cat.id, quantity: 2 })
    await env.call('DELETE', `/api/items/${old.id}`, { token: manager.token }) // has history → deactivated
    const refused = await env.call('DELETE', `/api/categories/${cat.id}`, { token: manager.token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(STOCK_MSG.inUse('category', 2, 1))
    expect(refused.body.message).toContain('used by 2 items (1 deactivated)')
    await env.call('DELETE', `/api/items/${kept.id}`, { token: manager.token })
    expect((await env.call('DELETE', `/api/categories/${cat.id}`, { token: manager.token })).status).toBe(409)
    const empty = await b.makeCategory()
    expect((await env.call('DELETE', `/api/categories/${empty.id}`, { token: manager.token })).status).toBe(200)
    expect((await env.call('GET', `/api/categories/${empty.id}`, { token: manager.token })).status).toBe(404)
  })

  test('Chefs read categories but write none', async () => {
    const chef = await env.userOf('Chef')
    const store = await env.userOf('Storekeeper')
    expect((await env.call('GET', '/api/categories', { token: chef.token })).status).toBe(200)
    expect((await env.call('POST', '/api/categories', { token: chef.token, body: { name: 'X' } })).status).toBe(403)
    expect((await env.call('POST', '/api/categories', { token: store.token, body: { name: 'X' } })).status).toBe(201)
  })
})
