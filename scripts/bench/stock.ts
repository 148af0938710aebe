// Stock core benchmark: the compiled executable on a seeded database (10,000 items, 1,000,000 movements),
// measured with autocannon at 10 connections against a bare bun:sqlite + Elysia handler in the same run.
//   bun scripts/bench/stock.ts [--data /tmp/rims-bench] [--duration 5] [--connections 10] [--reseed] [--rebuild]
import autocannon from 'autocannon'
import { spawn, type Subprocess } from 'bun'
import { existsSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { prepareDataDir } from '../../src/cli/data-dir'
import { openAndMigrate } from '../../src/db/open'
import { BENCH_MANAGER, BENCH_PASSWORD, seedBench } from './seed'

const root = join(import.meta.dir, '..', '..')
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

function newestSource(): number {
  let newest = 0
  for (const base of ['src', 'migrations']) {
    for (const f of new Bun.Glob('**/*').scanSync({ cwd: join(root, base) })) {
      if (f.endsWith('.test.ts') || f.endsWith('.gen.ts')) continue
      newest = Math.max(newest, statSync(join(root, base, f)).mtimeMs)
    }
  }
  return newest
}

/** The executable holds only the code present when it was built: rebuild when a source is newer. */
async function executable(): Promise<string> {
  const exe = join(root, 'dist', 'rims')
  if (values.rebuild || !existsSync(exe) || statSync(exe).mtimeMs < newestSource()) {
    const skipUi = existsSync(join(root, 'ui/dist/index.html')) ? ['--skip-ui'] : []
    console.log(`Building dist/rims ${skipUi.join(' ')}…`)
    const build = spawn([process.execPath, join(root, 'scripts/build.ts'), ...skipUi], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
    if ((await build.exited) !== 0) throw new Error('build failed')
  }
  return exe
}

function freePort(): number {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = s.port
  s.stop(true)
  return port
}

async function waitFor(url: string, proc: Subprocess) {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${url}: process exited (${proc.exitCode})`)
    try {
      if ((await fetch(url)).status < 500) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not start`)
    await Bun.sleep(50)
  }
}

interface Result {
  name: string
  p50: number
  p99: number
  rps: number
  errors: number
}

async function measure(name: string, url: string, o: { method?: 'GET' | 'POST'; headers?: Record<string, string>; path: () => string; body?: () => string }): Promise<Result> {
  const run = (d: number) =>
    autocannon({
      url,
      connections,
      duration: d,
      method: o.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...o.headers },
      requests: [{ setupRequest: (req) => ({ ...req, path: o.path(), ...(o.body ? { body: o.body() } : {}) }) }],
    })
  await run(1) // warm-up: JIT, statement cache, page cache
  const r = await run(duration)
  return { name, p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx }
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

const exe = await executable()
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
