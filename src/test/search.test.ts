import { afterAll, beforeAll, expect, test } from 'bun:test'
import { seedDemo } from '../cli/demo'
import { MANAGER } from '../contract/roles'
import { makeTestEnv, type TestEnv } from './harness'

// A % or _ typed in a search box is a character, not a wildcard that matches everything.

let env: TestEnv
let token: string
beforeAll(async () => {
  env = await makeTestEnv()
  await seedDemo(env.deps)
  token = (await env.userOf(MANAGER)).token
}, 60_000)
afterAll(() => env.close())

const LISTS = ['/api/items', '/api/categories', '/api/suppliers', '/api/stock-movements', '/api/kitchen-requests', '/api/kitchen-inventory/inventory', '/api/kitchen-inventory/movements', '/api/alerts', '/api/manager/users']

test('every list has rows to find, and % or _ alone finds none of them', async () => {
  for (const path of LISTS) {
    const all = await env.call('GET', path, { token })
    expect({ path, some: (all.body.meta?.total ?? all.body.data.length) > 0 }).toEqual({ path, some: true })
    for (const q of ['%', '_', '%%']) {
      const res = await env.call('GET', `${path}?q=${encodeURIComponent(q)}`, { token })
      expect({ path, q, status: res.status, found: res.body.meta?.total ?? res.body.data.length }).toEqual({ path, q, status: 200, found: 0 })
    }
  }
})
