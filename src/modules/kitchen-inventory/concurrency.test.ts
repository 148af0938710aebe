import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { spawnSync } from 'bun'
import { join } from 'node:path'
import { DEMO_PASSWORD } from '../../cli/demo'
import { KITCHEN_MSG } from '../../contract/kitchen'
import { ROOT, startServer, type RunningServer } from '../../test/server'

// Over real HTTP against a demo server: racing requests meet SQLite's one writer and the guarded UPDATEs.

let server: RunningServer
const tokens: Record<'manager' | 'store' | 'chef', string> = { manager: '', store: '', chef: '' }

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] })
  for (const [who, email] of [['manager', 'manager@rims.local'], ['store', 'store@rims.local'], ['chef', 'chef@rims.local']] as const) {
    const res = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) })
    tokens[who] = ((await res.json()) as { data: { token: string } }).data.token
  }
}, 60_000)
afterAll(() => server.stop())

/** A new item with `quantity` in the main store, in a demo category and supplier. */
async function newItem(name: string, quantity: number) {
  const category = (await call('GET', '/api/categories', tokens.manager)).body.data[0]
  const supplier = (await call('GET', '/api/suppliers', tokens.manager)).body.data[0]
  const res = await call('POST', '/api/items', tokens.manager, { name, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 10, current_quantity: quantity })
  expect(res.status).toBe(201)
  return res.body.data as { id: number }
}

describe('concurrency over HTTP', () => {
  test('two fulfilments of the same APPROVED request at once: one succeeds, one 409', async () => {
    const item = await newItem('Race test flour', 50)
    const created = await call('POST', '/api/kitchen-requests', tokens.chef, { item_id: item.id, quantity_requested: 5 })
    expect(created.status).toBe(201)
    const id = created.body.data.id
    expect((await call('PATCH', `/api/kitchen-requests/${id}/approve`, tokens.store, {})).status).toBe(200)
    const [a, b] = await Promise.all([call('PATCH', `/api/kitchen-requests/${id}/fulfill`, tokens.store), call('PATCH', `/api/kitchen-requests/${id}/fulfill`, tokens.manager)])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe(KITCHEN_MSG.wrongStatus('fulfill', 'FULFILLED'))
    const after = await call('GET', `/api/items/${item.id}`, tokens.manager)
    expect(after.body.data.current_quantity).toBe(45)
    const kitchen = await call('GET', `/api/kitchen-inventory/movements?item_id=${item.id}`, tokens.manager)
    expect(kitchen.body.meta.total).toBe(1)
  })

  test('30 parallel usages of 1 on a kitchen stock of 10: exactly 10 succeed', async () => {
    const item = await newItem('Race test rice', 10)
    expect((await call('POST', '/api/kitchen-inventory/transfer', tokens.store, { item_id: item.id, quantity: 10, direction: 'TO_KITCHEN' })).status).toBe(201)
    const results = await Promise.all(Array.from({ length: 30 }, () => call('POST', '/api/kitchen-inventory/usage', tokens.chef, { item_id: item.id, quantity: 1 })))
    expect(results.filter((r) => r.status === 201).length).toBe(10)
    expect(results.filter((r) => r.status === 409).length).toBe(20)
    expect(results.find((r) => r.status === 409)!.body.message).toBe(KITCHEN_MSG.insufficientForUsage(0, 100, 'kg'))
    const inventory = await call('GET', '/api/kitchen-inventory/inventory/search?q=Race test rice', tokens.chef)
    expect(inventory.body.data[0].quantity).toBe(0)
  })

  test('rims doctor stays clean after all of it (and after the demo seed)', async () => {
    await server.stop()
    const doctor = spawnSync([process.execPath, join(ROOT, 'src/main.ts'), 'doctor', '--data', server.dataDir], { cwd: ROOT })
    const out = doctor.stdout.toString()
    expect(out).toContain('ok   Kitchen ledger')
    expect(out).toContain('ok   Main-store ledger')
    expect(doctor.exitCode).toBe(0)
  })
})
