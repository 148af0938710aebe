import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ACCESS } from '../contract/access'
import { MANAGER } from '../contract/roles'
import { tablesDigest } from './digest'
import { makeTestEnv, type TestEnv } from './harness'

// Every route gets hostile input: wrong types, missing fields, negative and huge numbers,
// malformed JSON, unknown and hostile ids, SQL and HTML in strings, path traversal.
// Each must answer a 4xx with a JSON message, never a 500, and leave the database as it was.

const HOSTILE_PARAMS = ['999999', '0', '-1', 'abc', '1.5', "1' OR '1'='1", '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '9'.repeat(40)]

// Values of a type no field accepts, under every field name the API uses: nothing can be written.
const FIELD_NAMES = [
  'name', 'email', 'password', 'role_id', 'role_name', 'is_active', 'newPassword', 'currentPassword', 'token',
  'item_id', 'category_id', 'supplier_id', 'unit', 'cost_price', 'current_quantity', 'min_stock_level', 'expiry_date', 'barcode',
  'description', 'contact_person', 'phone', 'address', 'type', 'movement_type', 'quantity', 'remarks', 'quantity_requested',
  'quantity_approved', 'priority', 'status', 'direction', 'report_type', 'start_date', 'end_date', 'format',
  'restaurant_name', 'currency', 'locale', 'time_zone', 'expiring_days', 'token_hours', 'backup_cron', 'backup_keep', 'require_https', 'public_url', 'smtp_host',
]
const wrongTyped = (value: unknown) => Object.fromEntries(FIELD_NAMES.map((f) => [f, value]))
const HOSTILE_BODIES: (string | unknown)[] = [
  '{"name": ',
  'null',
  '[]',
  '"just a string"',
  wrongTyped({ $gt: '' }),
  wrongTyped([1, 2]),
  wrongTyped(null),
  { ...wrongTyped({}), quantity: -5, cost_price: -1, item_id: -1 },
  { ...wrongTyped([]), quantity: 1e308, cost_price: Number.MAX_VALUE, item_id: 1e20 },
  { ...wrongTyped(['x']), quantity: 0.001, cost_price: 1.005 },
]
const HOSTILE_QUERIES = ['?page=-1', '?limit=100000', '?page=abc&limit=xyz', "?q=' OR 1=1 --", '?q=%3Cimg%20src%3Dx%3E', '?startDate=2026-13-45&endDate=yesterday', '?start_date=../../x&end_date=', '?days=-4', '?type=DROP%20TABLE']

let env: TestEnv
let token: string
let digestBefore: string

beforeAll(async () => {
  env = await makeTestEnv()
  token = (await env.userOf(MANAGER)).token
  // audit_log and login bookkeeping may legitimately grow (a refused login is not a change of data).
  digestBefore = tablesDigest(env.deps.db, ['audit_log'])
})
afterAll(() => env.close())

const routes = Object.keys(ACCESS)
  .filter((key) => key.startsWith('GET /api') || key.startsWith('POST /api') || key.startsWith('PUT /api') || key.startsWith('PATCH /api') || key.startsWith('DELETE /api'))
  .map((key) => {
    const [method, pattern] = key.split(' ')
    return { method, pattern }
  })

const fill = (pattern: string, value: string) => pattern.replace(/:[a-z_]+/gi, value)

async function expectClearRefusal(method: string, path: string, body?: unknown) {
  const res = await env.call(method, path, { token, body })
  const label = `${method} ${path} ${typeof body === 'string' ? body : JSON.stringify(body)?.slice(0, 60)}`
  expect({ label, status: res.status < 500 }).toEqual({ label, status: true })
  if (res.status >= 400) {
    expect({ label, message: typeof res.body?.message === 'string' && res.body.message.length > 0 }).toEqual({ label, message: true })
    expect({ label, leak: /SQLITE|at \/|\.ts:\d+|stack/i.test(res.body.message) }).toEqual({ label, leak: false })
  }
}

test('hostile path params never crash a route', async () => {
  for (const { method, pattern } of routes.filter((r) => r.pattern.includes(':'))) {
    for (const value of HOSTILE_PARAMS) await expectClearRefusal(method, fill(pattern, value), method === 'GET' || method === 'DELETE' ? undefined : {})
  }
})

test('hostile bodies never crash a route and are refused', async () => {
  for (const { method, pattern } of routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE')) {
    for (const body of HOSTILE_BODIES) await expectClearRefusal(method, fill(pattern, '999999'), body)
  }
})

test('hostile query strings never crash a list', async () => {
  for (const { pattern } of routes.filter((r) => r.method === 'GET')) {
    for (const query of HOSTILE_QUERIES) await expectClearRefusal('GET', fill(pattern, '1') + query)
  }
})

test('a 10 MB body is refused before it is read', async () => {
  const huge = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) })
  for (const { method, pattern } of routes.filter((r) => r.method === 'POST').slice(0, 10)) {
    const res = await env.call(method, fill(pattern, '1'), { token, body: huge, headers: { 'content-length': String(huge.length) } })
    expect(res.status).toBe(413)
  }
})

test('after all of it, the data is exactly as it was', () => {
  expect(tablesDigest(env.deps.db, ['audit_log'])).toBe(digestBefore)
})
