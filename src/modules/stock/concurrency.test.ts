import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { DEMO_PASSWORD } from '../../cli/demo'
import { STOCK_MSG } from '../../contract/stock'
import { ROOT, startServer, type RunningServer } from '../../test/server'

// Two server processes on one data dir: the guarded UPDATE inside BEGIN IMMEDIATE must hold across
// processes as well as across requests of one process.
let a: RunningServer
let b: RunningServer
beforeAll(async () => {
  a = await startServer({ args: ['--demo'] })
  b = await startServer({ dataDir: a.dataDir })
}, 60_000)
afterAll(async () => {
  await a?.stop()
  await b?.stop()
})

async function call(server: RunningServer, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

test('40 OUTs of 1 unit fired at once at an item holding 25: exactly 25 succeed, the balance is 0 and the doctor is clean', async () => {
  const login = await call(a, 'POST', '/api/auth/login', null, { email: 'manager@rims.local', password: DEMO_PASSWORD })
  const token = login.body.data.token as string
  const created = await call(a, 'POST', '/api/items', token, { name: 'Race test lager', category_id: 1, supplier_id: 1, unit: 'bottles', cost_price: 14, current_quantity: 25 })
  expect(created.status).toBe(201)
  const itemId = created.body.data.id

  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => call(i % 2 ? b : a, 'POST', '/api/stock-movements', token, { item_id: itemId, type: 'OUT', quantity: 1, remarks: `Race ${i}` })),
  )
  const succeeded = answers.filter((r) => r.status === 201)
  const refused = answers.filter((r) => r.status === 409)
  expect(succeeded).toHaveLength(25)
  expect(refused).toHaveLength(15)
  for (const r of refused) expect(r.body.message).toBe(STOCK_MSG.insufficientStock(0, 100, 'bottles'))
  expect((await call(b, 'GET', `/api/items/${itemId}`, token)).body.data.current_quantity).toBe(0)
  expect((await call(a, 'GET', `/api/stock-movements/item/${itemId}`, token)).body.meta.total).toBe(26)

  const doctor = Bun.spawnSync([process.execPath, join(ROOT, 'src/main.ts'), 'doctor', '--data', a.dataDir])
  const report = doctor.stdout.toString()
  expect(report).toContain('ok   Main-store ledger')
  expect(doctor.exitCode).toBe(0)
}, 60_000)
