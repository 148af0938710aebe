// `npm run soak` (not in CI): mixed traffic from 50 clients against the compiled executable for 10 minutes,
// on a copy of the benchmark database, with the server's RSS sampled every 10 s. Passes when RSS levels off
// (the last third's slope is small, or well below the first third's) and the doctor is clean at the end
// (integrity, both ledgers, the kept counters). Appends the result to docs/performance.md and docs/performance.json.
//   bun scripts/bench/soak.ts [--minutes 10] [--clients 50] [--data /tmp/rims-bench-run] [--no-write]
import autocannon from 'autocannon'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { runDoctor } from '../../src/cli/doctor'
import { openAndMigrate } from '../../src/db/open'
import { ROOT, ensureBenchSeed, ensureExecutable, loadAverage, login, machine, rssMb, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'
import { BENCH_CHEF } from './seed-kitchen'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '50' },
    data: { type: 'string', default: '/tmp/rims-bench-run' },
    'no-write': { type: 'boolean', default: false },
  },
})
const MINUTES = Number(values.minutes)
const CLIENTS = Number(values.clients)
const SAMPLE_SECONDS = 10
const SEED_DIR = join(values.data!, 'seed')
const SOAK_DIR = join(values.data!, 'soak')

/** Least-squares slope of RSS against time, in MB per minute. */
export function slopeMbPerMinute(samples: { seconds: number; rssMb: number }[]): number {
  const n = samples.length
  if (n < 2) return 0
  const mx = samples.reduce((a, s) => a + s.seconds, 0) / n
  const my = samples.reduce((a, s) => a + s.rssMb, 0) / n
  const sxy = samples.reduce((a, s) => a + (s.seconds - mx) * (s.rssMb - my), 0)
  const sxx = samples.reduce((a, s) => a + (s.seconds - mx) ** 2, 0)
  return sxx === 0 ? 0 : (sxy / sxx) * 60
}

await ensureExecutable()
await ensureBenchSeed(SEED_DIR)
rmSync(SOAK_DIR, { recursive: true, force: true })
mkdirSync(SOAK_DIR, { recursive: true })
copyFileSync(join(SEED_DIR, 'rims.db'), join(SOAK_DIR, 'rims.db'))

const server = await startExecutable({ dataDir: SOAK_DIR })
const pid = server.proc.pid
let result: Record<string, unknown>
try {
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
  const manager = auth(await login(server.url, BENCH_MANAGER, BENCH_PASSWORD))
  const store = auth(await login(server.url, 'store@bench.local', BENCH_PASSWORD))
  const chef = auth(await login(server.url, BENCH_CHEF, BENCH_PASSWORD))
  const db = openAndMigrate(join(SOAK_DIR, 'rims.db'))
  // Kitchen items with at least 50 units: 0.01 a use lasts 5,000 uses each.
  const kitchenItems = (db.query('SELECT item_id AS id FROM kitchen_stock WHERE quantity >= 5000 ORDER BY item_id LIMIT 200').all() as { id: number }[]).map((r) => r.id)
  db.close()
  if (kitchenItems.length === 0) throw new Error('the benchmark database has no kitchen stock to use')
  const pick = (n: number) => 1 + Math.floor(Math.random() * n)
  const key = () => crypto.randomUUID()
  const today = new Date().toISOString().slice(0, 10)

  // What a restaurant's day looks like to the server, in a loop per connection: mostly reads, every kind of write.
  // An IN and then an OUT of the same quantity on the same item (kept in the connection's context) keep the
  // balances steady over a long soak.
  type Ctx = { item?: number }
  const mixed: autocannon.Request[] = [
    { method: 'GET', headers: manager, setupRequest: (r) => ({ ...r, path: `/api/items?page=${pick(200)}&limit=50` }) },
    { method: 'GET', headers: manager, path: '/api/items/statistics' },
    { method: 'GET', headers: manager, setupRequest: (r) => ({ ...r, path: `/api/stock-movements?item_id=${pick(10_000)}` }) },
    { method: 'GET', headers: manager, path: '/api/manager/dashboard/stats' },
    { method: 'GET', headers: manager, path: '/api/manager/dashboard/trends?days=30' },
    { method: 'GET', headers: manager, path: '/api/alerts?limit=10' },
    { method: 'GET', headers: store, path: '/api/dashboard' },
    { method: 'GET', headers: manager, path: `/api/stock-movements/date-range?startDate=${today}&endDate=${today}&limit=20` },
    {
      method: 'POST',
      path: '/api/stock-movements',
      setupRequest: (r, ctx: Ctx) => ((ctx.item = pick(10_000)), { ...r, headers: { ...store, 'idempotency-key': key() }, body: JSON.stringify({ item_id: ctx.item, type: 'IN', quantity: 2, remarks: 'soak' }) }),
    },
    {
      method: 'POST',
      path: '/api/stock-movements',
      setupRequest: (r, ctx: Ctx) => ({ ...r, headers: { ...store, 'idempotency-key': key() }, body: JSON.stringify({ item_id: ctx.item ?? 1, type: 'OUT', quantity: 2, remarks: 'soak' }) }),
    },
    {
      method: 'POST',
      path: '/api/kitchen-inventory/usage',
      setupRequest: (r) => ({ ...r, headers: { ...chef, 'idempotency-key': key() }, body: JSON.stringify({ item_id: kitchenItems[pick(kitchenItems.length) - 1], quantity: 0.01, remarks: 'soak' }) }),
    },
    { method: 'GET', headers: chef, path: '/api/kitchen-inventory/inventory?limit=10' },
  ]

  const t0 = performance.now()
  const samples: { seconds: number; rssMb: number }[] = [{ seconds: 0, rssMb: rssMb(pid) }]
  const sampler = setInterval(() => {
    const s = { seconds: Math.round((performance.now() - t0) / 1000), rssMb: rssMb(pid) }
    samples.push(s)
    console.log(`  ${s.seconds} s: RSS ${s.rssMb.toFixed(1)} MB, load ${loadAverage().toFixed(1)}`)
  }, SAMPLE_SECONDS * 1000)
  const load0 = loadAverage()
  const r = await autocannon({ url: server.url, connections: CLIENTS, duration: MINUTES * 60, requests: mixed })
  clearInterval(sampler)
  samples.push({ seconds: Math.round((performance.now() - t0) / 1000), rssMb: rssMb(pid) })

  const third = Math.max(2, Math.floor(samples.length / 3))
  const firstSlope = slopeMbPerMinute(samples.slice(0, third))
  const lastSlope = slopeMbPerMinute(samples.slice(-third))
  const peakOf = (xs: typeof samples) => Math.max(...xs.map((s) => s.rssMb))
  const middlePeak = peakOf(samples.slice(third, samples.length - third))
  const lastPeak = peakOf(samples.slice(-third))
  // Levelled off: the last third grows by under 1 MB a minute or at under a quarter of the first third's pace,
  // or (a slope over a few noisy samples says little) its peak is within 10% of the middle third's: a leak
  // keeps raising the peaks, a working set that has stopped growing does not.
  const levelsOff = lastSlope < 1 || lastSlope < firstSlope / 4 || lastPeak <= middlePeak * 1.1
  await server.stop()

  const check = openAndMigrate(join(SOAK_DIR, 'rims.db'))
  const doctor = runDoctor(check)
  check.close()
  result = {
    date: new Date().toISOString(),
    machine: machine(),
    minutes: MINUTES,
    clients: CLIENTS,
    loadAverageAtStart: load0,
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    rss: { startMb: samples[0].rssMb, peakMb: Math.max(...samples.map((s) => s.rssMb)), endMb: samples[samples.length - 1].rssMb, firstThirdSlope: firstSlope, lastThirdSlope: lastSlope, middleThirdPeakMb: middlePeak, lastThirdPeakMb: lastPeak, levelsOff, samples },
    doctor: { ok: doctor.ok, problems: doctor.results.flatMap((x) => x.problems.map((p) => `${x.name}: ${p}`)).slice(0, 20) },
  }
} finally {
  if (server.proc.exitCode === null) await server.stop()
}
rmSync(SOAK_DIR, { recursive: true, force: true })

const x = result as { rss: { startMb: number; peakMb: number; endMb: number; firstThirdSlope: number; lastThirdSlope: number; middleThirdPeakMb: number; lastThirdPeakMb: number; levelsOff: boolean; samples: { seconds: number; rssMb: number }[] }; doctor: { ok: boolean; problems: string[] } } & Record<string, any>
const pass = x.rss.levelsOff && x.doctor.ok && x.errors === 0 && x.timeouts === 0 && x.non2xx === 0
const md = [
  '## Soak',
  '',
  `Written by \`npm run soak\` (scripts/bench/soak.ts) on ${x.date}: ${x.minutes} min${x.minutes < 10 ? ` (shortened with \`--minutes ${x.minutes}\`; the full soak is 10 min)` : ''} of mixed traffic (items pages, statistics, movements by item, dashboard stats and trends, alerts, the store and kitchen dashboards, IN/OUT movements, kitchen usage) from ${x.clients} keep-alive clients against dist/rims on a copy of the benchmark database; ${x.machine.nproc} CPUs, load average ${x.loadAverageAtStart.toFixed(1)} at the start.`,
  '',
  '| figure | value |',
  '|---|---:|',
  `| requests | ${x.requests.toLocaleString('en')} (${Math.round(x.rps)} req/s), p50 ${x.p50} ms, p99 ${x.p99} ms |`,
  `| errors / timeouts / non-2xx answers | ${x.errors} / ${x.timeouts} / ${x.non2xx} |`,
  `| RSS start → peak → end | ${x.rss.startMb.toFixed(0)} → ${x.rss.peakMb.toFixed(0)} → ${x.rss.endMb.toFixed(0)} MB |`,
  `| RSS slope, first third → last third | ${x.rss.firstThirdSlope.toFixed(1)} → ${x.rss.lastThirdSlope.toFixed(1)} MB/min |`,
  `| RSS peak, middle third → last third | ${x.rss.middleThirdPeakMb.toFixed(0)} → ${x.rss.lastThirdPeakMb.toFixed(0)} MB |`,
  `| RSS levels off (last third: slope < 1 MB/min, or < ¼ of the first third's, or peak within 10% of the middle third's) | ${x.rss.levelsOff ? 'yes' : '**no**'} |`,
  `| doctor at the end (integrity, ledgers, counters) | ${x.doctor.ok ? 'clean' : '**' + x.doctor.problems.join('; ') + '**'} |`,
  '',
  `RSS every ${SAMPLE_SECONDS} s (MB): ${x.rss.samples.map((s) => s.rssMb.toFixed(0)).join(' ')}`,
  '',
  `Each connection takes out what it has just put in, so every request should succeed: non-2xx answers count as a failure, as do errors and timeouts. **${pass ? 'Soak passed' : 'Soak FAILED'}.**`,
  '',
].join('\n')
console.log('\n' + md)

if (!values['no-write']) {
  const mdPath = join(ROOT, 'docs/performance.md')
  const old = existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : '# Performance\n'
  const marker = '\n## Soak'
  writeFileSync(mdPath, (old.includes(marker) ? old.slice(0, old.indexOf(marker)) : old.trimEnd() + '\n') + '\n' + md)
  const jsonPath = join(ROOT, 'docs/performance.json')
  const json = existsSync(jsonPath) ? JSON.parse(readFileSync(jsonPath, 'utf8')) : {}
  writeFileSync(jsonPath, JSON.stringify({ ...json, soak: result }, null, 2) + '\n')
}
process.exit(pass ? 0 : 1)
