import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ACCESS } from '../contract/access'
import { ACTION_ROUTES } from '../contract/actions'
import { MANAGER } from '../contract/roles'
import { NOT_AN_OBJECT } from '../http/validate'
import { tablesDigest } from './digest'
import { makeTestEnv, type TestEnv } from './harness'

// One rule for the routes whose action is the path (send, cancel, approve, read…): no body or {}
// (or the route's documented fields) is taken; [], null, a string or a number is a 400.

let env: TestEnv
let token: string
beforeAll(async () => {
  env = await makeTestEnv()
  token = (await env.userOf(MANAGER)).token
})
afterAll(() => env.close())

const raw = (method: string, path: string, body?: string) =>
  env.app.handle(new Request('http://localhost' + path, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body }))

test('the action routes are routes', () => {
  for (const key of ACTION_ROUTES) expect(ACCESS[key]).toBeDefined()
})

test('every action route refuses [], null, a string and a number with 400, and nothing changes', async () => {
  const before = tablesDigest(env.deps.db, ['audit_log'])
  const wrong: string[] = []
  for (const key of ACTION_ROUTES) {
    const [method, pattern] = key.split(' ') as [string, string]
    const path = pattern.replace(/:[a-z_]+/gi, '999999')
    for (const body of ['[]', 'null', '"x"', '7']) {
      const res = await raw(method, path, body)
      const answer = (await res.json()) as { message: string }
      if (res.status !== 400 || answer.message !== NOT_AN_OBJECT) wrong.push(`${key} ${body}: ${res.status} ${answer.message}`)
    }
    const typo = await raw(method, path, '{"zz_typo":1}')
    const answer = (await typo.json()) as { message: string }
    if (typo.status !== 400 || answer.message !== 'Unknown field: zz_typo') wrong.push(`${key} {"zz_typo":1}: ${typo.status} ${answer.message}`)
  }
  expect(wrong).toEqual([])
  expect(tablesDigest(env.deps.db, ['audit_log'])).toBe(before)
})

test('every action route takes no body and {} alike: the answer is about the path, never the body', async () => {
  const wrong: string[] = []
  for (const key of ACTION_ROUTES.filter((k) => k.includes(':'))) {
    const [method, pattern] = key.split(' ') as [string, string]
    const path = pattern.replace(/:[a-z_]+/gi, '999999')
    const none = await raw(method, path)
    const empty = await raw(method, path, '{}')
    const [a, b] = [(await none.json()) as { message: string }, (await empty.json()) as { message: string }]
    if (none.status >= 500 || a.message === NOT_AN_OBJECT || none.status !== empty.status || a.message !== b.message) wrong.push(`${key}: no body ${none.status} ${a.message}; {} ${empty.status} ${b.message}`)
  }
  expect(wrong).toEqual([])
})

test('POST /purchase-orders/:id/send with no body sends the order', async () => {
  const cat = (await env.call('POST', '/api/categories', { token, body: { name: 'Dry goods' } })).body.data
  const sup = (await env.call('POST', '/api/suppliers', { token, body: { name: 'Lusaka Wholesale' } })).body.data
  const item = (await env.call('POST', '/api/items', { token, body: { name: 'Rice', category_id: cat.id, supplier_id: sup.id, unit: 'kg', cost_price: 2 } })).body.data
  const order = (await env.call('POST', '/api/purchase-orders', { token, body: { supplier_id: sup.id, lines: [{ item_id: item.id, quantity: 1, unit_price: 2 }] } })).body.data
  const res = await raw('POST', `/api/purchase-orders/${order.id}/send`)
  expect(res.status).toBe(200)
  expect(((await res.json()) as { data: { status: string } }).data.status).toBe('SENT')
  // an action with its documented field: no body says which field is missing
  const close = await raw('POST', `/api/purchase-orders/${order.id}/close`)
  expect(((await close.json()) as { message: string }).message).toBe('reason is required')
})

test('a stock count is cancelled with no body, and refused with null', async () => {
  const area = (await env.call('POST', '/api/storage-areas', { token, body: { name: 'Cellar' } })).body.data
  const count = (await env.call('POST', '/api/stock-counts', { token, body: { area_ids: [area.id], blind: false } })).body.data
  const refused = await raw('POST', `/api/stock-counts/${count.id}/cancel`, 'null')
  expect(refused.status).toBe(400)
  expect((await env.call('GET', `/api/stock-counts/${count.id}`, { token })).body.data.status).toBe('OPEN')
  const res = await raw('POST', `/api/stock-counts/${count.id}/cancel`)
  expect(res.status).toBe(200)
  expect(((await res.json()) as { data: { status: string } }).data.status).toBe('CANCELLED')
})
