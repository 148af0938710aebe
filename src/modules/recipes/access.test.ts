import { afterAll, beforeAll, expect, test } from 'bun:test'
import { canAccess } from '../../contract/access-types'
import { recipesAccess } from '../../contract/recipes'
import { makeTestEnv, ROLES, type TestEnv } from '../../test/harness'

// Every recipes and sales route × every role, read from the same table the server uses.
let env: TestEnv
const tokens: Record<string, string> = {}
beforeAll(async () => {
  env = await makeTestEnv()
  for (const role of ROLES) tokens[role] = (await env.userOf(role)).token
}, 60_000)
afterAll(() => env.close())

test('every recipes and sales route admits exactly the roles of its access table, and nobody without a token', async () => {
  for (const [route, access] of Object.entries(recipesAccess)) {
    const [method, pattern] = route.split(' ')
    const path = pattern.replace(':id', '1').replace(':date', '2026-01-01')
    expect({ route, status: (await env.call(method, path)).status }).toEqual({ route, status: 401 })
    for (const role of ROLES) {
      const res = await env.call(method, path, { token: tokens[role], body: method === 'GET' || method === 'DELETE' ? undefined : {} })
      if (canAccess(access, role)) expect({ route, role, status: res.status }).not.toEqual({ route, role, status: 403 })
      else expect({ route, role, status: res.status }).toEqual({ route, role, status: 403 })
    }
  }
})

test('the matrix says what the issue says', () => {
  expect(recipesAccess['GET /api/recipes']).toEqual(['Manager', 'Storekeeper', 'Chef'])
  expect(recipesAccess['GET /api/recipes/:id/cost']).toEqual(['Manager', 'Storekeeper', 'Chef'])
  expect(recipesAccess['POST /api/recipes']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['PUT /api/recipes/:id']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['DELETE /api/recipes/:id']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['GET /api/recipes/menu-costing']).toEqual(['Manager', 'Chef'])
  expect(recipesAccess['POST /api/sales/import']).toEqual(['Manager'])
  expect(recipesAccess['PUT /api/sales/mappings']).toEqual(['Manager'])
  expect(recipesAccess['PUT /api/sales/:date']).toEqual(['Manager'])
})
