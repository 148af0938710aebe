// `npm run bench`: the whole benchmark, held to the targets of issue 9, written to docs/performance.{md,json}.
//   bun scripts/bench/run.ts [--runs 3] [--duration 4] [--clients 1,10,50] [--data /tmp/rims-bench-run] [--reseed] [--rebuild] [--no-lighthouse] [--no-write]
// 1. Seeds the benchmark database once (scripts/bench/seed.ts: 10,000 items, 200 suppliers, 1,000,000 movements,
//    100,000 kitchen requests, 200,000 kitchen movements), kept in <data>/seed between invocations.
// 2. Builds dist/rims if it is missing (--rebuild: always), measures its size, the gzipped initial UI,
//    the disk's fsync latency and cold starts on an empty data dir.
// 3. Each run: copies the seeded database, starts dist/rims on the copy (cold start on 1.3 M rows), idle RSS,
//    the one-year CSV (time, peak RSS above idle), a backup, then autocannon at 1/10/50 clients on the read
//    endpoints, the bare bun:sqlite+Elysia handler (same run, for the ratio) and the writes; loaded RSS.
// 4. The lean-start figures (scripts/bench/lean.ts, --runs of them): the compiled hello yardstick, the seeded start with
//    HTTPS on, RSS after start on the demo data, items page 1 against the bare handler, Lighthouse on /login.
// 5. The costing figures (scripts/bench/costing.ts, in process): plate cost 3 levels deep, menu costing of 300 dishes.
// 6. The 500-line count sheet in Chromium at 375 px, CPU 4× slower (scripts/bench/counts.ts, --runs sessions).
// 7. The Manager's dashboard on a phone (scripts/bench/dashboard.ts, --runs of it): navigation → numbers, → charts;
//    and their floor, React alone on the same phone (scripts/bench/react-floor.ts).
// 8. The camera decoder (scripts/bench/camera.ts): ms per photo-like 640×480 frame in the built UI's decode worker.
// 9. The median of the runs goes to docs/performance.md (table, targets met or not) and docs/performance.json.
import { spawn } from 'bun'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { runDoctor } from '../../src/cli/doctor'
import { openAndMigrate } from '../../src/db/open'
import { addDays, localDate } from '../../src/contract/dates'
import { nextRequestNumber } from '../../src/modules/kitchen-requests/repo'
import { costingFigureRows, costingFigures, costingTargets } from './costing'
import { countSheetFigureRows, countSheetFigures, countSheetTargets } from './counts'
import { dashboardFigures, dashboardTargets } from './dashboard'
import { reactFloorFigures, reactFloorRow } from './react-floor'
import { coldStarts, loginsAtConcurrency } from './foundation'
import { fsyncLatency } from './fsync'
import { leanFigureRows, leanFigures, leanTargets } from './lean'
import { cameraFigureRows, cameraFigures, cameraTargets } from './camera'
import { EXECUTABLE, ROOT, ensureBenchSeed, ensureExecutable, freePort, keptTailStart, loadAverage, login, machine, measure, median, rssMb, rssPeak, startExecutable, waitFor, type Load, type Measured } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'
import { BENCH_CHEF } from './seed-kitchen'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '4' },
    clients: { type: 'string', default: '1,10,50' },
    data: { type: 'string', default: '/tmp/rims-bench-run' },
    reseed: { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
})
const RUNS = Number(values.runs)
const DURATION = Number(values.duration)
const CLIENTS = values.clients!.split(',').map(Number)
const SEED_DIR = join(values.data!, 'seed')
const RUN_DIR = join(values.data!, 'run')
const SEED_DB = join(SEED_DIR, 'rims.db')
const STORE = 'store@bench.local'
const t0 = performance.now()
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0)} s`

// ---------------------------------------------------------------- endpoints

type Kind = 'bare' | 'read' | 'dashboard' | 'write'
interface Endpoint {
  name: string
  kind: Kind
  load: (ctx: RunContext) => Load
}
interface RunContext {
  items: number
  pages: number
  manager: Record<string, string>
  store: Record<string, string>
  chef: Record<string, string>
  approved: number[]
  nextApproved: { n: number }
  kitchenItems: number[]
}
const pick = (n: number) => 1 + Math.floor(Math.random() * n)
const key = () => ({ 'idempotency-key': crypto.randomUUID() })

const ENDPOINTS: Endpoint[] = [
  { name: 'bare bun:sqlite + Elysia, 50 item rows', kind: 'bare', load: (c) => ({ path: () => `/items?page=${pick(c.pages)}` }) },
  { name: 'GET /api/items?page=N&limit=50', kind: 'read', load: (c) => ({ headers: c.manager, path: () => `/api/items?page=${pick(c.pages)}&limit=50` }) },
  { name: 'GET /api/items/statistics', kind: 'read', load: (c) => ({ headers: c.manager, path: () => '/api/items/statistics' }) },
  { name: 'GET /api/stock-movements?item_id=N', kind: 'read', load: (c) => ({ headers: c.manager, path: () => `/api/stock-movements?item_id=${pick(c.items)}` }) },
  { name: 'GET /api/alerts', kind: 'read', load: (c) => ({ headers: c.manager, path: () => '/api/alerts?limit=10' }) },
  { name: 'GET /api/manager/dashboard/stats', kind: 'dashboard', load: (c) => ({ headers: c.manager, path: () => '/api/manager/dashboard/stats' }) },
  { name: 'GET /api/manager/dashboard/trends?days=30', kind: 'dashboard', load: (c) => ({ headers: c.manager, path: () => '/api/manager/dashboard/trends?days=30' }) },
  {
    name: 'POST /api/stock-movements (IN, Idempotency-Key)',
    kind: 'write',
    load: (c) => ({
      method: 'POST',
      headers: c.store,
      path: () => '/api/stock-movements',
      body: () => JSON.stringify({ item_id: pick(c.items), type: 'IN', quantity: 1, remarks: 'bench' }),
      perRequestHeaders: key,
    }),
  },
  {
    name: 'POST /api/kitchen-inventory/usage',
    kind: 'write',
    load: (c) => ({
      method: 'POST',
      headers: c.chef,
      path: () => '/api/kitchen-inventory/usage',
      body: () => JSON.stringify({ item_id: c.kitchenItems[Math.floor(Math.random() * c.kitchenItems.length)], quantity: 0.01, remarks: 'bench' }),
      perRequestHeaders: key,
    }),
  },
  {
    name: 'PATCH /api/kitchen-requests/:id/fulfill',
    kind: 'write',
    // Each fulfilment needs its own APPROVED request: they are made on the copy before the server starts.
    load: (c) => ({ method: 'PATCH', headers: c.store, path: () => `/api/kitchen-requests/${c.approved[c.nextApproved.n++ % c.approved.length]}/fulfill`, perRequestHeaders: key }),
  },
]

// ---------------------------------------------------------------- one run

interface RunResult {
  loadAverage: [number, number]
  coldStartSeededMs: number
  coldStartSeededCpuMs: number
  idleRssMb: number
  loadedRssMb: number
  csv: { seconds: number; rows: number; mb: number; peakAboveIdleMb: number }
  backupHttp: { ok: boolean; seconds: number; error?: string }
  backupCliSeconds: number
  loginP50Ms: number
  endpoints: Record<string, Record<number, Measured & { ratio?: number }>>
  doctorOk?: boolean
}

/** APPROVED kitchen requests (0.01 each) from items the store holds plenty of, made on the run's copy. */
function prepareKitchenWork(dbPath: string, approvedCount: number) {
  const db = openAndMigrate(dbPath)
  try {
    const ids = (sql: string) => (db.query(sql).all() as { id: number }[]).map((r) => r.id)
    const storeItems = ids('SELECT id FROM items WHERE is_active = 1 AND current_quantity >= 10000 ORDER BY id LIMIT 200')
    const kitchenItems = ids('SELECT item_id AS id FROM kitchen_stock WHERE quantity >= 10000 ORDER BY item_id LIMIT 200')
    const { store } = db.query('SELECT id AS store FROM users WHERE email = $email').get({ email: STORE }) as { store: number }
    const { chef } = db.query('SELECT id AS chef FROM users WHERE email = $email').get({ email: BENCH_CHEF }) as { chef: number }
    const now = new Date().toISOString()
    const day = localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone).replaceAll('-', '')
    const approved = db.transaction(() => {
      const insert = db.prepare(
        `INSERT INTO kitchen_requests (request_number, item_id, chef_id, quantity_requested, quantity_approved, priority, status, approved_by, approved_at, requested_at, created_at, updated_at)
         VALUES (?, ?, ?, 1, 1, 'MEDIUM', 'APPROVED', ?, ?, ?, ?, ?) RETURNING id`,
      )
      return Array.from({ length: approvedCount }, (_, n) => (insert.get(nextRequestNumber(db, day), storeItems[n % storeItems.length], chef, store, now, now, now, now) as { id: number }).id)
    }).immediate()
    const items = (db.query('SELECT count(*) AS n FROM items WHERE is_active = 1').get() as { n: number }).n
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    return { approved, kitchenItems, items }
  } finally {
    db.close()
  }
}

async function oneRun(index: number): Promise<RunResult> {
  const load0 = loadAverage()
  rmSync(RUN_DIR, { recursive: true, force: true })
  mkdirSync(RUN_DIR, { recursive: true })
  copyFileSync(SEED_DB, join(RUN_DIR, 'rims.db'))
  const work = prepareKitchenWork(join(RUN_DIR, 'rims.db'), 12_000)

  const server = await startExecutable({ dataDir: RUN_DIR })
  const pid = server.proc.pid
  const barePort = freePort()
  const bare = spawn([process.execPath, join(import.meta.dir, 'bare.ts'), join(RUN_DIR, 'rims.db'), String(barePort)], { stdout: 'ignore', stderr: 'inherit' })
  try {
    const auth = (token: string) => ({ authorization: `Bearer ${token}` })
    const ctx: RunContext = {
      items: work.items,
      pages: Math.ceil(work.items / 50),
      manager: auth(await login(server.url, BENCH_MANAGER, BENCH_PASSWORD)),
      store: auth(await login(server.url, STORE, BENCH_PASSWORD)),
      chef: auth(await login(server.url, BENCH_CHEF, BENCH_PASSWORD)),
      approved: work.approved,
      nextApproved: { n: 0 },
      kitchenItems: work.kitchenItems,
    }
    const logins = await loginsAtConcurrency(server.url, BENCH_MANAGER, BENCH_PASSWORD, 8, 1)
    for (const path of ['/api/health', '/api/settings/display', '/', '/api/items?limit=50', '/api/auth/profile']) await (await fetch(server.url + path, { headers: ctx.manager })).arrayBuffer()
    Bun.gc(true)
    await Bun.sleep(1000)
    const idleRssMb = rssMb(pid)

    await waitFor(`http://127.0.0.1:${barePort}/items`, bare)
    const loaded = rssPeak(pid, 200)
    const endpoints: RunResult['endpoints'] = {}
    for (const e of ENDPOINTS) {
      const url = e.kind === 'bare' ? `http://127.0.0.1:${barePort}` : server.url
      const load = e.load(ctx)
      await measure(url, load, { connections: 10, duration: 1 }) // warm-up: JIT, statement cache, page cache
      endpoints[e.name] = {}
      for (const c of CLIENTS) {
        const m = await measure(url, load, { connections: c, duration: DURATION })
        endpoints[e.name][c] = m
        console.log(`  run ${index} [${elapsed()}] ${e.name} @${c}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${Math.round(m.rps)} req/s${m.errors ? `, ${m.errors} errors` : ''}`)
      }
    }
    const bareName = ENDPOINTS[0].name
    for (const e of ENDPOINTS) if (e.kind === 'read' || e.kind === 'dashboard') for (const c of CLIENTS) endpoints[e.name][c].ratio = endpoints[e.name][c].rps / endpoints[bareName][c].rps
    const loadedRssMb = loaded.stop()
    // The one-year stock-movements CSV, streamed and counted here; the server's RSS sampled meanwhile,
    // above what it holds just before (after the load). Then a backup: both after the load, so that the
    // backup's work, which goes on in a worker even when the answer is cut off, cannot skew the endpoints.
    bare.kill()
    Bun.gc(true)
    await Bun.sleep(1000)
    const beforeCsvMb = rssMb(pid)
    const today = new Date().toISOString().slice(0, 10)
    const peak = rssPeak(pid)
    let t = performance.now()
    const res = await fetch(`${server.url}/api/reports/download/stock-movements?start_date=${addDays(today, -365)}&end_date=${today}`, { headers: ctx.manager })
    if (!res.ok) throw new Error(`CSV: ${res.status} ${await res.text()}`)
    let bytes = 0
    let lines = 0
    for await (const chunk of res.body as ReadableStream<Uint8Array>) {
      bytes += chunk.length
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++
    }
    const csv = { seconds: (performance.now() - t) / 1000, rows: lines - 1, mb: bytes / 1e6, peakAboveIdleMb: peak.stop() - beforeCsvMb }

    // A backup through the API, as the Manager's button does (it may outlast the server's idle timeout).
    t = performance.now()
    const backupHttp = await fetch(`${server.url}/api/manager/settings/backup`, { method: 'POST', headers: ctx.manager })
      .then(async (r) => (r.ok ? { ok: true as const, seconds: ((await r.arrayBuffer()), (performance.now() - t) / 1000) } : { ok: false as const, seconds: (performance.now() - t) / 1000, error: `${r.status} ${await r.text()}` }))
      .catch((e: Error) => ({ ok: false as const, seconds: (performance.now() - t) / 1000, error: e.message }))
    if (!backupHttp.ok) console.log(`  run ${index}: POST /api/manager/settings/backup failed after ${backupHttp.seconds.toFixed(1)} s: ${backupHttp.error}`)

    await server.stop()
    rmSync(join(RUN_DIR, 'backups'), { recursive: true, force: true })
    // The same backup from the command line, server stopped: `rims backup --data DIR`.
    t = performance.now()
    const cli = spawn([EXECUTABLE, 'backup', '--data', RUN_DIR, '--out', join(values.data!, 'bench-backup.db')], { stdout: 'ignore', stderr: 'inherit' })
    if ((await cli.exited) !== 0) throw new Error('rims backup failed')
    const backupCliSeconds = (performance.now() - t) / 1000
    rmSync(join(values.data!, 'bench-backup.db'), { force: true })
    return { loadAverage: [load0, loadAverage()], coldStartSeededMs: server.startMs, coldStartSeededCpuMs: server.startCpuMs, idleRssMb, loadedRssMb, csv, backupHttp, backupCliSeconds, loginP50Ms: logins.p50, endpoints }
  } finally {
    bare.kill()
    await bare.exited
    if (server.proc.exitCode === null) await server.stop()
  }
}

// ---------------------------------------------------------------- main

const exe = await ensureExecutable({ rebuild: values.rebuild ? 'always' : 'missing' })

const seedSeconds = await ensureBenchSeed(SEED_DIR, { reseed: values.reseed })
const counts = (() => {
  const db = openAndMigrate(SEED_DB)
  const n = (sql: string) => (db.query(sql).get() as { n: number }).n
  const c = {
    items: n('SELECT count(*) AS n FROM items'),
    suppliers: n('SELECT count(*) AS n FROM suppliers'),
    movements: n('SELECT count(*) AS n FROM stock_movements'),
    kitchenRequests: n('SELECT count(*) AS n FROM kitchen_requests'),
    kitchenMovements: n('SELECT count(*) AS n FROM kitchen_movements'),
    dbMb: statSync(SEED_DB).size / 1e6,
  }
  db.close()
  return c
})()

const exeMb = statSync(exe).size / 1024 / 1024
const uiGzipKb = await (async () => {
  if (!existsSync(join(ROOT, 'ui/dist/index.html'))) return null
  const p = spawn([process.execPath, join(ROOT, 'scripts/ui-size.ts')], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' })
  const out = await new Response(p.stdout).text()
  await p.exited
  const kb = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN)
  return { js: kb(/initial JS .*?, ([\d.]+) KB gzipped/), css: kb(/initial CSS .*?, ([\d.]+) KB gzipped/) }
})()
const fsync = fsyncLatency(values.data!, 300)
const empty = await coldStarts(3)
const emptyStarts = empty.wall
console.log(`[${elapsed()}] exe ${exeMb.toFixed(1)} MiB, fsync p50 ${fsync.p50.toFixed(2)} ms, cold start (empty) ${emptyStarts.map((s) => s.toFixed(0)).join(', ')} ms (CPU ${empty.cpu.join(', ')} ms)`)

const runs: RunResult[] = []
for (let i = 1; i <= RUNS; i++) {
  console.log(`run ${i} of ${RUNS} [${elapsed()}]`)
  runs.push(await oneRun(i))
}
const lastDoctor = (() => {
  // The last run's copy after an autocannon beating: integrity and both ledgers.
  const db = openAndMigrate(join(RUN_DIR, 'rims.db'))
  const r = runDoctor(db)
  db.close()
  return r
})()
rmSync(RUN_DIR, { recursive: true, force: true })
console.log(`lean-start figures [${elapsed()}]`)
const lean = await leanFigures({ runs: RUNS, duration: DURATION, data: values.data!, lighthouse: !values['no-lighthouse'] })
console.log(`costing figures [${elapsed()}]`)
const costing = await costingFigures({ runs: 200, items: 2000 })
console.log(`count sheet figures [${elapsed()}]`)
const sheet = await countSheetFigures({ runs: RUNS, lines: 500, cpu: 4, dir: SEED_DIR })
console.log(`the Manager's dashboard on a phone [${elapsed()}]`)
const dashboard = await dashboardFigures({ runs: RUNS, cpu: 4, seedDir: SEED_DIR })
console.log(`React alone on the phone [${elapsed()}]`)
const floor = await reactFloorFigures({ runs: Math.max(RUNS, 5), cpu: 4 })
console.log(`camera decoder [${elapsed()}]`)
const camera = await cameraFigures({ frames: 40 })

// ---------------------------------------------------------------- medians, targets, report

const med = (f: (r: RunResult) => number) => median(runs.map(f))
const endpointMedian = (name: string, c: number) => {
  const xs = runs.map((r) => r.endpoints[name][c])
  return {
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    rps: median(xs.map((x) => x.rps)),
    errors: xs.reduce((a, x) => a + x.errors, 0),
    ratio: xs[0].ratio === undefined ? undefined : median(xs.map((x) => x.ratio!)),
  }
}
const summary = {
  coldStartEmptyMs: median(emptyStarts),
  coldStartEmptyCpuMs: median(empty.cpu),
  coldStartSeededMs: med((r) => r.coldStartSeededMs),
  coldStartSeededCpuMs: med((r) => r.coldStartSeededCpuMs),
  idleRssMb: med((r) => r.idleRssMb),
  loadedRssMb: med((r) => r.loadedRssMb),
  csvSeconds: med((r) => r.csv.seconds),
  csvRows: runs[0].csv.rows,
  csvMb: runs[0].csv.mb,
  csvPeakAboveIdleMb: med((r) => r.csv.peakAboveIdleMb),
  backupHttpSeconds: med((r) => r.backupHttp.seconds),
  backupHttpFailures: runs.filter((r) => !r.backupHttp.ok).map((r) => r.backupHttp.error),
  backupCliSeconds: med((r) => r.backupCliSeconds),
  loginP50Ms: med((r) => r.loginP50Ms),
  exeMb,
  uiGzipKb,
  fsync,
  lean,
  dashboard,
  reactFloor: floor,
  camera,
  endpoints: Object.fromEntries(ENDPOINTS.map((e) => [e.name, Object.fromEntries(CLIENTS.map((c) => [c, endpointMedian(e.name, c)]))])),
}

interface Target {
  what: string
  target: string
  measured: string
  met: boolean
}
const targets: Target[] = []
const at10 = CLIENTS.includes(10) ? 10 : CLIENTS[Math.floor(CLIENTS.length / 2)]
for (const e of ENDPOINTS) {
  const m = summary.endpoints[e.name][at10]
  if (e.kind === 'read') targets.push({ what: `${e.name} @${at10}`, target: 'p50 < 5 ms, p99 < 25 ms', measured: `${m.p50} / ${m.p99} ms`, met: m.p50 < 5 && m.p99 < 25 })
  if (e.kind === 'dashboard') targets.push({ what: `${e.name} @${at10}`, target: 'p50 < 20 ms', measured: `${m.p50} ms`, met: m.p50 < 20 })
  if (e.kind === 'write') targets.push({ what: `${e.name} @${at10}`, target: 'p50 < 10 ms', measured: `${m.p50} ms`, met: m.p50 < 10 })
}
const itemsRatio = summary.endpoints[ENDPOINTS[1].name][at10].ratio!
targets.push({ what: `items page throughput / bare handler @${at10}`, target: '≥ 0.5', measured: itemsRatio.toFixed(2), met: itemsRatio >= 0.5 })
targets.push({ what: `one-year stock-movements CSV (${summary.csvRows.toLocaleString('en')} rows)`, target: '< 3 s', measured: `${summary.csvSeconds.toFixed(2)} s`, met: summary.csvSeconds < 3 })
targets.push({ what: 'one-year CSV: server RSS peak above its RSS just before', target: '< 150 MB above idle', measured: `${summary.csvPeakAboveIdleMb.toFixed(0)} MB`, met: summary.csvPeakAboveIdleMb < 150 })
targets.push({ what: 'cold start → first answer, seeded database', target: '< 300 ms', measured: `${summary.coldStartSeededMs.toFixed(0)} ms`, met: summary.coldStartSeededMs < 300 })
targets.push({ what: 'cold start → first answer, empty data dir', target: '< 300 ms', measured: `${summary.coldStartEmptyMs.toFixed(0)} ms`, met: summary.coldStartEmptyMs < 300 })
targets.push(...leanTargets(lean))
targets.push(...costingTargets(costing))
targets.push(...countSheetTargets(sheet))
targets.push(...dashboardTargets(dashboard))
targets.push(...cameraTargets(camera))
targets.push({ what: 'idle RSS (seeded database, signed in)', target: '< 80 MB', measured: `${summary.idleRssMb.toFixed(0)} MB`, met: summary.idleRssMb < 80 })

const m = machine()
const date = new Date().toISOString()
const totalSeconds = (performance.now() - t0) / 1000
const json = { date, machine: m, runs: RUNS, durationSeconds: DURATION, clients: CLIENTS, seedSeconds, data: counts, summary, targets, costing, countSheet: sheet, doctorAfterLoad: lastDoctor, raw: runs, benchSeconds: totalSeconds }

const f1 = (x: number) => x.toFixed(1)
const md: string[] = []
md.push('# Performance', '')
md.push(`Written by \`npm run bench\` (scripts/bench/run.ts); do not edit by hand above the soak section. ${date}.`, '')
md.push(`**Machine**: ${m.nproc} CPUs (\`nproc\`), ${m.cpu}, ${m.memoryGiB} GiB memory, ${m.arch}, Bun ${m.bun}. The load generator (autocannon, in the bench process) shares these CPUs with the server, and the box is shared with other work, so figures are conservative.`, '')
md.push(
  `**Data**: ${counts.items.toLocaleString('en')} items, ${counts.suppliers} suppliers, ${counts.movements.toLocaleString('en')} stock movements over 3 years, ${counts.kitchenRequests.toLocaleString('en')} kitchen requests, ${counts.kitchenMovements.toLocaleString('en')} kitchen movements (${f1(counts.dbMb)} MB database)${seedSeconds !== null ? `, seeded in ${f1(seedSeconds)} s` : ''}. Each run starts the compiled executable (\`dist/rims\`, HTTP) on a fresh copy.`,
  '',
)
md.push(`**Method**: median of ${RUNS} runs; autocannon, keep-alive, ${DURATION} s per endpoint and client count after a 1 s warm-up; writes are real commits with \`synchronous=FULL\` and an Idempotency-Key each. Latencies in ms; req/s is the mean over the run.`, '')
md.push('## Targets', '', '| what | target | measured | met |', '|---|---|---:|:---:|')
for (const t of targets) md.push(`| ${t.what} | ${t.target} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`)
md.push('', '## Endpoints', '', `| endpoint | clients | p50 ms | p99 ms | req/s | ratio to bare | errors |`, '|---|---:|---:|---:|---:|---:|---:|')
for (const e of ENDPOINTS)
  for (const c of CLIENTS) {
    const x = summary.endpoints[e.name][c]
    md.push(`| ${e.name} | ${c} | ${x.p50} | ${x.p99} | ${Math.round(x.rps)} | ${x.ratio === undefined ? '' : x.ratio.toFixed(2)} | ${x.errors} |`)
  }
md.push('', '## Figures', '', '| figure | value |', '|---|---:|')
md.push(`| executable size (dist/rims) | ${f1(exeMb)} MiB |`)
if (uiGzipKb) md.push(`| initial UI, gzipped (JS + CSS) | ${f1(uiGzipKb.js)} KB + ${f1(uiGzipKb.css)} KB |`)
md.push(`| cold start → first answer, empty data dir (median of 3): wall / server CPU | ${summary.coldStartEmptyMs.toFixed(0)} ms / ${summary.coldStartEmptyCpuMs.toFixed(0)} ms |`)
md.push(`| cold start → first answer, seeded database: wall / server CPU | ${summary.coldStartSeededMs.toFixed(0)} ms / ${summary.coldStartSeededCpuMs.toFixed(0)} ms |`)
for (const [k, v] of leanFigureRows(lean)) md.push(`| ${k} | ${v} |`)
for (const [k, v] of costingFigureRows(costing)) md.push(`| ${k} | ${v} |`)
for (const [k, v] of countSheetFigureRows(sheet)) md.push(`| ${k} | ${v} |`)
md.push(`| Manager dashboard, phone (CPU ${dashboard.cpu}× slower): longest task from the numbers to the charts, cold / warm | ${dashboard.longestTaskCold.toFixed(0)} / ${dashboard.longestTaskWarm.toFixed(0)} ms |`)
md.push(`| ${reactFloorRow(floor).join(' | ')} |`)
for (const [k, v] of cameraFigureRows(camera)) md.push(`| ${k} | ${v} |`)
md.push(`| load average (1 min) at the start of each run | ${runs.map((r) => r.loadAverage[0].toFixed(1)).join(', ')} |`)
md.push(`| idle RSS | ${f1(summary.idleRssMb)} MB |`)
md.push(`| loaded RSS (peak during the endpoint runs) | ${f1(summary.loadedRssMb)} MB |`)
md.push(`| one-year stock-movements CSV | ${summary.csvSeconds.toFixed(2)} s, ${summary.csvRows.toLocaleString('en')} rows, ${f1(summary.csvMb)} MB, +${summary.csvPeakAboveIdleMb.toFixed(0)} MB RSS |`)
md.push(
  `| backup through the API (POST /api/manager/settings/backup, VACUUM INTO + fsync + check) | ${summary.backupHttpFailures.length ? `**failed in ${summary.backupHttpFailures.length} of ${RUNS} runs** (${summary.backupHttpFailures[0]}) after ${summary.backupHttpSeconds.toFixed(1)} s` : `${summary.backupHttpSeconds.toFixed(2)} s`} |`,
)
md.push(`| backup from the command line (\`rims backup\`, server stopped) | ${summary.backupCliSeconds.toFixed(2)} s |`)
md.push(`| login p50 (argon2id, sequential) | ${f1(summary.loginP50Ms)} ms |`)
md.push(`| disk: 4 KiB write + fsync, p50 / p99 | ${fsync.p50.toFixed(2)} / ${fsync.p99.toFixed(2)} ms (≈ ${Math.round(fsync.commitsPerSecond)} commits/s for one writer) |`)
md.push(`| doctor on the last run's database after the load | ${lastDoctor.ok ? 'clean' : 'PROBLEMS: ' + lastDoctor.results.flatMap((r) => r.problems).slice(0, 5).join('; ')} |`)
md.push(`| whole \`npm run bench\` | ${(totalSeconds / 60).toFixed(1)} min |`)
md.push('')
md.push('## Reading the write figures', '')
md.push(
  `Every write is one transaction committed with \`journal_mode=WAL\` and \`synchronous=FULL\` (ARCHITECTURE: a committed movement survives a power cut), so each commit waits for one fsync of the WAL. SQLite has one writer at a time, so writes queue behind each other's fsync: on this disk an fsync takes ${fsync.p50.toFixed(2)} ms at the median and ${fsync.p99.toFixed(2)} ms at p99, which bounds one writer to about ${Math.round(fsync.commitsPerSecond)} commits/s and sets the floor of the write latency as clients are added. What would change the figures: a disk with faster or battery-backed flushes (an SD card on a Pi is much slower, a good SSD faster), or \`synchronous=NORMAL\` (an fsync only at checkpoints — which loses the last commits on a power cut, so it is not done).`,
  '',
)
const mdText = md.join('\n')

const mdPath = join(ROOT, 'docs/performance.md')
if (!values['no-write']) {
  // The hand-written lean-start history and the soak section (scripts/bench/soak.ts) are kept across benchmark runs.
  const old = existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : ''
  const kept = keptTailStart(old)
  writeFileSync(mdPath, mdText + (kept < 0 ? '' : old.slice(kept)))
  writeFileSync(join(ROOT, 'docs/performance.json'), JSON.stringify(json, null, 2) + '\n')
}
console.log('\n' + mdText)
console.log(`\n${targets.filter((t) => !t.met).length} of ${targets.length} targets missed; ${values['no-write'] ? 'nothing written' : 'wrote docs/performance.md and docs/performance.json'} (${EXECUTABLE})`)
