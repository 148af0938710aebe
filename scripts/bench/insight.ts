// Dashboard, report and backup figures on the benchmark database (10,000 items, 1,000,000 movements):
// stats and trends p50, a one-year stock-movements CSV (time, server CPU, server RSS above idle), one backup.
//   node_modules/.bin/bun scripts/bench/insight.ts [--data /tmp/rims-bench-insight] [--runs 50] [--reseed]
// Seeds the data dir (scripts/bench/lib.ts ensureBenchSeed) when it holds no database, then runs
// `bun src/main.ts serve` on it: the code as it stands, without rebuilding dist/rims under others.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { addDays } from '../../src/contract/dates'
import { ROOT, cpuMs, ensureBenchSeed, loadAverage, login, median, ms, rssMb, rssPeak, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

const { values } = parseArgs({ options: { data: { type: 'string', default: '/tmp/rims-bench-insight' }, runs: { type: 'string', default: '50' }, reseed: { type: 'boolean', default: false } } })
const RUNS = Number(values.runs)
const dataDir = values.data!

await ensureBenchSeed(dataDir, { reseed: values.reseed })

const server = await startExecutable({ dataDir, command: [process.execPath, join(ROOT, 'src/main.ts')] })
try {
  const pid = server.proc.pid
  const headers = { authorization: `Bearer ${await login(server.url, BENCH_MANAGER, BENCH_PASSWORD)}` }
  const time = async (path: string, init: RequestInit = {}) => {
    const t0 = performance.now()
    const res = await fetch(server.url + path, { ...init, headers })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    return performance.now() - t0
  }

  for (const path of ['/api/manager/dashboard/stats', '/api/manager/dashboard/trends?days=30', '/api/dashboard']) {
    for (let i = 0; i < 5; i++) await time(path) // warm the page cache and the statement cache
    const runs: number[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await time(path))
    console.log(`${path.padEnd(42)} p50 ${ms(median(runs))}  (max ${ms(Math.max(...runs))}, ${RUNS} runs)`)
  }

  await Bun.sleep(500)
  const idle = rssMb(pid)
  const today = new Date().toISOString().slice(0, 10)
  const query = `start_date=${addDays(today, -365)}&end_date=${today}`
  const peak = rssPeak(pid)
  const cpu0 = cpuMs(pid)
  const t0 = performance.now()
  const res = await fetch(`${server.url}/api/reports/download/stock-movements?${query}`, { headers })
  let bytes = 0
  let lines = 0
  for await (const chunk of res.body as ReadableStream<Uint8Array>) {
    bytes += chunk.length
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++
  }
  const seconds = (performance.now() - t0) / 1000
  const cpu = (cpuMs(pid) - cpu0) / 1000
  const top = peak.stop()
  console.log(
    `one-year stock-movements CSV: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s (server CPU ${cpu.toFixed(2)} s, load average ${loadAverage()}); server RSS idle ${idle.toFixed(0)} MB, peak ${top.toFixed(0)} MB (+${(top - idle).toFixed(0)} MB)`,
  )

  const backupMs = await time('/api/manager/settings/backup', { method: 'POST' })
  const list = await (await fetch(`${server.url}/api/manager/settings/backup`, { headers })).json()
  console.log(`backup (POST /api/manager/settings/backup): ${(backupMs / 1000).toFixed(2)} s, ${(list.data[0].size / 1e6).toFixed(0)} MB`)
} finally {
  await server.stop()
}
