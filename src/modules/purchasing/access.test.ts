import { afterAll, beforeAll, expect, test } from 'bun:test'
import { canAccess } from '../../contract/access-types'
import { purchasingAccess } from '../../contract/purchasing'
import { makeTestEnv, ROLES, type TestEnv } from '../../test/harness'

// Every purchasing route × every role, read from the table the server uses; nobody without a token.
let env: TestEnv
const tokens: Record<string, string> = {}
beforeAll(async () => {
  env = await makeTestEnv()
  for (const role of ROLES) tokens[role] = (await env.userOf(role)).token
}, 60_000)
afterAll(() => env.close())

test('every purchasing route admits exactly the roles of its access table', async () => {
  for (const [route, access] of Object.entries(purchasingAccess)) {
    const [method, pattern] = route.split(' ')
    const path = pattern.replace(':id', '1')
    expect({ route, status: (await env.call(method, path)).status }).toEqual({ route, status: 401 })
    for (const role of ROLES) {
      const res = await env.call(method, path, { token: tokens[role], body: method === 'GET' ? undefined : {} })
      if (canAccess(access, role)) expect({ route, role, status: res.status }).not.toEqual({ route, role, status: 403 })
      else expect({ route, role, status: res.status }).toEqual({ route, role, status: 403 })
    }
  }
})

test('the matrix says what the issue says', () => {
  const store = ['Manager', 'Storekeeper'] as const
  expect(purchasingAccess['GET /api/purchasing/suggestions']).toEqual(store)
  expect(purchasingAccess['POST /api/purchase-orders']).toEqual(store)
  expect(purchasingAccess['POST /api/purchase-orders/:id/receipts']).toEqual(store)
  expect(purchasingAccess['POST /api/receipts']).toEqual(store)
  expect(purchasingAccess['POST /api/purchase-orders/:id/close']).toEqual(['Manager'])
})
