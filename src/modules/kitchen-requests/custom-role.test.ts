import { afterEach, beforeEach, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

// Point 21: SPEC's route table gives /requests to any signed-in role; a custom role reads, never writes.

let env: TestEnv
beforeEach(async () => {
  env = await makeTestEnv()
})
afterEach(() => env.close())

test('a custom role reads /kitchen-requests and its statistics (200) but cannot create, approve or edit (403)', async () => {
  const manager = await env.userOf('Manager')
  const chef = await env.userOf('Chef')
  const role = await env.call('POST', '/api/manager/roles', { token: manager.token, body: { role_name: 'Bartender' } })
  expect(role.body.success).toBe(true)
  const bartender = await env.userOf('Bartender')
  const item = await stockBuilders(env, manager.token).makeItem({ quantity: 5 })
  const made = await env.call('POST', '/api/kitchen-requests', { token: chef.token, body: { item_id: item.id, quantity_requested: 1 } })
  expect(made.status).toBe(201)

  for (const path of ['/api/kitchen-requests', '/api/kitchen-requests/statistics', '/api/kitchen-requests/search?q=a', `/api/kitchen-requests/${made.body.data.id}`, '/api/kitchen-requests/status/PENDING', '/api/kitchen-requests/priority/MEDIUM', `/api/kitchen-requests/chef/${chef.id}`]) {
    const res = await env.call('GET', path, { token: bartender.token })
    expect([path, res.status]).toEqual([path, 200])
  }
  expect((await env.call('GET', '/api/kitchen-requests', { token: bartender.token })).body.data.map((r: any) => r.id)).toEqual([made.body.data.id])
  expect((await env.call('POST', '/api/kitchen-requests', { token: bartender.token, body: { item_id: item.id, quantity_requested: 1 } })).status).toBe(403)
  expect((await env.call('PUT', `/api/kitchen-requests/${made.body.data.id}`, { token: bartender.token, body: { quantity_requested: 2 } })).status).toBe(403)
  expect((await env.call('PATCH', `/api/kitchen-requests/${made.body.data.id}/approve`, { token: bartender.token, body: {} })).status).toBe(403)
  expect((await env.call('DELETE', `/api/kitchen-requests/${made.body.data.id}`, { token: bartender.token })).status).toBe(403)
  // The item picker's search stays with the staff roles.
  expect((await env.call('GET', '/api/items/search?q=a', { token: bartender.token })).status).toBe(403)
})
