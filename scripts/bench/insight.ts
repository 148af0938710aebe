// Dashboard, report and backup figures on the benchmark database (10,000 items, 1,000,000 movements):
// stats and trends p50, a one-year stock-movements CSV (time, server RSS above idle), one backup.
//   node_modules/.bin/bun scripts/bench/insight.ts [--data /tmp/rims-bench-insight] [--runs 50] [--reseed]
// Seeds the data dir with scripts/bench/seed.ts when it holds no database, then runs `bun src/main.ts serve` on it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { prepareDataDir } from '../../src/cli/data-dir'
import { openAndMigrate } from '../../src/db/open'
import { addDays } from '../../src/lib/time'
import { rebuildActivityBuckets } from '../../src/modules/dashboard/repo'
import { startServer } from '../../src/test/server'
import { BENCH_MANAGER, BENCH_PASSWORD, seedBench } from './seed'

const { values } = parseArgs({ options: { data: { type: 'string', default: '/tmp/rims-bench-insight' }, runs: { type: 'string', default: '50' }, reseed: { type: 'boolean', default: false } } })
const RUNS = Number(values.runs)
const dir = prepareDataDir(values.data!)

if (values.reseed || !existsSync(dir.dbPath)) {
  const t0 = performance.now()
  const db = openAndMigrate(dir.dbPath)
  await seedBench(db)
  // The seeder bulk-loads without the ledger's triggers: recount the trend counters once.
  db.transaction(() => rebuildActivityBuckets(db)).immediate()
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  console.log(`seeded ${dir.dbPath} in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
/** CPU seconds (user + system) a process has used: on a shared, loaded box this is the time it would take alone. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ms = (x: number) => `${x.toFixed(1)} ms`

const server = await startServer({ dataDir: dir.root })
try {
  const pid = server.proc.pid
  const login = await (await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: BENCH_MANAGER, password: BENCH_PASSWORD }) })).json()
  const headers = { authorization: `Bearer ${login.data.token}` }
  const time = async (path: string, init: RequestInit = {}) => {
    const t0 = performance.now()
    const res = await fetch(server.url + path, { ...init, headers })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    return performance.now() - t0
  }

  for (const path of ['/api/manager/dashboard/stats', '/api/manager/dashboard/trends?days=30']) {
    for (let i = 0; i < 5; i++) await time(path) // warm the page cache and the statement cache
    const runs: number[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await time(path))
    console.log(`${path.padEnd(42)} p50 ${ms(p50(runs))}  (max ${ms(Math.max(...runs))}, ${RUNS} runs)`)
  }

  await Bun.sleep(500)
  const idle = rssMb(pid)
  const today = new Date().toISOString().slice(0, 10)
  const query = `start_date=${addDays(today, -365)}&end_date=${today}`
  let peak = idle
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20)
  const cpu0 = cpuSeconds(pid)
  const t0 = performance.now()
  const res = await fetch(`${server.url}/api/reports/download/stock-movements?${query}`, { headers })
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body as ReadableStream<Uint8Array>) {
    bytes += chunk.length
    for (const b of chunk) if (b === 10) lines++
  }
  const seconds = (performance.now() - t0) / 1000
  const cpu = cpuSeconds(pid) - cpu0
  clearInterval(sampler)
  peak = Math.max(peak, rssMb(pid))
  console.log(`one-year stock-movements CSV: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s (server CPU ${cpu.toFixed(2)} s, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}); server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB)`)

  const backupMs = await time('/api/manager/settings/backup', { method: 'POST' })
  const list = await (await fetch(`${server.url}/api/manager/settings/backup`, { headers })).json()
  console.log(`backup (POST /api/manager/settings/backup): ${(backupMs / 1000).toFixed(2)} s, ${(list.data[0].size / 1e6).toFixed(0)} MB`)
} finally {
  await server.stop()
}
