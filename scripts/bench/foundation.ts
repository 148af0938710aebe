// Foundation figures of the compiled executable: size, cold start, idle RSS, login latency (argon2id included).
//   node_modules/.bin/bun scripts/bench/foundation.ts [--starts 5] [--logins 50] [--concurrency 8]
// Builds dist/rims first if it is missing. Each server runs on a fresh temp data dir and a free port, HTTPS off.
import { spawn, type Subprocess } from 'bun'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const ROOT = join(import.meta.dir, '..', '..')
const EXECUTABLE = join(ROOT, 'dist', 'rims')
const EMAIL = 'bench@rims.local'
const PASSWORD = 'bench-password-2026'

const { values } = parseArgs({ options: { starts: { type: 'string', default: '5' }, logins: { type: 'string', default: '50' }, concurrency: { type: 'string', default: '8' } } })
const STARTS = Number(values.starts)
const LOGINS = Number(values.logins)
const CONCURRENCY = Number(values.concurrency)

const freePort = () => {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = s.port
  s.stop(true)
  return port
}
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5)
const ms = (x: number) => `${x.toFixed(1)} ms`

async function ensureExecutable() {
  if (existsSync(EXECUTABLE)) return
  console.log('dist/rims is missing: building it…')
  const build = spawn([process.execPath, join(ROOT, 'scripts/build.ts')], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
  if ((await build.exited) !== 0) throw new Error('the build failed')
}

interface Server {
  url: string
  proc: Subprocess
  dataDir: string
  startMs: number
  stop(): Promise<void>
}

/** Starts dist/rims on a fresh data dir and measures the time from spawn to the first answered request. */
async function start(dataDir = mkdtempSync(join(tmpdir(), 'rims-bench-'))): Promise<Server> {
  const port = freePort()
  const url = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  const proc = spawn([EXECUTABLE, 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dataDir], {
    cwd: tmpdir(),
    env: { ...process.env, RIMS_HTTPS_PORT: '0' },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`rims exited with ${proc.exitCode}`)
    try {
      if ((await fetch(url + '/api/health')).ok) break
    } catch {}
    if (performance.now() - t0 > 20_000) throw new Error('rims did not answer within 20 s')
    await Bun.sleep(2)
  }
  const startMs = performance.now() - t0
  return {
    url,
    proc,
    dataDir,
    startMs,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function createManager(dataDir: string) {
  const p = spawn([EXECUTABLE, 'create-manager', '--name', 'Bench Manager', '--email', EMAIL, '--password-stdin', '--data', dataDir], {
    stdin: new Blob([PASSWORD + '\n']),
    stdout: 'ignore',
    stderr: 'inherit',
  })
  if ((await p.exited) !== 0) throw new Error('create-manager failed')
}

const rssKiB = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? NaN)

async function login(url: string): Promise<number> {
  const t0 = performance.now()
  const res = await fetch(url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) })
  const body = (await res.json()) as { success: boolean }
  if (!res.ok || !body.success) throw new Error(`login failed: ${res.status}`)
  return performance.now() - t0
}

async function loginsAtConcurrency(url: string, total: number, concurrency: number) {
  const times: number[] = []
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++
        times.push(await login(url))
      }
    }),
  )
  const wall = performance.now() - t0
  times.sort((a, b) => a - b)
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), perSecond: (total / wall) * 1000 }
}

await ensureExecutable()
const size = statSync(EXECUTABLE).size

const starts: number[] = []
for (let i = 0; i < STARTS; i++) {
  const s = await start()
  starts.push(s.startMs)
  await s.stop()
}

const dataDir = mkdtempSync(join(tmpdir(), 'rims-bench-'))
await createManager(dataDir)
const server = await start(dataDir)
await login(server.url)
for (const path of ['/api/health', '/api/settings/display', '/', '/stock']) await fetch(server.url + path).then((r) => r.arrayBuffer())
await Bun.sleep(500)
const idleRss = rssKiB(server.proc.pid!)

await login(server.url) // warm-up
const sequential = await loginsAtConcurrency(server.url, LOGINS, 1)
const concurrent = await loginsAtConcurrency(server.url, Math.max(LOGINS, CONCURRENCY * 6), CONCURRENCY)
const peakRss = rssKiB(server.proc.pid!)
await server.stop()

const rows: [string, string][] = [
  ['executable size (dist/rims)', `${(size / 1024 / 1024).toFixed(1)} MiB`],
  [`cold start → first answer (median of ${STARTS}, fresh data dir)`, `${ms(median(starts))}  [${starts.map((s) => s.toFixed(0)).join(', ')}]`],
  ['idle RSS after start + a few requests', `${(idleRss / 1024).toFixed(1)} MiB`],
  [`login p50 / p99, ${LOGINS} sequential`, `${ms(sequential.p50)} / ${ms(sequential.p99)}  (${sequential.perSecond.toFixed(1)}/s)`],
  [`login p50 / p99, ${CONCURRENCY} concurrent`, `${ms(concurrent.p50)} / ${ms(concurrent.p99)}  (${concurrent.perSecond.toFixed(1)}/s)`],
  ['RSS after the login runs', `${(peakRss / 1024).toFixed(1)} MiB`],
]
const width = Math.max(...rows.map((r) => r[0].length))
console.log(`\nRIMS foundation bench — ${new Date().toISOString()}, Bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs, argon2id 19 MiB × 2`)
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`)
