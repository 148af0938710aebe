import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ACCESS } from '../contract/access'
import { MANAGER } from '../contract/roles'
import { tablesDigest } from './digest'
import { makeTestEnv, type TestEnv } from './harness'
import { WRITE_ROUTES, withValueAt } from './write-bodies'

// Every id, wherever it travels (path, query, body, nested lines), is a whole number from 1 to
// 2^53 − 1: anything else is a 400 naming the field, never a 5xx (1e20 once reached SQLite as a 500).

const BAD_NUMBERS = [1e20, -1, 1.5, 2 ** 63]
const BAD_TEXTS = ['1e20', '-1', '1.5', '9223372036854775808']

// Path params that are not ids.
const NOT_IDS = new Set(['token', 'name', 'role', 'type', 'status', 'priority', 'kind', 'date', 'scanId'])

const QUERY_IDS: Record<string, string[]> = {
  '/api/items': ['category_id', 'supplier_id'],
  '/api/items/search': ['category_id', 'supplier_id'],
  '/api/stock-movements': ['item_id', 'user_id'],
  '/api/stock-movements/search': ['item_id', 'user_id'],
  '/api/kitchen-requests': ['chef_id', 'item_id'],
  '/api/kitchen-requests/search': ['chef_id', 'item_id'],
  '/api/kitchen-inventory/movements': ['item_id'],
  '/api/kitchen-inventory/movements/search': ['item_id'],
  '/api/purchasing/suggestions': ['supplier_id'],
  '/api/purchase-orders': ['supplier_id'],
  '/api/receipts': ['supplier_id'],
  '/api/reports/download/count-variance': ['count_id'],
  '/api/reports/food-cost': ['opening_count_id', 'closing_count_id'],
  '/api/reports/avt': ['opening_count_id', 'closing_count_id'],
  '/api/reports/download/avt': ['opening_count_id', 'closing_count_id'],
}

let env: TestEnv
let token: string
let before: string
beforeAll(async () => {
  env = await makeTestEnv()
  token = (await env.userOf(MANAGER)).token
  before = tablesDigest(env.deps.db, ['audit_log', 'login_throttle'])
})
afterAll(() => env.close())

const refusedNaming = (wrong: string[], label: string, field: string, res: { status: number; body: any }) => {
  if (res.status !== 400 || typeof res.body?.message !== 'string' || !res.body.message.includes(field)) wrong.push(`${label}: ${res.status} ${res.body?.message}`)
}

test('PUT /items/:id {"order_pack_id": 1e20} is a 400 naming order_pack_id', async () => {
  const res = await env.call('PUT', '/api/items/1', { token, body: { order_pack_id: 1e20 } })
  expect(res.status).toBe(400)
  expect(res.body.message).toBe('order_pack_id is too large')
})

test('every id in a path is refused naming it when out of range, not whole or not positive', async () => {
  const wrong: string[] = []
  for (const key of Object.keys(ACCESS).filter((k) => k.includes('/api/') && k.includes(':'))) {
    const [method, pattern] = key.split(' ') as [string, string]
    const params = [...pattern.matchAll(/:([a-zA-Z_]+)/g)].map((m) => m[1]!).filter((p) => !NOT_IDS.has(p))
    for (const param of params) {
      for (const bad of BAD_TEXTS) {
        const path = pattern.replace(/:([a-zA-Z_]+)/g, (_, p) => (p === param ? bad : p === 'date' ? '2026-01-10' : '1'))
        const body = method === 'GET' || method === 'DELETE' ? undefined : (WRITE_ROUTES[key]?.body ?? {})
        refusedNaming(wrong, `${method} ${path}`, param, await env.call(method, path, { token, body }))
      }
    }
  }
  expect(wrong).toEqual([])
})

test('every id in a query is refused naming it', async () => {
  const wrong: string[] = []
  for (const [path, fields] of Object.entries(QUERY_IDS)) {
    for (const field of fields) {
      for (const bad of BAD_TEXTS) {
        const others = fields.filter((f) => f !== field).map((f) => `&${f}=1`).join('')
        const url = `${path}?${field}=${encodeURIComponent(bad)}${others}`
        refusedNaming(wrong, url, field, await env.call('GET', url, { token }))
      }
    }
  }
  expect(wrong).toEqual([])
})

test('every id in a body, nested lines too, is refused naming it', async () => {
  const wrong: string[] = []
  for (const [key, route] of Object.entries(WRITE_ROUTES)) {
    const [method, pattern] = key.split(' ') as [string, string]
    for (const spec of route.ids ?? []) {
      const { path, body } = typeof spec === 'string' ? { path: spec, body: route.body } : spec
      const field = path.split('.').filter((k) => !/^\d+$/.test(k)).at(-1)!
      for (const bad of BAD_NUMBERS) {
        const sent = withValueAt(body, path, bad)
        refusedNaming(wrong, `${key} ${JSON.stringify(sent)}`, field, await env.call(method, route.path ?? pattern.replace(/:[a-z_]+/gi, '1'), { token, body: sent }))
      }
    }
  }
  expect(wrong).toEqual([])
})

test('after all of it, nothing changed', () => {
  expect(tablesDigest(env.deps.db, ['audit_log', 'login_throttle'])).toBe(before)
})
