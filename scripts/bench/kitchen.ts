// Kitchen benchmark on the benchmark database (10,000 items, 1,000,000 main-store movements,
// 100,000 kitchen requests, 200,000 kitchen movements):
// - fulfil and usage under 10 parallel clients (plain fetch loops: each fulfil needs its own APPROVED request);
// - the statistics endpoints and the kitchen lists, with autocannon at 10 connections.
//   bun scripts/bench/kitchen.ts [--data /tmp/rims-bench-kitchen] [--clients 10] [--writes 300] [--duration 3] [--reseed]
import autocannon from 'autocannon'
import { spawn } from 'bun'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { prepareDataDir } from '../../src/cli/data-dir'
import { openAndMigrate } from '../../src/db/open'
import { localDate } from '../../src/lib/time'
import { nextRequestNumber } from '../../src/modules/kitchen-requests/repo'
import { BENCH_MANAGER, BENCH_PASSWORD, seedBench } from './seed'
import { BENCH_CHEF } from './seed-kitchen'

const root = join(import.meta.dir, '..', '..')
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
const dir = prepareDataDir(values.data!)

if (values.reseed || !existsSync(dir.dbPath)) {
  for (const f of ['', '-wal', '-shm']) if (existsSync(dir.dbPath + f)) rmSync(dir.dbPath + f)
  console.log('Seeding 10,000 items, 1,000,000 movements, 100,000 kitchen requests and 200,000 kitchen movements…')
  const started = performance.now()
  const db = openAndMigrate(dir.dbPath)
  await seedBench(db)
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

// Work for the write loops: APPROVED requests to fulfil (0.01 each, from items the store holds plenty of)
// and kitchen items with enough stock for every usage.
const needed = clients * writesPerClient
const db = openAndMigrate(dir.dbPath)
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

const port = (() => {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const p = s.port
  s.stop(true)
  return p
})()
const url = `http://127.0.0.1:${port}`
// The server runs from source (the same code the executable embeds), so the bench never rebuilds dist/rims under others.
const server = spawn([process.execPath, join(root, 'src/main.ts'), 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dir.root], {
  stdout: 'ignore',
  stderr: 'inherit',
  env: { ...process.env, RIMS_HTTPS_PORT: '0' },
})

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]

try {
  for (let t = Date.now(); ; await Bun.sleep(50)) {
    try {
      if ((await fetch(url + '/api/health')).ok) break
    } catch {}
    if (Date.now() - t > 30_000) throw new Error('server did not start')
  }
  const login = async (email: string) =>
    ((await (await fetch(url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) })).json()) as { data: { token: string } }).data.token
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
  const manager = auth(await login(BENCH_MANAGER))
  const store = auth(await login('store@bench.local'))
  const kitchenChef = auth(await login(BENCH_CHEF))

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
    console.log(`| ${name} | ${percentile(latencies, 50).toFixed(2)} | ${percentile(latencies, 99).toFixed(2)} | ${Math.round(latencies.length / seconds)} | ${errors} |`)
  }

  // Warm-up: JIT, statement cache, page cache.
  for (let i = 0; i < 50; i++) await (await fetch(url + '/api/kitchen-requests/statistics', { headers: manager })).arrayBuffer()

  await writeLoops('PATCH /api/kitchen-requests/{id}/fulfill', (n) => fetch(`${url}/api/kitchen-requests/${approved[n]}/fulfill`, { method: 'PATCH', headers: store }))
  await writeLoops('POST /api/kitchen-inventory/usage (0.01)', (n) =>
    fetch(`${url}/api/kitchen-inventory/usage`, { method: 'POST', headers: kitchenChef, body: JSON.stringify({ item_id: kitchenItems[n % kitchenItems.length], quantity: 0.01, remarks: 'bench' }) }),
  )

  async function read(name: string, path: () => string) {
    const run = (d: number) =>
      autocannon({ url, connections: clients, duration: d, headers: manager, requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] })
    await run(1)
    const r = await run(duration)
    console.log(`| ${name} | ${r.latency.p50} | ${r.latency.p99} | ${Math.round(r.requests.average)} | ${r.errors + r.non2xx} |`)
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
  server.kill()
  await server.exited
}
