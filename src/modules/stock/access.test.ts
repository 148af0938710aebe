import { afterAll, beforeAll, expect, test } from 'bun:test'
import { canAccess } from '../../contract/access-types'
import { stockAccess } from '../../contract/stock'
import { makeTestEnv, ROLES, type TestEnv } from '../../test/harness'

// The role matrix (SPEC §6 and DECISIONS "Who may call what"), read from the same table the server uses.
let env: TestEnv
const tokens: Record<string, string> = {}
beforeAll(async () => {
  env = await makeTestEnv()
  for (const role of ROLES) tokens[role] = (await env.userOf(role)).token
})
afterAll(() => env.close())

test('every stock route admits exactly the roles of its access table, and nobody without a token', async () => {
  for (const [route, access] of Object.entries(stockAccess)) {
    const [method, pattern] = route.split(' ')
    const path = pattern.replace(':id', '1').replace(':type', 'IN')
    expect((await env.call(method, path)).status).toBe(401)
    for (const role of ROLES) {
      const res = await env.call(method, path, { token: tokens[role], body: method === 'GET' || method === 'DELETE' ? undefined : {} })
      if (canAccess(access, role)) expect({ route, role, status: res.status }).not.toEqual({ route, role, status: 403 })
      else expect({ route, role, status: res.status }).toEqual({ route, role, status: 403 })
    }
  }
})

test('the matrix says what the spec says', () => {
  expect(stockAccess['GET /api/items']).toEqual(['Manager', 'Storekeeper', 'Chef'])
  expect(stockAccess['GET /api/categories']).toEqual(['Manager', 'Storekeeper', 'Chef'])
  expect(stockAccess['POST /api/items']).toEqual(['Manager', 'Storekeeper'])
  expect(stockAccess['GET /api/suppliers']).toEqual(['Manager', 'Storekeeper'])
  expect(stockAccess['GET /api/stock-movements']).toEqual(['Manager', 'Storekeeper'])
  expect(stockAccess['POST /api/stock-movements']).toEqual(['Manager', 'Storekeeper'])
  expect(stockAccess['PUT /api/stock-movements/:id']).toEqual(['Manager', 'Storekeeper'])
  expect(stockAccess['DELETE /api/stock-movements/:id']).toEqual(['Manager'])
})
