import { afterEach, beforeEach, expect, test } from 'bun:test'
import { MAX_AMOUNT } from '../../contract/fields'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from './builders'

// Point 12: values inside the documented field limits never answer 500; cost × quantity has a ceiling.

let env: TestEnv
let manager: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

test('cost × quantity at the field limits is a 400 naming the field, never a 500; normal writes still work after', async () => {
  const category_id = (await b.makeCategory()).id
  const supplier_id = (await b.makeSupplier()).id
  const item = (n: number, o: Record<string, unknown>) => ({ name: `Big ${n}`, category_id, supplier_id, unit: 'kg', cost_price: 1, ...o })
  for (let n = 0; n < 120; n++) {
    const created = await env.call('POST', '/api/items', { token: manager.token, body: item(n, { cost_price: MAX_AMOUNT, current_quantity: MAX_AMOUNT }) })
    expect(created.status).toBe(400)
    expect(created.body.message).toMatch(/^current_quantity /)
  }
  const cheap = await b.makeItem({ cost: MAX_AMOUNT, quantity: 0 })
  const raise = await b.move(cheap.id, 'IN', MAX_AMOUNT)
  expect(raise.status).toBe(400)
  expect(raise.body.message).toMatch(/^quantity /)
  const count = await env.call('PATCH', `/api/items/${cheap.id}/quantity`, { token: manager.token, body: { quantity: MAX_AMOUNT, remarks: 'count' } })
  expect(count.status).toBe(400)
  expect(count.body.message).toMatch(/^quantity /)
  const many = await b.makeItem({ cost: 1, quantity: MAX_AMOUNT })
  const price = await env.call('PUT', `/api/items/${many.id}`, { token: manager.token, body: { cost_price: MAX_AMOUNT } })
  expect(price.status).toBe(400)
  expect(price.body.message).toMatch(/^cost_price /)
  const inDelivery = (await b.move(cheap.id, 'IN', 1)).body.data
  const edit = await env.call('PUT', `/api/stock-movements/${inDelivery.id}`, { token: manager.token, body: { quantity: MAX_AMOUNT } })
  expect(edit.status).toBe(400)
  expect(edit.body.message).toMatch(/^quantity /)

  const kitchen = await env.call('POST', '/api/kitchen-inventory/adjustment', { token: manager.token, body: { item_id: cheap.id, quantity: MAX_AMOUNT, remarks: 'count' } })
  expect(kitchen.status).toBe(400)
  expect(kitchen.body.message).toMatch(/^quantity /)
  const kitchenPrice = await b.makeItem({ cost: 1, quantity: 0 })
  expect((await env.call('POST', '/api/kitchen-inventory/adjustment', { token: manager.token, body: { item_id: kitchenPrice.id, quantity: MAX_AMOUNT, remarks: 'count' } })).status).toBe(201)
  const kitchenCost = await env.call('PUT', `/api/items/${kitchenPrice.id}`, { token: manager.token, body: { cost_price: MAX_AMOUNT } })
  expect(kitchenCost.status).toBe(400)
  expect(kitchenCost.body.message).toMatch(/^cost_price /)

  const normal = await b.makeItem({ cost: 12.5, quantity: 4 })
  expect((await b.move(normal.id, 'IN', 2)).status).toBe(201)
  const stats = await env.call('GET', '/api/items/statistics', { token: manager.token })
  expect(stats.status).toBe(200)
})
