// Kitchen benchmark on the benchmark database (10,000 items, 1,000,000 main-store movements,
// 100,000 kitchen requests, 200,000 kitchen movements):
// - fulfil and usage under 10 parallel clients (plain fetch loops: each fulfil needs its own APPROVED request);
// - the statistics endpoints and the kitchen lists, with autocannon at 10 connections.
//   bun scripts/bench/kitchen.ts [--data /tmp/rims-bench-kitchen] [--clients 10] [--writes 300] [--duration 3] [--reseed]
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { openAndMigrate } from '../../src/db/open'
import { localDate } from '../../src/contract/dates'
import { nextRequestNumber } from '../../src/modules/kitchen-requests/repo'
import { ROOT, ensureBenchSeed, login, measure, quantile, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'
import { BENCH_CHEF } from './seed-kitchen'

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '/tmp/rims-bench-kitchen' },
    clients: { type: 'string', default: '10' },
    writes: { type: 'string', default: '300' },
    duration: { type: 'string', default: '3' },
    reseed: { type: 'boolean', default: false },
  },
})
const clients = Number(values.clients)
const writesPerClient = Number(values.writes)
const duration = Number(values.duration)
const dataDir = values.data!
const dbPath = join(dataDir, 'rims.db')

await ensureBenchSeed(dataDir, { reseed: values.reseed })

// Work for the write loops: APPROVED requests to fulfil (0.01 each, from items the store holds plenty of)
// and kitchen items with enough stock for every usage.
const needed = clients * writesPerClient
const db = openAndMigrate(dbPath)
const ids = (sql: string) => (db.query(sql).all() as { id: number }[]).map((r) => r.id)
const storeItems = ids(`SELECT id FROM items WHERE is_active = 1 AND current_quantity >= ${needed} ORDER BY id LIMIT 200`)
const kitchenItems = ids(`SELECT item_id AS id FROM kitchen_stock WHERE quantity >= ${needed} ORDER BY item_id LIMIT 200`)
const { storekeeper } = db.query("SELECT id AS storekeeper FROM users WHERE email = 'store@bench.local'").get() as { storekeeper: number }
const { chef } = db.query('SELECT id AS chef FROM users WHERE email = $email').get({ email: BENCH_CHEF }) as { chef: number }
const now = new Date().toISOString()
const day = localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone).replaceAll('-', '')
const approved: number[] = db.transaction(() => {
  const insert = db.prepare(
    `INSERT INTO kitchen_requests (request_number, item_id, chef_id, quantity_requested, quantity_approved, priority, status, approved_by, approved_at, requested_at, created_at, updated_at)
     VALUES (?, ?, ?, 1, 1, 'MEDIUM', 'APPROVED', ?, ?, ?, ?, ?) RETURNING id`,
  )
  return Array.from({ length: needed }, (_, n) => (insert.get(nextRequestNumber(db, day), storeItems[n % storeItems.length], chef, storekeeper, now, now, now, now) as { id: number }).id)
}).immediate()
const counts = db.query('SELECT (SELECT count(*) FROM kitchen_requests) AS requests, (SELECT count(*) FROM kitchen_movements) AS movements, (SELECT count(*) FROM items) AS items').get() as {
  requests: number
  movements: number
  items: number
}
db.close()

// The server runs from source (the same code the executable embeds), so the bench never rebuilds dist/rims under others.
const server = await startExecutable({ dataDir, command: [process.execPath, join(ROOT, 'src/main.ts')] })
const url = server.url

try {
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
  const manager = auth(await login(url, BENCH_MANAGER, BENCH_PASSWORD))
  const store = auth(await login(url, 'store@bench.local', BENCH_PASSWORD))
  const kitchenChef = auth(await login(url, BENCH_CHEF, BENCH_PASSWORD))

  console.log(`Database: ${counts.items} items, ${counts.requests} kitchen requests, ${counts.movements} kitchen movements; ${clients} clients\n`)
  console.log('| endpoint | p50 ms | p99 ms | req/s | errors |')
  console.log('|---|---:|---:|---:|---:|')

  /** `clients` loops of `writesPerClient` calls each; latency of every call. */
  async function writeLoops(name: string, call: (n: number) => Promise<Response>) {
    const latencies: number[] = []
    let errors = 0
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < writesPerClient; i++) {
          const n = next++
          const t = performance.now()
          const res = await call(n)
          await res.arrayBuffer()
          latencies.push(performance.now() - t)
          if (!res.ok) errors++
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    console.log(`| ${name} | ${quantile(latencies, 0.5).toFixed(2)} | ${quantile(latencies, 0.99).toFixed(2)} | ${Math.round(latencies.length / seconds)} | ${errors} |`)
  }

  // Warm-up: JIT, statement cache, page cache.
  for (let i = 0; i < 50; i++) await (await fetch(url + '/api/kitchen-requests/statistics', { headers: manager })).arrayBuffer()

  await writeLoops('PATCH /api/kitchen-requests/{id}/fulfill', (n) => fetch(`${url}/api/kitchen-requests/${approved[n]}/fulfill`, { method: 'PATCH', headers: store }))
  await writeLoops('POST /api/kitchen-inventory/usage (0.01)', (n) =>
    fetch(`${url}/api/kitchen-inventory/usage`, { method: 'POST', headers: kitchenChef, body: JSON.stringify({ item_id: kitchenItems[n % kitchenItems.length], quantity: 0.01, remarks: 'bench' }) }),
  )

  /** autocannon at `clients` connections: a 1 s warm-up, then the measured run. */
  async function read(name: string, path: () => string) {
    await measure(url, { headers: manager, path }, { connections: clients, duration: 1 })
    const r = await measure(url, { headers: manager, path }, { connections: clients, duration })
    console.log(`| ${name} | ${r.p50} | ${r.p99} | ${Math.round(r.rps)} | ${r.errors} |`)
  }
  const today = new Date().toISOString().slice(0, 10)
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
  await read('GET /api/kitchen-requests/statistics', () => '/api/kitchen-requests/statistics')
  await read('GET /api/kitchen-inventory/inventory/statistics', () => '/api/kitchen-inventory/inventory/statistics')
  await read('GET /api/kitchen-inventory/movements/statistics (all time)', () => '/api/kitchen-inventory/movements/statistics')
  await read('GET /api/kitchen-inventory/movements/statistics (last 30 days)', () => `/api/kitchen-inventory/movements/statistics?startDate=${daysAgo(30)}&endDate=${today}`)
  await read('GET /api/kitchen-inventory/movements/statistics (3 years)', () => `/api/kitchen-inventory/movements/statistics?startDate=${daysAgo(3 * 365)}&endDate=${today}`)
  await read('GET /api/kitchen-requests?status=PENDING', () => '/api/kitchen-requests?status=PENDING&limit=10')
  await read('GET /api/kitchen-requests?page=N', () => `/api/kitchen-requests?limit=10&page=${1 + Math.floor(Math.random() * 100)}`)
  await read('GET /api/kitchen-inventory/movements?movement_type=WASTE', () => '/api/kitchen-inventory/movements?movement_type=WASTE&limit=10')
  await read('GET /api/kitchen-inventory/inventory', () => '/api/kitchen-inventory/inventory?limit=10')
} finally {
  await server.stop()
}
