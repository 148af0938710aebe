// Off-site copies (issue 36): the benchmark database (10,000 items, 1,000,000 movements) published as a snapshot
// to a local S3-compatible server (s3rver, its own process on 127.0.0.1), while a client reads the items page.
// Measured: the publish's duration (POST /api/manager/settings/offsite/run: VACUUM INTO + integrity check +
// gzip + multipart upload + copy + manifest), the server's peak RSS above its idle RSS, and the items page's
// p50 idle and during the publish (one connection, 20 pages a second).
//   bun scripts/bench/offsite.ts [--dir /tmp/rims-bench-stocktake/seed] [--port 5350]
// Runs the server from source (src/main.ts), so nothing needs building.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { cpuMs, ensureBenchSeed, loadAverage, login, median, migratedBenchSeed, ROOT, rssMb, rssPeak, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

const { values } = parseArgs({ options: { dir: { type: 'string', default: '/tmp/rims-bench-stocktake/seed' }, port: { type: 'string', default: '5350' } } })
const s3Port = Number(values.port)
await ensureBenchSeed(values.dir!)
const seed = migratedBenchSeed(values.dir!)

const work = mkdtempSync(join(tmpdir(), 'rims-bench-offsite-'))
const data = join(work, 'data')
const bucketDir = join(work, 's3')
cpSync(seed, join(data, 'rims.db'), { recursive: true })
const s3 = Bun.spawn(
  [process.execPath, '-e', `import S3rver from 's3rver'; await new S3rver({ port: ${s3Port}, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(bucketDir)}, configureBuckets: [{ name: 'bench' }] }).run(); console.log('ready')`],
  { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' },
)
await s3.stdout.getReader().read()
const env = {
  RIMS_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, RIMS_S3_BUCKET: 'bench', RIMS_S3_REGION: 'us-east-1', RIMS_S3_PREFIX: 'rims',
  RIMS_S3_ACCESS_KEY_ID: 'S3RVER', RIMS_S3_SECRET_ACCESS_KEY: 'S3RVER',
}
const server = await startExecutable({ dataDir: data, command: [process.execPath, join(ROOT, 'src/main.ts')], env, timeoutMs: 120_000 })
try {
  const token = await login(server.url, BENCH_MANAGER, BENCH_PASSWORD)
  const headers = { authorization: `Bearer ${token}` }
  let page = 0
  const itemsPage = async () => {
    const t = performance.now()
    const res = await fetch(`${server.url}/api/items?page=${(page++ % 200) + 1}&limit=50`, { headers })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`items page: ${res.status}`)
    return performance.now() - t
  }
  for (let i = 0; i < 50; i++) await itemsPage() // warm
  await Bun.sleep(2000)
  const idleRss = rssMb(server.proc.pid)
  const idle: number[] = []
  for (const end = performance.now() + 5000; performance.now() < end; await Bun.sleep(50)) idle.push(await itemsPage())

  const peak = rssPeak(server.proc.pid)
  const during: number[] = []
  let done = false
  const t0 = performance.now()
  const cpu0 = cpuMs(server.proc.pid)
  const publish = fetch(`${server.url}/api/manager/settings/offsite/run`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string; data: { key: string } } }))
    .finally(() => (done = true))
  // Paced like a busy floor (20 pages a second), so the client does not take the CPU the publish needs.
  while (!done) {
    during.push(await itemsPage())
    await Bun.sleep(50)
  }
  const answer = await publish
  const seconds = (performance.now() - t0) / 1000
  const serverCpu = (cpuMs(server.proc.pid) - cpu0) / 1000
  const peakRss = peak.stop()
  if (answer.status !== 200) throw new Error(`publish failed: ${answer.status} ${answer.body.message}`)
  const size = Bun.file(join(data, 'rims.db')).size
  const manifest = (await (await fetch(`${env.RIMS_S3_ENDPOINT}/bench/${answer.body.data.key.replace(/\.sqlite\.gz$/, '.json')}`)).json()) as { bytes: number }
  const figures = {
    database_mb: +(size / 2 ** 20).toFixed(0),
    gzipped_mb: +(manifest.bytes / 2 ** 20).toFixed(0),
    publish_s: +seconds.toFixed(1),
    // The server's CPU over the publish (its worker included, and the items pages): what it costs on an idle box.
    server_cpu_s: +serverCpu.toFixed(1),
    idle_rss_mb: +idleRss.toFixed(0),
    peak_rss_above_idle_mb: +(peakRss - idleRss).toFixed(1),
    items_p50_idle_ms: +median(idle).toFixed(1),
    items_p50_during_ms: +median(during).toFixed(1),
    items_requests_during: during.length,
    load_average: loadAverage(),
  }
  console.log(JSON.stringify(figures, null, 2))
  const ok = seconds < 30 && figures.peak_rss_above_idle_mb < 50 && figures.items_p50_during_ms <= 2 * figures.items_p50_idle_ms
  console.log(ok ? 'targets met: < 30 s, < 50 MB above idle, items p50 within 2× of idle' : 'a target was missed (see above)')
} finally {
  await server.stop()
  s3.kill()
  await s3.exited
  rmSync(work, { recursive: true, force: true })
}
