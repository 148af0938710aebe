import { afterAll, beforeAll, expect, test } from 'bun:test'
import { canAccess } from '../../contract/access-types'
import { importsAccess } from '../../contract/imports'
import { makeTestEnv, ROLES, type TestEnv } from '../../test/harness'

// Every import, export and bulk-edit route admits exactly the roles of its access table.
let env: TestEnv
const tokens: Record<string, string> = {}
beforeAll(async () => {
  env = await makeTestEnv()
  for (const role of ROLES) tokens[role] = (await env.userOf(role)).token
}, 60_000)
afterAll(() => env.close())

test('each route: no token 401, the table’s roles pass, the others 403', async () => {
  for (const [route, access] of Object.entries(importsAccess)) {
    const [method, pattern] = route.split(' ')
    const path = pattern.replace(':kind', 'items')
    const isImport = method === 'POST'
    const send = (token?: string) =>
      env.call(method, isImport ? `${path}?dry_run=true` : path, {
        token,
        body: isImport ? 'name,unit\nRice,kg\n' : method === 'PATCH' ? { item_ids: [1], set: { min_stock_level: 1 } } : undefined,
        headers: isImport ? { 'content-type': 'text/csv' } : undefined,
      })
    expect({ route, status: (await send()).status }).toEqual({ route, status: 401 })
    for (const role of ROLES) {
      const res = await send(tokens[role])
      if (canAccess(access, role)) expect({ route, role, status: res.status }).not.toEqual({ route, role, status: 403 })
      else expect({ route, role, status: res.status }).toEqual({ route, role, status: 403 })
    }
  }
})

test('the matrix: exports and imports for the store staff, bulk edit for Managers', () => {
  expect(importsAccess['GET /api/items/export.csv']).toEqual(['Manager', 'Storekeeper'])
  expect(importsAccess['POST /api/imports/items']).toEqual(['Manager', 'Storekeeper'])
  expect(importsAccess['PATCH /api/items/bulk']).toEqual(['Manager'])
})
