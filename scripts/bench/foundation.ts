// Foundation figures of the compiled executable: size, cold start, idle RSS, login latency (argon2id included).
//   node_modules/.bin/bun scripts/bench/foundation.ts [--starts 5] [--logins 50] [--concurrency 8]
// Builds dist/rims first if it is missing. Each server runs on a fresh temp data dir and a free port, HTTPS off.
// `npm run bench` (scripts/bench/run.ts) reuses coldStarts and loginsAtConcurrency.
import { spawn } from 'bun'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { EXECUTABLE, ensureExecutable, login, median, ms, quantile, rssMb, startExecutable } from './lib'

const EMAIL = 'bench@rims.local'
const PASSWORD = 'bench-password-2026'

/** Cold starts of dist/rims on fresh data dirs (migrations included): spawn → first answer, in ms, and the server's CPU ms by then. */
export async function coldStarts(n: number): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < n; i++) {
    const s = await startExecutable()
    wall.push(s.startMs)
    cpu.push(s.startCpuMs)
    await s.stop()
  }
  return { wall, cpu }
}

async function createManager(dataDir: string) {
  const p = spawn([EXECUTABLE, 'create-manager', '--name', 'Bench Manager', '--email', EMAIL, '--password-stdin', '--data', dataDir], {
    stdin: new Blob([PASSWORD + '\n']),
    stdout: 'ignore',
    stderr: 'inherit',
  })
  if ((await p.exited) !== 0) throw new Error('create-manager failed')
}

async function timedLogin(url: string, email: string, password: string): Promise<number> {
  const t0 = performance.now()
  await login(url, email, password)
  return performance.now() - t0
}

/** `total` logins from `concurrency` parallel clients: p50, p99 (ms) and logins per second. */
export async function loginsAtConcurrency(url: string, email: string, password: string, total: number, concurrency: number) {
  const times: number[] = []
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++
        times.push(await timedLogin(url, email, password))
      }
    }),
  )
  const wall = performance.now() - t0
  times.sort((a, b) => a - b)
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), perSecond: (total / wall) * 1000 }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { starts: { type: 'string', default: '5' }, logins: { type: 'string', default: '50' }, concurrency: { type: 'string', default: '8' } } })
  const STARTS = Number(values.starts)
  const LOGINS = Number(values.logins)
  const CONCURRENCY = Number(values.concurrency)

  await ensureExecutable()
  const size = statSync(EXECUTABLE).size
  const { wall: starts } = await coldStarts(STARTS)

  const dataDir = mkdtempSync(join(tmpdir(), 'rims-bench-'))
  await createManager(dataDir)
  const server = await startExecutable({ dataDir })
  await login(server.url, EMAIL, PASSWORD)
  for (const path of ['/api/health', '/api/settings/display', '/', '/stock']) await fetch(server.url + path).then((r) => r.arrayBuffer())
  await Bun.sleep(500)
  const idleRss = rssMb(server.proc.pid)

  await login(server.url, EMAIL, PASSWORD) // warm-up
  const sequential = await loginsAtConcurrency(server.url, EMAIL, PASSWORD, LOGINS, 1)
  const concurrent = await loginsAtConcurrency(server.url, EMAIL, PASSWORD, Math.max(LOGINS, CONCURRENCY * 6), CONCURRENCY)
  const peakRss = rssMb(server.proc.pid)
  await server.stop()
  const { rmSync } = await import('node:fs')
  rmSync(dataDir, { recursive: true, force: true })

  const rows: [string, string][] = [
    ['executable size (dist/rims)', `${(size / 1024 / 1024).toFixed(1)} MiB`],
    [`cold start → first answer (median of ${STARTS}, fresh data dir)`, `${ms(median(starts))}  [${starts.map((s) => s.toFixed(0)).join(', ')}]`],
    ['idle RSS after start + a few requests', `${idleRss.toFixed(1)} MiB`],
    [`login p50 / p99, ${LOGINS} sequential`, `${ms(sequential.p50)} / ${ms(sequential.p99)}  (${sequential.perSecond.toFixed(1)}/s)`],
    [`login p50 / p99, ${CONCURRENCY} concurrent`, `${ms(concurrent.p50)} / ${ms(concurrent.p99)}  (${concurrent.perSecond.toFixed(1)}/s)`],
    ['RSS after the login runs', `${peakRss.toFixed(1)} MiB`],
  ]
  const width = Math.max(...rows.map((r) => r[0].length))
  console.log(`\nRIMS foundation bench — ${new Date().toISOString()}, Bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs, argon2id 19 MiB × 2`)
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`)
}
