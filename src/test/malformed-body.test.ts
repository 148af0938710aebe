import { afterAll, beforeAll, expect, test } from 'bun:test'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../cli/demo'
import { ACCESS } from '../contract/access'
import { ACTION_ROUTES } from '../contract/actions'
import { MANAGER } from '../contract/roles'
import { tablesDigest } from './digest'
import { makeTestEnv, type TestEnv } from './harness'

// Every write route takes a JSON object; anything else is a 400 that changes nothing, on rows that exist.
// The action routes (contract/actions.ts) also take no body at all, as {}: every other malformed body is refused there too.

const MALFORMED: { label: string; body?: string; type?: string }[] = [
  { label: 'no body at all' },
  { label: 'an empty JSON body', body: '', type: 'application/json' },
  { label: 'null', body: 'null', type: 'application/json' },
  { label: 'an array', body: '[]', type: 'application/json' },
  { label: 'a string', body: '"x"', type: 'application/json' },
  { label: 'a number', body: '7', type: 'application/json' },
  { label: 'truncated JSON', body: '{"name": "x", ', type: 'application/json' },
  { label: 'a form', body: 'name=x&quantity=1&remarks=y', type: 'application/x-www-form-urlencoded' },
  { label: 'JSON sent as text', body: '{"name":"x"}', type: 'text/plain' },
]

let env: TestEnv
let token: string

beforeAll(async () => {
  env = await makeTestEnv()
  await seedDemo(env.deps)
  const manager = DEMO_ACCOUNTS.find((a) => a.role === MANAGER)!
  token = (await env.call('POST', '/api/auth/login', { body: { email: manager.email, password: DEMO_PASSWORD } })).body.data.token
}, 60_000)
afterAll(() => env.close())

const writeRoutes = Object.keys(ACCESS).filter((key) => /^(POST|PUT|PATCH) \/api\//.test(key))

test('the write routes are found in the access table', () => {
  expect(writeRoutes.length).toBeGreaterThan(25)
  expect(writeRoutes).toContain('PUT /api/items/:id')
  expect(writeRoutes).toContain('PUT /api/manager/settings')
})

test('every write route refuses a body that is not a JSON object with 400, and nothing changes', async () => {
  const before = tablesDigest(env.deps.db, ['audit_log'])
  const wrong: string[] = []
  for (const key of writeRoutes) {
    const [method, pattern] = key.split(' ')
    // Id 1 exists for every demo table, so a route that ignored the body would really write.
    const path = pattern.replace(/:[a-z_]+/gi, '1')
    for (const m of MALFORMED) {
      if (ACTION_ROUTES.includes(key) && m.body === undefined && m.type === undefined) continue
      const headers: Record<string, string> = { authorization: `Bearer ${token}` }
      if (m.type) headers['content-type'] = m.type
      const res = await env.app.handle(new Request('http://localhost' + path, { method, headers, body: m.body }))
      const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null
      if (res.status !== 400 || body?.success !== false || !body.message) wrong.push(`${key} with ${m.label}: ${res.status} ${body?.message}`)
    }
  }
  expect(wrong).toEqual([])
  expect(tablesDigest(env.deps.db, ['audit_log'])).toBe(before)
}, 60_000)
