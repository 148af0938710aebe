import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { s3Bucket, targetFromEnv } from '../../cli/group'
import type { OffsiteTarget } from '../offsite'
import { seedDemo } from '../../cli/demo'
import { addDays, localDate } from '../../contract/dates'
import { copyAge, GROUP_ACCESS, STALE_AFTER_HOURS, type GroupSummary } from '../../contract/group'
import { CHEF, MANAGER, STOREKEEPER } from '../../contract/roles'
import { openAndMigrate } from '../../db/open'
import { createLogger } from '../../lib/log'
import { createMailer } from '../../lib/mailer'
import { publishSite, startS3 } from '../../test/group-sites'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'
import { createAuthService, createLockout, createTokens } from '../auth'
import { createSettingsService } from '../settings'
import { insertUser, roleIdByName } from '../users'
import { buildGroupApp, createGroupService, type Bucket, type GroupService } from '.'
import { openSiteReader } from './figures'

// Three demo restaurants published to a local S3 server; the group view over them (issue 36, item 4).

const PORT = 5401
const PREFIX = 'rims'
const NOW = new Date()
const DAY = 86_400_000
let s3: Awaited<ReturnType<typeof startS3>>
const sites: { id: string; name: string; env: TestEnv; managerToken: string; lastSuccessAt: Date }[] = []

/** A group server over the bucket, with its own accounts; `clock` moves its time. */
async function makeGroup(bucket: Bucket, o: { clock?: () => Date } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rims-group-'))
  const db = openAndMigrate(join(dir, 'group.db'))
  const clock = o.clock ?? (() => new Date())
  const logLines: string[] = []
  const logger = createLogger((l) => logLines.push(l))
  const settings = createSettingsService(db, clock)
  const auth = createAuthService({ db, clock, settings, tokens: createTokens('group-secret-' + Math.random()), lockout: createLockout(db, clock), mailer: createMailer(settings.get), logger })
  const group: GroupService = createGroupService({ dir, bucket, clock, logger, timeZone: () => settings.get().time_zone, syncEveryMs: 0 })
  const app = buildGroupApp({ auth, group, display: () => settings.display(), ui: null, logger })
  const hash = await Bun.password.hash(TEST_PASSWORD, { algorithm: 'argon2id', memoryCost: 8, timeCost: 1 })
  const tokenOf = async (role: string) => {
    const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2)}@group.test`
    insertUser(db, { name: role, email, passwordHash: hash, roleId: roleIdByName(db, role)!, at: new Date().toISOString() })
    const res = await app.handle(new Request('http://group/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: TEST_PASSWORD }) }))
    return ((await res.json()) as { data: { token: string } }).data.token
  }
  const call = async (path: string, token?: string, init: RequestInit = {}) => {
    const res = await app.handle(new Request('http://group' + path, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } }))
    return { status: res.status, body: (await res.json().catch(() => null)) as { data: GroupSummary; message: string } }
  }
  return {
    dir,
    app,
    group,
    call,
    tokenOf,
    logLines,
    close() {
      group.close()
      db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const env = (): OffsiteTarget => targetFromEnv(s3.env) as OffsiteTarget

beforeAll(async () => {
  s3 = await startS3(PORT)
  // Three demo restaurants seeded at different moments, so each has its own figures for the same days.
  const specs = [
    { id: 'lusaka-central', name: 'Lusaka Central', seededAt: NOW, lastSuccessAt: new Date(NOW.getTime() - 2 * 3600_000) },
    { id: 'kitwe', name: 'Kitwe', seededAt: new Date(NOW.getTime() - 9 * DAY), lastSuccessAt: new Date(NOW.getTime() - 3 * DAY - 3600_000) },
    { id: 'ndola', name: 'Ndola', seededAt: new Date(NOW.getTime() - 20 * DAY), lastSuccessAt: new Date(NOW.getTime() - 30 * 60_000) },
  ]
  for (const s of specs) {
    const site = await makeTestEnv()
    expect(await seedDemo(site.deps, s.seededAt)).toBe(true)
    const manager = await site.userOf(MANAGER)
    // Today's delivery differs per site: the stock values differ too (the demo's own stock is the same everywhere).
    const extra = sites.length * 7
    if (extra) {
      const moved = await site.call('POST', '/api/stock-movements', { token: manager.token, headers: { 'idempotency-key': crypto.randomUUID() }, body: { item_id: 1, type: 'IN', quantity: extra } })
      expect(moved.status).toBe(201)
    }
    await publishSite(s3.client, { prefix: PREFIX, siteId: s.id, siteName: s.name, db: site.deps.db, at: new Date(s.lastSuccessAt.getTime() - 60_000), lastSuccessAt: s.lastSuccessAt })
    sites.push({ id: s.id, name: s.name, env: site, managerToken: manager.token, lastSuccessAt: s.lastSuccessAt })
  }
}, 120_000)

afterAll(async () => {
  for (const s of sites) s.env.close()
  await s3?.close()
})

const cents = (n: number) => Math.round(n * 100)
const sumCents = (xs: number[]) => xs.reduce((a, x) => a + cents(x), 0)

describe('group summary over three sites', () => {
  test("each site's figures are its own reports' totals, and the group's totals are their sums", async () => {
    const g = await makeGroup(s3Bucket(env()))
    try {
      const token = await g.tokenOf(MANAGER)
      const zone = sites[0].env.deps.settings.get().time_zone
      const end = localDate(NOW, zone)
      const start = addDays(end, -30)
      const res = await g.call(`/api/group/summary?start_date=${start}&end_date=${end}`, token)
      expect(res.status).toBe(200)
      const summary = res.body.data
      expect(summary.sites.map((s) => s.site_id)).toEqual(['kitwe', 'lusaka-central', 'ndola'])
      const own: { stock: number; purchases: number; wastage: number; food: { food_sales: number; cogs: number; theoretical_cost: number; gap_value: number; actual_food_cost_pct: number | null } | null }[] = []
      for (const s of summary.sites) {
        const site = sites.find((x) => x.id === s.site_id)!
        expect(s.error).toBeNull()
        expect(s.site_name).toBe(site.name)
        const q = `start_date=${start}&end_date=${end}`
        const get = async (path: string) => {
          const r = await site.env.call('GET', path, { token: site.managerToken })
          expect(r.status).toBe(200)
          return r.body.data
        }
        const stock = (await get(`/api/reports/stock-balance?${q}`)).totals.closing_value
        const purchases = (await get(`/api/reports/purchases-by-supplier?${q}`)).totals.value
        const wastage = (await get(`/api/reports/wastage?${q}`)).totals.value
        const f = s.figures!
        expect(f.stock_value).toBe(stock)
        expect(f.purchases).toBe(purchases)
        expect(f.wastage).toBe(wastage)
        // The demo approves monthly counts: every site has a food cost period, its own report between the same counts.
        expect(f.food_cost).not.toBeNull()
        const fc = await get(`/api/reports/food-cost?opening_count_id=${f.food_cost!.opening_count.id}&closing_count_id=${f.food_cost!.closing_count.id}`)
        for (const k of ['food_sales', 'cogs', 'theoretical_cost', 'gap_value', 'actual_food_cost_pct', 'theoretical_food_cost_pct', 'gap_pct'] as const) expect(f.food_cost![k]).toBe(fc[k])
        expect(f.food_cost!.opening_count.day <= start).toBe(true)
        expect(f.food_cost!.closing_count.day <= end).toBe(true)
        own.push({ stock, purchases, wastage, food: fc })
      }
      // The sites differ (seeded at different moments), so a total is not one site's figure thrice.
      expect(new Set(own.map((o) => o.stock)).size).toBeGreaterThan(1)
      const t = summary.totals!
      expect(t.sites).toBe(3)
      expect(cents(t.stock_value)).toBe(sumCents(own.map((o) => o.stock)))
      expect(cents(t.purchases)).toBe(sumCents(own.map((o) => o.purchases)))
      expect(cents(t.wastage)).toBe(sumCents(own.map((o) => o.wastage)))
      expect(t.food_cost_sites).toBe(3)
      expect(cents(t.food_sales)).toBe(sumCents(own.map((o) => o.food!.food_sales)))
      expect(cents(t.cogs)).toBe(sumCents(own.map((o) => o.food!.cogs)))
      expect(cents(t.theoretical_cost)).toBe(sumCents(own.map((o) => o.food!.theoretical_cost)))
      expect(cents(t.gap_value)).toBe(sumCents(own.map((o) => o.food!.gap_value)))
      expect(t.actual_food_cost_pct).toBe(Math.round((sumCents(own.map((o) => o.food!.cogs)) / sumCents(own.map((o) => o.food!.food_sales))) * 10000) / 100)
    } finally {
      g.close()
    }
  }, 60_000)

  test('each site says how fresh its copy is; one older than 26 h is flagged', async () => {
    // The group's clock stands where the copies' ages were set: on a busy box the set-up alone can take a minute.
    const g = await makeGroup(s3Bucket(env()), { clock: () => NOW })
    try {
      const res = await g.call('/api/group/summary', await g.tokenOf(MANAGER))
      expect(res.status).toBe(200)
      const by = Object.fromEntries(res.body.data.sites.map((s) => [s.site_id, s]))
      expect(by.kitwe.last_success_at).toBe(sites.find((s) => s.id === 'kitwe')!.lastSuccessAt.toISOString())
      expect(copyAge(by.kitwe.age_seconds)).toBe('3 days ago')
      expect(by.kitwe.stale).toBe(true)
      expect(copyAge(by['lusaka-central'].age_seconds)).toBe('2 hours ago')
      expect(by['lusaka-central'].stale).toBe(false)
      expect(copyAge(by.ndola.age_seconds)).toBe('30 minutes ago')
      expect(by.ndola.age_seconds!).toBeLessThan(STALE_AFTER_HOURS * 3600)
      expect(by.ndola.snapshot_at).toBe(new Date(sites.find((s) => s.id === 'ndola')!.lastSuccessAt.getTime() - 60_000).toISOString())
    } finally {
      g.close()
    }
  }, 60_000)

  test('copies are read-only: the cached file is unchanged after use, a write is refused, and a copy is downloaded again only when newer', async () => {
    const g = await makeGroup(s3Bucket(env()))
    try {
      const token = await g.tokenOf(MANAGER)
      expect((await g.call('/api/group/summary', token)).status).toBe(200)
      const file = join(g.dir, 'sites', 'ndola.db')
      const before = { hash: new Bun.CryptoHasher('sha256').update(readFileSync(file)).digest('hex'), mtime: statSync(file).mtimeMs, ino: statSync(file).ino }
      // Two more periods and a second look at the bucket (nothing newer there): the same file, byte for byte.
      expect((await g.call('/api/group/summary?start_date=2020-01-01&end_date=2020-01-31', token)).status).toBe(200)
      expect((await g.call('/api/group/summary', token)).status).toBe(200)
      const after = statSync(file)
      expect(new Bun.CryptoHasher('sha256').update(readFileSync(file)).digest('hex')).toBe(before.hash)
      expect(after.mtimeMs).toBe(before.mtime)
      expect(after.ino).toBe(before.ino)

      const reader = openSiteReader(file, () => new Date())
      expect(() => reader.db.run("INSERT INTO settings (key, value, updated_at) VALUES ('x', '1', 'now')")).toThrow(/readonly/)
      expect(() => reader.db.run('DELETE FROM stock_movements')).toThrow(/readonly/)
      reader.close()

      // The site publishes a newer snapshot: the next look downloads it (a new file), and its figures follow.
      const ndola = sites.find((s) => s.id === 'ndola')!
      const waste = await ndola.env.call('GET', '/api/reports/wastage', { token: ndola.managerToken })
      await publishSite(s3.client, { prefix: PREFIX, siteId: 'ndola', siteName: 'Ndola', db: ndola.env.deps.db, at: new Date(), lastSuccessAt: new Date() })
      const res = await g.call('/api/group/summary', token)
      expect(statSync(file).ino).not.toBe(before.ino)
      const site = res.body.data.sites.find((s) => s.site_id === 'ndola')!
      expect(site.age_seconds!).toBeLessThan(60)
      expect(site.figures!.wastage).toBe(waste.body.data.totals.value)
      // Put the older freshness back for the other tests.
      await publishSite(s3.client, { prefix: PREFIX, siteId: 'ndola', siteName: 'Ndola', db: ndola.env.deps.db, at: new Date(ndola.lastSuccessAt.getTime() - 60_000), lastSuccessAt: ndola.lastSuccessAt })
    } finally {
      g.close()
    }
  }, 60_000)

  test('the summary needs a signed-in Manager of the group: no token, a site token, other roles are refused', async () => {
    const g = await makeGroup(s3Bucket(env()))
    try {
      expect((await g.call('/api/group/summary')).status).toBe(401)
      // A site's own Manager token is signed with the site's key, not the group's.
      expect((await g.call('/api/group/summary', sites[0].managerToken)).status).toBe(401)
      for (const role of [STOREKEEPER, CHEF]) expect((await g.call('/api/group/summary', await g.tokenOf(role))).status).toBe(403)
      const wrong = await g.call('/api/auth/login', undefined, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@group.test', password: 'wrong-password' }) })
      expect(wrong.status).toBe(401)
      expect((await g.call('/api/group/summary?start_date=2026-02-01&end_date=2026-01-01', await g.tokenOf(MANAGER))).status).toBe(400)
    } finally {
      g.close()
    }
  }, 60_000)

  test("the group serves none of a site's API: every other route is refused", async () => {
    const g = await makeGroup(s3Bucket(env()))
    try {
      const token = await g.tokenOf(MANAGER)
      const json = { 'content-type': 'application/json' }
      for (const [method, path, body] of [
        ['GET', '/api/items', undefined],
        ['GET', '/api/reports/financial', undefined],
        ['POST', '/api/stock-movements', { item_id: 1, type: 'IN', quantity: 1 }],
        ['PUT', '/api/manager/settings', { restaurant_name: 'x' }],
        ['GET', '/api/manager/users', undefined],
        ['PUT', '/api/auth/profile', { name: 'x', email: 'x@y.z' }],
      ] as const) {
        const res = await g.call(path, token, { method, headers: json, body: body && JSON.stringify(body) })
        expect([403, 404]).toContain(res.status)
      }
      // The table and the app agree: every entry is a route; a registered route outside it (the profile edits the
      // shared sign-in plugin brings) is refused to the group's own Manager.
      const registered = g.app.routes.map((r) => `${r.method} ${r.path}`)
      expect(Object.keys(GROUP_ACCESS).filter((k) => !registered.includes(k))).toEqual([])
      for (const key of registered.filter((k) => !(k in GROUP_ACCESS) && !k.startsWith('HEAD '))) {
        const [method, path] = key.split(' ')
        expect({ key, status: (await g.call(path, token, { method, headers: json, body: method === 'GET' ? undefined : '{}' })).status }).toEqual({ key, status: 403 })
      }
    } finally {
      g.close()
    }
  }, 60_000)
})

describe("group view over the off-site publisher's own copies", () => {
  test('a site published by `deps.offsite.run()` is read: its figures are its own reports', async () => {
    const site = await makeTestEnv({ env: { ...s3.env, RIMS_S3_PREFIX: 'published' } })
    try {
      expect(await seedDemo(site.deps, NOW)).toBe(true)
      const manager = await site.userOf(MANAGER)
      expect((await site.call('PUT', '/api/manager/settings', { token: manager.token, body: { restaurant_name: 'Livingstone Falls' } })).status).toBe(200)
      const published = await site.deps.offsite.run()
      expect(published.kind).toBe('snapshot')
      const g = await makeGroup(s3Bucket({ ...env(), prefix: 'published/' }))
      try {
        const res = await g.call('/api/group/summary', await g.tokenOf(MANAGER))
        expect(res.status).toBe(200)
        const [one] = res.body.data.sites
        expect(one).toMatchObject({ site_id: 'livingstone-falls', site_name: 'Livingstone Falls', generation: published.status.generation, error: null })
        expect(one.age_seconds!).toBeLessThan(120)
        const own = await site.call('GET', '/api/reports/stock-balance', { token: manager.token })
        expect(one.figures!.stock_value).toBe(own.body.data.totals.closing_value)
        expect(res.body.data.totals!.stock_value).toBe(own.body.data.totals.closing_value)
      } finally {
        g.close()
      }
    } finally {
      site.close()
    }
  }, 60_000)
})

describe('group view: copies it cannot use', () => {
  test("a copy from an older RIMS is named, not read; the others are still totalled; an unreachable bucket leaves the cached copies", async () => {
    const prefix = 'mixed'
    const site = sites[0]
    await publishSite(s3.client, { prefix, siteId: 'current', siteName: 'Current', db: site.env.deps.db, at: NOW })
    await publishSite(s3.client, { prefix, siteId: 'older', siteName: 'Older', db: site.env.deps.db, at: NOW, edit: (copy) => copy.exec('PRAGMA user_version = 12') })
    let reachable = true
    const real = s3Bucket({ ...env(), prefix: `${prefix}/` })
    const bucket: Bucket = { ...real, listSites: () => (reachable ? real.listSites() : Promise.reject(new Error('Unable to connect'))) }
    const g = await makeGroup(bucket)
    try {
      const token = await g.tokenOf(MANAGER)
      const res = await g.call('/api/group/summary', token)
      const older = res.body.data.sites.find((s) => s.site_id === 'older')!
      expect(older.figures).toBeNull()
      expect(older.error).toMatch(/older RIMS \(schema 12/)
      expect(res.body.data.totals!.sites).toBe(1)
      reachable = false
      const offline = await g.call('/api/group/summary', token)
      expect(offline.status).toBe(200)
      expect(offline.body.data.bucket_error).toContain('Unable to connect')
      expect(offline.body.data.sites.find((s) => s.site_id === 'current')!.figures).toEqual(res.body.data.sites.find((s) => s.site_id === 'current')!.figures)
    } finally {
      g.close()
    }
  }, 60_000)

  test('a snapshot that does not match its manifest is not used', async () => {
    const prefix = 'corrupt'
    const key = (await publishSite(s3.client, { prefix, siteId: 'bad', siteName: 'Bad', db: sites[0].env.deps.db, at: NOW })).snapshot_key
    await s3.client.write(key, Bun.gzipSync(new TextEncoder().encode('not a database')))
    const g = await makeGroup(s3Bucket({ ...env(), prefix: `${prefix}/` }))
    try {
      const res = await g.call('/api/group/summary', await g.tokenOf(MANAGER))
      const bad = res.body.data.sites.find((s) => s.site_id === 'bad')!
      expect(bad.figures).toBeNull()
      expect(bad.error).toMatch(/SHA-256/)
    } finally {
      g.close()
    }
  }, 60_000)
})
