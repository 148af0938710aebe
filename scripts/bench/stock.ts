// Stock core benchmark: the compiled executable on a seeded database (10,000 items, 1,000,000 movements),
// measured with autocannon at 10 connections against a bare bun:sqlite + Elysia handler in the same run.
//   bun scripts/bench/stock.ts [--data /tmp/rims-bench] [--duration 5] [--connections 10] [--reseed] [--rebuild]
import { spawn } from 'bun'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { prepareDataDir } from '../../src/cli/data-dir'
import { openAndMigrate } from '../../src/db/open'
import { ensureExecutable, freePort, measure as measureLoad, waitFor, type Load } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD, seedBench } from './seed'

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '/tmp/rims-bench' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    reseed: { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)
const dir = prepareDataDir(values.data!)

interface Result {
  name: string
  p50: number
  p99: number
  rps: number
  errors: number
}

async function measure(name: string, url: string, load: Load): Promise<Result> {
  await measureLoad(url, load, { connections, duration: 1 }) // warm-up: JIT, statement cache, page cache
  const r = await measureLoad(url, load, { connections, duration })
  return { name, p50: r.p50, p99: r.p99, rps: r.rps, errors: r.errors }
}

if (values.reseed || !existsSync(dir.dbPath)) {
  console.log('Seeding 10,000 items and 1,000,000 movements…')
  for (const suffix of ['', '-wal', '-shm']) rmSync(dir.dbPath + suffix, { force: true })
  const started = performance.now()
  const db = openAndMigrate(dir.dbPath)
  await seedBench(db)
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const exe = await ensureExecutable({ rebuild: values.rebuild ? 'always' : 'stale' })
const rimsPort = freePort()
const barePort = freePort()
const rims = spawn([exe, 'serve', '--host', '127.0.0.1', '--port', String(rimsPort), '--data', dir.root], { stdout: 'ignore', stderr: 'inherit' })
const bare = spawn([process.execPath, join(import.meta.dir, 'bare.ts'), dir.dbPath, String(barePort)], { stdout: 'ignore', stderr: 'inherit' })
try {
  const rimsUrl = `http://127.0.0.1:${rimsPort}`
  const bareUrl = `http://127.0.0.1:${barePort}`
  await waitFor(rimsUrl + '/api/health', rims)
  await waitFor(bareUrl + '/items', bare)
  const login = (await (
    await fetch(rimsUrl + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_MANAGER, password: BENCH_PASSWORD }) })
  ).json()) as { data: { token: string } }
  const auth = { authorization: `Bearer ${login.data.token}` }
  const db = openAndMigrate(dir.dbPath)
  const items = (db.query('SELECT count(*) AS n FROM items WHERE is_active = 1').get() as { n: number }).n
  const movements = (db.query('SELECT sum(n) AS n FROM stock_movement_counts').get() as { n: number }).n
  db.close()
  const pages = Math.ceil(items / 50)
  const page = () => 1 + Math.floor(Math.random() * pages)
  const item = () => 1 + Math.floor(Math.random() * items)
  console.log(`Database: ${items} items, ${movements} movements; ${connections} connections, ${duration} s per endpoint\n`)

  const results: Result[] = []
  results.push(await measure('bare bun:sqlite + Elysia, 50 items', bareUrl, { path: () => `/items?page=${page()}` }))
  results.push(await measure('GET /api/items?page=N&limit=50', rimsUrl, { headers: auth, path: () => `/api/items?page=${page()}&limit=50` }))
  results.push(await measure('GET /api/items/statistics', rimsUrl, { headers: auth, path: () => '/api/items/statistics' }))
  results.push(await measure('GET /api/stock-movements?item_id=…', rimsUrl, { headers: auth, path: () => `/api/stock-movements?item_id=${item()}` }))
  results.push(
    await measure('POST /api/stock-movements (IN 1)', rimsUrl, {
      method: 'POST',
      headers: auth,
      path: () => '/api/stock-movements',
      body: () => JSON.stringify({ item_id: item(), type: 'IN', quantity: 1, remarks: 'bench' }),
    }),
  )
  const baseline = results[0].rps
  console.log('| endpoint | p50 ms | p99 ms | req/s | ratio to bare | errors |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const r of results) console.log(`| ${r.name} | ${r.p50} | ${r.p99} | ${Math.round(r.rps)} | ${(r.rps / baseline).toFixed(2)} | ${r.errors} |`)
} finally {
  rims.kill()
  bare.kill()
  await Promise.all([rims.exited, bare.exited])
}
