// Shared helpers of the benchmark scripts: ports, percentiles, /proc readings, the executable, server start,
// login and one autocannon measurement. Each bench script stays runnable alone; `npm run bench` composes them.
import autocannon from 'autocannon'
import { spawn, type Subprocess } from 'bun'
import { Database } from 'bun:sqlite'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MIGRATIONS } from '../../src/db/migrations'
import { openAndMigrate, schemaVersion } from '../../src/db/open'
import { freePort } from '../../src/test/server'
import { suiteChromiumArgs } from '../../e2e/chromium-args'
import { seedBench } from './seed'

export const ROOT = join(import.meta.dir, '..', '..')
export const EXECUTABLE = join(ROOT, 'dist', 'rims')

// The tests' free-port helper, for the bench scripts too.
export { freePort }

/** The q-quantile (0..1) of an ascending array, nearest rank. */
export const quantile = (sorted: number[], q: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))]
export const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5)
export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
export const ms = (x: number) => `${x.toFixed(1)} ms`

/** Resident memory of a process, in MiB. */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024

/** CPU time (user + system) a process has used, in ms: on a shared box, what the work would take alone. */
export const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // utime + stime, clock ticks of 10 ms
}

/** Samples a process's RSS every `everyMs` and keeps the peak. */
export function rssPeak(pid: number, everyMs = 20) {
  let peak = rssMb(pid)
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid))
    } catch {}
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      try {
        peak = Math.max(peak, rssMb(pid))
      } catch {}
      return peak
    },
  }
}

/**
 * Where the hand-written tail of docs/performance.md begins: the lean-start history and the soak section survive
 * every benchmark rewrite (run.ts rewrites what is above, lean.ts its own section just before).
 */
export function keptTailStart(doc: string): number {
  const at = ['\n## What the lean-start changes bought', '\n## Soak'].map((h) => doc.indexOf(h)).filter((i) => i >= 0)
  return at.length ? Math.min(...at) : -1
}

/** Debian's Chromium with the suite's switches (e2e/chromium-args.ts: no hidden omnibox popup laid out beside each new context's page). */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test')
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: suiteChromiumArgs() })
}

/** What an instrumented page logs (console.debug) once its figure is taken. */
export const FIGURE_TAKEN = 'rims-bench:figure-taken'

/**
 * Navigates to `url` and waits until the page's own instrument logs FIGURE_TAKEN. Heard through the console (CDP)
 * rather than polled with page.waitForFunction, which puts Playwright's injected script into the page as it loads:
 * at 4× slower CPU its compile and run took 75–110 ms of the main thread inside the figure (a trace of the sheet).
 */
export async function openUntilTaken(page: import('@playwright/test').Page, url: string) {
  const taken = page.waitForEvent('console', { predicate: (m) => m.text() === FIGURE_TAKEN, timeout: 120_000 })
  await page.goto(url, { waitUntil: 'commit' })
  await taken
}

/** The 1-minute load average: how busy the shared box was. */
export const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])

/** The machine, as the performance note prints it. */
export function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? /^Hardware\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? 'unknown CPU'
  const memKb = Number(/MemTotal:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0)
  return { nproc: navigator.hardwareConcurrency, cpu: model.trim(), memoryGiB: Math.round((memKb / 1024 / 1024) * 10) / 10, bun: Bun.version, arch: process.arch }
}

/** The newest source the executable embeds (src, migrations, ui/src), to tell a stale dist/rims. */
function newestSource(): number {
  let newest = 0
  for (const base of ['src', 'migrations', 'ui/src']) {
    if (!existsSync(join(ROOT, base))) continue
    for (const f of new Bun.Glob('**/*').scanSync({ cwd: join(ROOT, base) })) {
      if (f.endsWith('.test.ts') || f.endsWith('.gen.ts')) continue
      newest = Math.max(newest, statSync(join(ROOT, base, f)).mtimeMs)
    }
  }
  return newest
}

/**
 * dist/rims, built with scripts/build.ts when missing. `rebuild: 'always'` rebuilds; `'stale'` rebuilds
 * when a source is newer than the executable (the UI is reused when ui/dist exists).
 */
export async function ensureExecutable(o: { rebuild?: 'missing' | 'stale' | 'always' } = {}): Promise<string> {
  const mode = o.rebuild ?? 'missing'
  const missing = !existsSync(EXECUTABLE)
  const stale = !missing && statSync(EXECUTABLE).mtimeMs < newestSource()
  if (missing || mode === 'always' || (mode === 'stale' && stale)) {
    const skipUi = !missing && existsSync(join(ROOT, 'ui/dist/index.html')) && mode !== 'always' ? ['--skip-ui'] : []
    console.log(`building dist/rims ${skipUi.join(' ')}…`)
    const build = spawn([process.execPath, join(ROOT, 'scripts/build.ts'), ...skipUi], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
    if ((await build.exited) !== 0) throw new Error('the build failed')
  } else if (stale) {
    console.log('note: dist/rims is older than a source file; pass --rebuild to measure the current code')
  }
  return EXECUTABLE
}

export interface Server {
  url: string
  proc: Subprocess
  dataDir: string
  /** From spawn to the first answered GET /api/health. */
  startMs: number
  /** CPU time the server had used by then: the cold start's cost without the waits a busy, shared box adds. */
  startCpuMs: number
  stop(o?: { keepData?: boolean; signal?: NodeJS.Signals }): Promise<void>
}

/** Starts `dist/rims serve` (or another command) on a data dir (a fresh temp one by default), HTTPS off, and waits for /api/health. */
export async function startExecutable(o: { dataDir?: string; args?: string[]; env?: Record<string, string>; command?: string[]; timeoutMs?: number } = {}): Promise<Server> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'rims-bench-'))
  // RIMS_BENCH_PORT: a port of one's own on a box shared with other sessions (each keeps to its range).
  const port = Number(process.env.RIMS_BENCH_PORT) || freePort()
  const url = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  const proc = spawn([...(o.command ?? [EXECUTABLE]), 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dataDir, ...(o.args ?? [])], {
    cwd: tmpdir(),
    env: { ...process.env, RIMS_HTTPS_PORT: '0', ...o.env },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`rims exited with ${proc.exitCode}`)
    try {
      if ((await fetch(url + '/api/health')).ok) break
    } catch {}
    if (performance.now() - t0 > (o.timeoutMs ?? 30_000)) {
      proc.kill('SIGKILL')
      await proc.exited
      throw new Error('rims did not answer in time')
    }
    await Bun.sleep(2)
  }
  const startMs = performance.now() - t0
  const startCpuMs = cpuMs(proc.pid)
  return {
    url,
    proc,
    dataDir,
    startMs,
    startCpuMs,
    async stop(s = {}) {
      proc.kill(s.signal ?? 'SIGTERM')
      await proc.exited
      if (!s.keepData && !o.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Polls a URL every 2 ms until it answers 200; returns ms since t0. */
export async function firstOk(url: string, proc: Subprocess, t0: number, o: { ca?: string; timeoutMs?: number } = {}): Promise<number> {
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${url}: the process exited with ${proc.exitCode}`)
    try {
      // Bun's client refuses the local CA's critical name constraints ("unsupported name constraint type",
      // BoringSSL); browsers accept them. The chain is not what this times, so the client skips the check.
      const res = await fetch(url, o.ca ? { tls: { ca: o.ca, rejectUnauthorized: false } } : undefined)
      await res.arrayBuffer()
      if (res.ok) return performance.now() - t0
    } catch {}
    if (performance.now() - t0 > (o.timeoutMs ?? 60_000)) throw new Error(`${url} did not answer in time`)
    await Bun.sleep(2)
  }
}

export async function stopProcess(proc: Subprocess) {
  if (proc.exitCode === null) proc.kill('SIGTERM')
  await proc.exited
}

export interface Started {
  proc: Subprocess
  http: string
  https: string | null
  /** The local CA's certificate (PEM) when HTTPS is on. */
  ca: string | null
  /** Spawn → first 200 on /api/health (on the HTTPS port when HTTPS is on). */
  startMs: number
  startCpuMs: number
}

/**
 * dist/rims serve on a data dir, HTTPS on (a free port, the local CA in <dir>/tls, made by a first start) or off;
 * startMs runs from spawn to the first 200 on /api/health (on the HTTPS port when HTTPS is on).
 */
export async function startRims(dataDir: string, o: { https: boolean; demo?: boolean; ports?: { http: number; https: number } }): Promise<Started> {
  // Given ports: the same addresses at every start, as on a real box (the start-up QR code is kept per address).
  const [port, httpsPort] = [o.ports?.http ?? freePort(), o.https ? (o.ports?.https ?? freePort()) : 0]
  const caPath = join(dataDir, 'tls', 'ca.crt')
  const caBefore = existsSync(caPath) ? readFileSync(caPath, 'utf8') : undefined
  const t0 = performance.now()
  const proc = spawn([EXECUTABLE, 'serve', '--host', '127.0.0.1', '--port', String(port), '--data', dataDir, ...(o.demo ? ['--demo'] : [])], {
    cwd: tmpdir(),
    env: { ...process.env, RIMS_HTTPS_PORT: String(httpsPort) },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const http = `http://127.0.0.1:${port}`
  const https = o.https ? `https://127.0.0.1:${httpsPort}` : null
  try {
    return await firstAnswer(proc, t0, http, https, caPath, caBefore ?? null)
  } catch (e) {
    // Never healthy (or exited): no process is left behind holding its ports.
    if (proc.exitCode === null) proc.kill('SIGKILL')
    await proc.exited
    throw e
  }
}

async function firstAnswer(proc: Subprocess, t0: number, http: string, https: string | null, caPath: string, caBefore: string | null): Promise<Started> {
  let startMs: number
  let ca = caBefore
  if (https && ca) startMs = await firstOk(https + '/api/health', proc, t0, { ca })
  else if (https) {
    // A first start makes the CA: wait for it, then for the HTTPS answer (only warm-up starts come here).
    while (!existsSync(caPath)) {
      if (proc.exitCode !== null || performance.now() - t0 > 60_000) throw new Error('rims made no local CA')
      await Bun.sleep(10)
    }
    await Bun.sleep(50)
    ca = readFileSync(caPath, 'utf8')
    startMs = await firstOk(https + '/api/health', proc, t0, { ca })
  } else startMs = await firstOk(http + '/api/health', proc, t0)
  return { proc, http, https, ca, startMs, startCpuMs: cpuMs(proc.pid) }
}

/** Waits until a URL answers with anything below 500. */
export async function waitFor(url: string, proc: Subprocess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${url}: process exited (${proc.exitCode})`)
    try {
      if ((await fetch(url)).status < 500) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not start`)
    await Bun.sleep(20)
  }
}

/** Signs in and returns the token; throws on anything but success. */
export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  const body = (await res.json()) as { success: boolean; data: { token: string } }
  if (!res.ok || !body.success) throw new Error(`login of ${email} failed: ${res.status}`)
  return body.data.token
}

export interface Measured {
  p50: number
  p99: number
  rps: number
  errors: number
  requests: number
}

export interface Load {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH'
  headers?: Record<string, string>
  /** The path of each request (called per request, so it can vary). */
  path: () => string
  body?: () => string
  /** Extra headers per request (an Idempotency-Key, say). */
  perRequestHeaders?: () => Record<string, string>
}

/** One autocannon run (keep-alive connections, in this process): latency percentiles in ms, mean req/s, errors + non-2xx. */
export async function measure(url: string, load: Load, o: { connections: number; duration: number }): Promise<Measured> {
  const r = await autocannon({
    url,
    connections: o.connections,
    duration: o.duration,
    method: load.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...load.headers },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: load.path(),
          ...(load.body ? { body: load.body() } : {}),
          ...(load.perRequestHeaders ? { headers: { ...req.headers, ...load.perRequestHeaders() } } : {}),
        }),
      },
    ],
  })
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx + r.timeouts, requests: r.requests.total }
}

/**
 * The benchmark database in `<dir>/rims.db`, seeded once (scripts/bench/seed.ts) and kept for later runs.
 * Returns the seconds spent seeding, or null when it was already there.
 */
export async function ensureBenchSeed(dir: string, o: { reseed?: boolean } = {}): Promise<number | null> {
  const dbPath = join(dir, 'rims.db')
  if (!o.reseed && existsSync(dbPath)) return null
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  console.log('seeding 10,000 items, 200 suppliers, 1,000,000 movements, 100,000 kitchen requests, 200,000 kitchen movements…')
  const t = performance.now()
  const db = openAndMigrate(dbPath)
  await seedBench(db) // rebuilds the dashboard's trend counters its bulk load skipped
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  const seconds = (performance.now() - t) / 1000
  console.log(`seeded in ${seconds.toFixed(1)} s`)
  return seconds
}

/**
 * The benchmark database at this RIMS's schema: `<dir>/rims.db` itself when it is current, else a migrated copy
 * beside it (`<dir>/migrated-<hash of the migrations>.db`, made once and reused). A seed from an older RIMS would
 * otherwise make every timed start apply the pending migrations (0006's foreign_key_check reads the whole 400 MB):
 * a start-up figure measures start-up, not an upgrade. The seed itself is left as it is (other checkouts share it).
 */
export function migratedBenchSeed(dir: string): string {
  const seed = join(dir, 'rims.db')
  const probe = new Database(seed, { readonly: true })
  const version = schemaVersion(probe)
  probe.close()
  if (version === MIGRATIONS.length) return seed
  // 'analyzed': copies made before the ANALYZE below are not reused.
  const key = new Bun.CryptoHasher('sha256').update('analyzed\n' + MIGRATIONS.map((m) => m.name + '\n' + m.sql).join('\n')).digest('hex').slice(0, 12)
  const migrated = join(dir, `migrated-${key}.db`)
  if (existsSync(migrated) && statSync(migrated).mtimeMs >= statSync(seed).mtimeMs) return migrated
  console.log(`migrating a copy of the benchmark database (schema ${version} → ${MIGRATIONS.length}) once, outside the timed starts…`)
  const t = performance.now()
  const tmp = `${migrated}.tmp-${process.pid}`
  copyFileSync(seed, tmp)
  const db = openAndMigrate(tmp)
  // The seed was analyzed (seed.ts); an index a later migration added has no statistics, and beside the others'
  // the planner takes it for the most selective: items_verified made every items page sort all 10,000 rows (≈ 1 ms).
  db.exec('ANALYZE')
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  for (const suffix of ['-wal', '-shm']) rmSync(tmp + suffix, { force: true })
  renameSync(tmp, migrated)
  console.log(`migrated in ${((performance.now() - t) / 1000).toFixed(1)} s: ${migrated}`)
  return migrated
}
