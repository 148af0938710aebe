// The group view over 10 sites (issue 36, item 4): each site a benchmark database of 300,000 movements (seed.ts's
// seedBench, kitchen included), published to a local S3 server (s3rver on 127.0.0.1) under the off-site layout.
// Measures the first look at the bucket (10 downloads, gunzipped and checked), then the summary over the cached
// copies: a 30-day period (the workers start), another 30 days, a year, and the first 30 days again (figures kept
// per copy and period). Wall and CPU time: on a shared box the CPU time is what the summary itself costs.
//   bun scripts/bench/group.ts [--sites 10] [--movements 300000] [--items 10000] [--port 5470] [--seeded FILE]
// --seeded: a database seeded before (VACUUM INTO copy), to measure again without seeding again.
// One database is seeded and published under every site id: each site is the same size and the same work.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { s3Bucket, targetFromEnv } from '../../src/cli/group'
import { MIGRATIONS } from '../../src/db/migrations'
import { openAndMigrate } from '../../src/db/open'
import { createLogger } from '../../src/lib/log'
import { createMailer } from '../../src/lib/mailer'
import { createAuthService, createLockout, createTokens } from '../../src/modules/auth'
import { buildGroupApp, createGroupService } from '../../src/modules/group'
import { manifestKeyOf, siteKey, snapshotKey, type OffsiteTarget } from '../../src/modules/offsite'
import { createSettingsService } from '../../src/modules/settings'
import { insertUser, roleIdByName } from '../../src/modules/users'
import { startS3 } from '../../src/test/group-sites'
import { seedBench } from './seed'

const { values } = parseArgs({ options: { sites: { type: 'string' }, movements: { type: 'string' }, items: { type: 'string' }, port: { type: 'string' }, seeded: { type: 'string' } } })
const SITES = Number(values.sites ?? 10)
const MOVEMENTS = Number(values.movements ?? 300_000)
const ITEMS = Number(values.items ?? 10_000)
const PORT = Number(values.port ?? 5470)

const dir = mkdtempSync(join(tmpdir(), 'rims-bench-group-'))
const s3 = await startS3(PORT)
const quiet = createLogger(() => {})
try {
  let t = performance.now()
  const copy = values.seeded ?? join(dir, 'copy.db')
  if (!values.seeded) {
    const site = openAndMigrate(join(dir, 'site.db'))
    await seedBench(site, { movements: MOVEMENTS, items: ITEMS })
    site.exec(`VACUUM INTO '${copy}'`)
    site.close()
  }
  const gz = Bun.gzipSync(readFileSync(copy))
  const schema = MIGRATIONS.length
  console.log(`seeded ${MOVEMENTS.toLocaleString()} movements, ${ITEMS.toLocaleString()} items: ${(statSync(copy).size / 1e6).toFixed(1)} MB, ${(gz.length / 1e6).toFixed(1)} MB gzipped (${((performance.now() - t) / 1000).toFixed(1)} s)`)

  const at = new Date()
  const sha256 = new Bun.CryptoHasher('sha256').update(gz).digest('hex')
  for (let i = 1; i <= SITES; i++) {
    const id = `site-${String(i).padStart(2, '0')}`
    const key = snapshotKey(s3.env.RIMS_S3_PREFIX, id, 1, at)
    await s3.client.write(key, gz)
    await s3.client.write(manifestKeyOf(key), JSON.stringify({ layout: 1, site_id: id, site_name: `Site ${i}`, generation: 1, ledger_max_id: 0, kitchen_max_id: 0, schema_version: schema, created_at: at.toISOString(), bytes: gz.length, sha256 }))
    await s3.client.write(siteKey(s3.env.RIMS_S3_PREFIX, id), JSON.stringify({ layout: 1, site_id: id, site_name: `Site ${i}`, generation: 1, snapshot_key: key, manifest_key: manifestKeyOf(key), ledger_max_id: 0, kitchen_max_id: 0, last_success_at: at.toISOString() }))
  }

  // The group as `rims group` wires it, called through its app (routing, access check, JSON).
  const groupDir = join(dir, 'group')
  const db = openAndMigrate(join(dir, 'group.db'))
  const clock = () => new Date()
  const settings = createSettingsService(db, clock)
  const auth = createAuthService({ db, clock, settings, tokens: createTokens('bench-group-secret-0123456789abcdef'), lockout: createLockout(db, clock), mailer: createMailer(settings.get), logger: quiet })
  const group = createGroupService({ dir: groupDir, bucket: s3Bucket(targetFromEnv(s3.env) as OffsiteTarget), clock, logger: quiet, timeZone: () => 'UTC' })
  const app = buildGroupApp({ auth, group, display: settings.display, ui: null, logger: quiet })
  const hash = await Bun.password.hash('bench-group-pass', { algorithm: 'argon2id', memoryCost: 8, timeCost: 1 })
  insertUser(db, { name: 'Owner', email: 'owner@bench.local', passwordHash: hash, roleId: roleIdByName(db, 'Manager')!, at: at.toISOString() })
  const login = await app.handle(new Request('http://group/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@bench.local', password: 'bench-group-pass' }) }))
  const token = ((await login.json()) as { data: { token: string } }).data.token
  // CPU time of the whole process (main thread and workers): what the summary costs whatever else the box runs.
  const cpuMs = () => {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  }
  const summary = async (query = '') => {
    const t0 = performance.now()
    const c0 = cpuMs()
    const res = await app.handle(new Request(`http://group/api/group/summary${query}`, { headers: { authorization: `Bearer ${token}` } }))
    const body = (await res.json()) as { data: { sites: { error: string | null }[]; totals: { sites: number; stock_value: number } } }
    if (res.status !== 200 || body.data.totals.sites !== SITES) throw new Error(`summary failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
    return { wall: performance.now() - t0, cpu: cpuMs() - c0 }
  }
  const shown = (m: { wall: number; cpu: number }) => `${m.wall.toFixed(0)} ms (CPU ${m.cpu.toFixed(0)} ms)`

  t = performance.now()
  const c = cpuMs()
  await group.sync()
  const download = { wall: performance.now() - t, cpu: cpuMs() - c }
  const rss = () => (process.memoryUsage.rss() / 1e6).toFixed(0)
  const today = new Date().toISOString().slice(0, 10)
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)
  const first = await summary(`?start_date=${monthAgo}&end_date=${today}`)
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  const monthBefore = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10)
  const warm = await summary(`?start_date=${monthBefore}&end_date=${yesterday}`)
  const year = await summary(`?start_date=${yearAgo}&end_date=${today}`)
  const again = await summary(`?start_date=${monthAgo}&end_date=${today}`)
  console.log(`${SITES} sites × ${MOVEMENTS.toLocaleString()} movements`)
  console.log(`  first look at the bucket (${SITES} downloads, gunzipped, hashed, quick_check): ${shown(download)}`)
  console.log(`  summary, 30 days, cached copies, first asked (starts the workers, opens the copies): ${shown(first)}`)
  console.log(`  summary, another 30 days (workers started, copies open): ${shown(warm)}`)
  console.log(`  summary, 365 days, cached copies, first asked: ${shown(year)}`)
  console.log(`  summary, 30 days again (kept figures): ${shown(again)}`)
  console.log(`  rss after: ${rss()} MB (main thread and workers); load average at the end: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`)
  group.close()
  db.close()
} finally {
  await s3.close()
  rmSync(dir, { recursive: true, force: true })
}
