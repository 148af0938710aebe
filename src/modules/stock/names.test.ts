import { afterEach, beforeEach, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from './builders'

// Point 19: item, category and supplier names are NFC and carry no hidden characters.

let env: TestEnv
let manager: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

const HIDDEN = /^name must not contain control, invisible or text-direction characters$/

test('an item, category or supplier name with a bidi override or a zero-width space is a 400 naming the field', async () => {
  const category_id = (await b.makeCategory()).id
  const supplier_id = (await b.makeSupplier()).id
  for (const name of ['Rice\u202Egpj.exe', 'Ri\u200Bce', 'Rice\u0007']) {
    const item = await env.call('POST', '/api/items', { token: manager.token, body: { name, category_id, supplier_id, unit: 'kg', cost_price: 1 } })
    expect(item.status).toBe(400)
    expect(item.body.message).toMatch(HIDDEN)
    const cat = await env.call('POST', '/api/categories', { token: manager.token, body: { name } })
    expect(cat.status).toBe(400)
    expect(cat.body.message).toMatch(HIDDEN)
    const sup = await env.call('POST', '/api/suppliers', { token: manager.token, body: { name } })
    expect(sup.status).toBe(400)
    expect(sup.body.message).toMatch(HIDDEN)
  }
  const ok = await b.makeItem({ name: 'Rice' })
  const put = await env.call('PUT', `/api/items/${ok.id}`, { token: manager.token, body: { name: 'Ri\u200Bce' } })
  expect(put.status).toBe(400)
  expect(put.body.message).toMatch(HIDDEN)
})

test("'Cafe\\u0301' is stored as 'Café' (NFC) for items, categories and suppliers", async () => {
  const cat = await b.makeCategory({ name: 'Cafe\u0301' })
  const sup = await b.makeSupplier({ name: 'Cafe\u0301' })
  const item = await b.makeItem({ name: 'Cafe\u0301', category_id: cat.id, supplier_id: sup.id })
  for (const name of [cat.name, sup.name, item.name]) expect(name).toBe('Caf\u00E9')
  const stored = env.deps.db.query('SELECT name FROM items WHERE id = $id').get({ id: item.id }) as { name: string }
  expect(stored.name).toBe('Caf\u00E9')
})
