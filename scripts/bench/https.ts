// HTTPS figures of the compiled executable: time spent making the CA and certificate, cold start
// with HTTPS on, and the items page's throughput over HTTPS as a ratio to HTTP (keep-alive, autocannon).
//   node_modules/.bin/bun scripts/bench/https.ts [--starts 5] [--duration 5] [--connections 10]
// Builds dist/rims first if it is missing. Each server runs on a fresh temp data dir and free ports.
import { spawn } from 'bun'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureLocalCertificates } from '../../src/tls/local-ca'
import { serverNames } from '../../src/tls/names'
import { ROOT, cpuMs, ensureExecutable, mean, median, ms, startRims, stopProcess, type Started } from './lib'

const { values } = parseArgs({ options: { starts: { type: 'string', default: '5' }, duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } })
const STARTS = Number(values.starts)
const DURATION = Number(values.duration)
const CONNECTIONS = Number(values.connections)

await ensureExecutable()

interface Server extends Started {
  stop(): Promise<void>
}

/** dist/rims on a fresh data dir (scripts/bench/lib.ts startRims): startMs runs from spawn to the first answer on the HTTPS port (HTTP when off). */
async function start(o: { https: boolean; demo?: boolean }): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rims-bench-https-'))
  const s = await startRims(dataDir, o)
  return {
    ...s,
    async stop() {
      await stopProcess(s.proc)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

// 1. The CA and the server certificate, made in-process on fresh folders (what a first start spends on them).
const making: number[] = []
for (let i = 0; i < STARTS; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'rims-bench-ca-'))
  making.push((await ensureLocalCertificates({ dataDir: dir, caLabel: 'bench', names: serverNames() })).ms)
  rmSync(dir, { recursive: true, force: true })
}

// 2. Cold starts, fresh data dir each time, HTTPS off and on.
const startsOff: number[] = []
const startsOn: number[] = []
for (let i = 0; i < STARTS; i++) {
  for (const [https, into] of [[false, startsOff], [true, startsOn]] as const) {
    const s = await start({ https })
    into.push(s.startMs)
    await s.stop()
  }
}

// 3. The items page over HTTP and HTTPS on one server, alternating, keep-alive.
const server = await start({ https: true, demo: true })
const login = await fetch(server.http + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@rims.local', password: 'rims-demo-2026' }) })
const token = ((await login.json()) as { data: { token: string } }).data.token
const headers = { authorization: `Bearer ${token}` }
const itemsOk = (await fetch(server.http + '/api/items?page=1&limit=10', { headers })).status === 200
const path = itemsOk ? '/api/items?page=1&limit=10' : '/api/auth/profile'

// autocannon runs under Node: its TLS client is native there, so the client's cost does not drown the server's.
// The server's own CPU time per request as well (from /proc): on a shared 2-core box the client and
// other work skew raw req/s, while the server's CPU per request is what a Pi pays for HTTPS.
const run = async (base: string, duration: number) => {
  const cpu0 = cpuMs(server.proc.pid)
  const args = ['-c', String(CONNECTIONS), '-d', String(duration), '-H', `authorization=${headers.authorization}`, '-j', base + path]
  const proc = spawn(['node', join(ROOT, 'node_modules/autocannon/autocannon.js'), ...args], { stdout: 'pipe', stderr: 'ignore' })
  const result = JSON.parse(await new Response(proc.stdout).text()) as { non2xx: number; errors: number; requests: { average: number; total: number } }
  if (result.non2xx || result.errors) throw new Error(`${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { perSecond: result.requests.average, cpuPerRequest: (cpuMs(server.proc.pid) - cpu0) / result.requests.total }
}
await run(server.http, 1)
await run(server.https!, 1)
const http: { perSecond: number; cpuPerRequest: number }[] = []
const https: typeof http = []
for (let round = 0; round < 2; round++) {
  http.push(await run(server.http, DURATION))
  https.push(await run(server.https!, DURATION))
}
await server.stop()

const rows: [string, string][] = [
  [`making the CA + server certificate (median of ${STARTS}, in-process)`, `${ms(median(making))}  [${making.map((s) => s.toFixed(0)).join(', ')}]`],
  [`cold start, HTTPS off → first HTTP answer (median of ${STARTS})`, `${ms(median(startsOff))}  [${startsOff.map((s) => s.toFixed(0)).join(', ')}]`],
  [`cold start, HTTPS on, first start → first HTTPS answer (median of ${STARTS})`, `${ms(median(startsOn))}  [${startsOn.map((s) => s.toFixed(0)).join(', ')}]`],
  [`GET ${path} over HTTP (req/s, ${CONNECTIONS} keep-alive connections)`, `${mean(http.map((r) => r.perSecond)).toFixed(0)}  [${http.map((r) => r.perSecond.toFixed(0)).join(', ')}]`],
  [`GET ${path} over HTTPS`, `${mean(https.map((r) => r.perSecond)).toFixed(0)}  [${https.map((r) => r.perSecond.toFixed(0)).join(', ')}]`],
  ['HTTPS / HTTP throughput, same run (target ≥ 0.8)', (mean(https.map((r) => r.perSecond)) / mean(http.map((r) => r.perSecond))).toFixed(2)],
  ['server CPU per request, HTTP / HTTPS', `${(mean(http.map((r) => r.cpuPerRequest)) * 1000).toFixed(0)} µs / ${(mean(https.map((r) => r.cpuPerRequest)) * 1000).toFixed(0)} µs`],
  ['server capacity ratio HTTPS / HTTP (CPU per request)', (mean(http.map((r) => r.cpuPerRequest)) / mean(https.map((r) => r.cpuPerRequest))).toFixed(2)],
]
const width = Math.max(...rows.map((r) => r[0].length))
console.log(`\nRIMS HTTPS bench — ${new Date().toISOString()}, Bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs, ECDSA P-256${itemsOk ? '' : ' (no /api/items yet: /api/auth/profile measured instead)'}`)
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`)
