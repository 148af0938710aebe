// Purchasing benchmark (issue 18) on the benchmark database (10,000 items, 200 suppliers, 1,000,000 movements):
// GET /api/purchasing/suggestions and POST /api/purchase-orders/{id}/receipts with a 50-line delivery,
// each through the whole app (access check, validation, service, SQL) in process, one request at a time.
//   bun scripts/bench/purchasing.ts [--data /tmp/rims-bench-purchasing] [--runs 20] [--reseed]
// The seeded database is kept; each run works on a fresh copy of it, so runs are comparable.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildApp } from '../../src/app'
import { createDeps } from '../../src/deps'
import { openAndMigrate } from '../../src/db/open'
import { createLogger } from '../../src/lib/log'
import { ensureBenchSeed, loadAverage, median, quantile } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '/tmp/rims-bench-purchasing' },
    runs: { type: 'string', default: '20' },
    reseed: { type: 'boolean', default: false },
  },
})
const runs = Number(values.runs)
const seedDir = join(values.data!, 'seed')
await ensureBenchSeed(seedDir, { reseed: values.reseed })

// A fresh copy of the seed for this run.
const workDir = join(values.data!, 'run')
rmSync(workDir, { recursive: true, force: true })
mkdirSync(workDir, { recursive: true })
const dbPath = join(workDir, 'rims.db')
copyFileSync(join(seedDir, 'rims.db'), dbPath)
const db = openAndMigrate(dbPath)

// Purchasing data on top of the seed: a par level on every active item (about half of them below it),
// a case pack as the order pack on every third item, 200 sent orders of 10 lines (on_order), one
// receipt per supplier (last prices).
const setup = performance.now()
db.transaction(() => {
  db.exec(`UPDATE items SET par_level = max(0, current_quantity + ((id * 7919) % 2001) - 1000 + 100) WHERE is_active = 1`)
  db.exec(`INSERT INTO item_packs (item_id, name, size, position) SELECT id, 'case', 1200, 1 FROM items WHERE id % 3 = 0 AND NOT EXISTS (SELECT 1 FROM item_packs p WHERE p.item_id = items.id AND p.name = 'case')`)
  db.exec(`UPDATE items SET order_pack_id = (SELECT id FROM item_packs p WHERE p.item_id = items.id AND p.name = 'case') WHERE id % 3 = 0`)
})()
const managerId = (db.query('SELECT id FROM users WHERE email = $e').get({ e: BENCH_MANAGER }) as { id: number }).id
const suppliers = db.query('SELECT id FROM suppliers ORDER BY id').all() as { id: number }[]
const itemsOf = (supplierId: number, n: number) =>
  (db.query('SELECT id FROM items WHERE supplier_id = $s AND is_active = 1 ORDER BY id LIMIT $n').all({ s: supplierId, n }) as { id: number }[]).map((r) => r.id)

const deps = createDeps({ db, secret: 'bench-purchasing', serverUrl: 'http://bench', logger: createLogger(() => {}) })
const app = buildApp(deps)
const call = async (method: string, path: string, token: string | null, body?: unknown, key?: string) => {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (key) headers['idempotency-key'] = key
  const res = await app.handle(new Request(`http://bench/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  const json = (await res.json()) as { data: any; message: string }
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${json.message}`)
  return json.data
}
const token = (await call('POST', '/auth/login', null, { email: BENCH_MANAGER, password: BENCH_PASSWORD })).token as string

for (const s of suppliers) {
  const ids = itemsOf(s.id, 10)
  if (ids.length === 0) continue
  const order = await call('POST', '/purchase-orders', token, { supplier_id: s.id, lines: ids.map((id) => ({ item_id: id, pack_id: null, quantity: 5, unit_price: 3 })) })
  await call('POST', `/purchase-orders/${order.id}/send`, token, {})
  await call('POST', '/receipts', token, { supplier_id: s.id, invoice_number: `SEED-${s.id}`, invoice_date: '2026-01-02', lines: ids.slice(0, 5).map((id) => ({ item_id: id, received_quantity: 1, unit_price: 3 })) })
}
console.log(`purchasing data added in ${((performance.now() - setup) / 1000).toFixed(1)} s (par levels, packs, ${suppliers.length} sent orders, ${suppliers.length} receipts)`)
void managerId

const time = async (fn: () => Promise<unknown>) => {
  const t = performance.now()
  await fn()
  return performance.now() - t
}
const report = (name: string, xs: number[], extra = '') =>
  console.log(`${name.padEnd(52)} p50 ${median(xs).toFixed(1)} ms   p90 ${quantile([...xs].sort((a, b) => a - b), 0.9).toFixed(1)} ms   (${xs.length} runs${extra})`)

// Suggestions over every item with a par level.
const first = await call('GET', '/purchasing/suggestions', token)
const lines = (first as { lines: unknown[] }[]).reduce((n, g) => n + g.lines.length, 0)
const suggestionTimes: number[] = []
for (let i = 0; i < runs; i++) suggestionTimes.push(await time(() => call('GET', '/purchasing/suggestions', token)))

// Receiving a 50-line delivery against a sent order (each run on its own order; prices 10 % up on half the lines).
const big = suppliers.map((s) => ({ s: s.id, ids: itemsOf(s.id, 50) })).filter((x) => x.ids.length === 50)
if (big.length === 0) throw new Error('no supplier has 50 items')
const receiveTimes: number[] = []
for (let i = 0; i < runs; i++) {
  const { s, ids } = big[i % big.length]
  const order = await call('POST', '/purchase-orders', token, { supplier_id: s, lines: ids.map((id) => ({ item_id: id, pack_id: null, quantity: 4, unit_price: 3 })) })
  await call('POST', `/purchase-orders/${order.id}/send`, token, {})
  const body = {
    invoice_number: `BENCH-${i}`,
    invoice_date: '2026-01-03',
    invoice_total: 600,
    lines: order.lines.map((l: { id: number }, n: number) => ({ line_id: l.id, received_quantity: 4, unit_price: n % 2 ? 3.3 : 3, expiry_date: '2027-01-01' })),
  }
  receiveTimes.push(await time(() => call('POST', `/purchase-orders/${order.id}/receipts`, token, body, `bench-${i}`)))
}

console.log(`\nDatabase: ${suppliers.length} suppliers, ${(db.query('SELECT count(*) AS n FROM items').get() as { n: number }).n} items, ${lines} suggestion lines; load average ${loadAverage()}`)
report('GET /api/purchasing/suggestions', suggestionTimes)
report('POST /api/purchase-orders/{id}/receipts (50 lines)', receiveTimes)
db.close()
