import { afterAll, beforeAll, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../test/harness'
import { stockBuilders } from '../modules/stock/builders'
import { GZIP_FROM_BYTES } from './compress'

// Issue 31: the API's large JSON answers go gzipped to a client that takes gzip; nothing else changes.

let env: TestEnv
let manager: { id: number; token: string }
beforeAll(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
  const b = stockBuilders(env, manager.token)
  for (let i = 0; i < 40; i++) await b.makeItem({ name: `Chopped tomatoes 2.5 kg tin ${i}`, quantity: 12 })
}, 60_000)
afterAll(() => env.close())

const get = (path: string, gzip: boolean) =>
  env.app.handle(new Request('http://localhost' + path, { headers: { authorization: `Bearer ${manager.token}`, ...(gzip ? { 'accept-encoding': 'gzip, deflate, br, zstd' } : {}) } }))

test('a large list goes gzipped to a browser, the same JSON it sends a client that does not ask', async () => {
  const plain = await get('/api/items?limit=50', false)
  expect(plain.headers.get('content-encoding')).toBeNull()
  const text = await plain.text()
  expect(text.length).toBeGreaterThan(GZIP_FROM_BYTES)
  const zipped = await get('/api/items?limit=50', true)
  expect(zipped.status).toBe(200)
  expect(zipped.headers.get('content-encoding')).toBe('gzip')
  expect(zipped.headers.get('content-type')).toStartWith('application/json')
  expect(zipped.headers.get('vary')).toBe('accept-encoding')
  // The headers every answer carries stay on it.
  expect(zipped.headers.get('x-content-type-options')).toBe('nosniff')
  const body = new Uint8Array(await zipped.arrayBuffer())
  expect(body.length).toBeLessThan(text.length / 4)
  expect(JSON.parse(new TextDecoder().decode(Bun.gunzipSync(body)))).toEqual(JSON.parse(text))
})

test('small answers, errors and files go as they are', async () => {
  const small = await get('/api/items?limit=1', true)
  expect(small.headers.get('content-encoding')).toBeNull()
  expect(small.headers.get('content-type')).toStartWith('application/json')
  expect((await small.json()).data.length).toBe(1)
  const missing = await get('/api/items/999999', true)
  expect(missing.status).toBe(404)
  expect(missing.headers.get('content-encoding')).toBeNull()
  expect((await missing.json()).success).toBe(false)
  const csv = await get('/api/reports/download/stock-balance', true)
  expect(csv.status).toBe(200)
  expect(csv.headers.get('content-encoding')).toBeNull()
  expect(csv.headers.get('content-type')).toStartWith('text/csv')
  expect((await csv.text()).split('\n').length).toBeGreaterThan(40)
})
