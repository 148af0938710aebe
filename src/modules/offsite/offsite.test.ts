import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Database } from 'bun:sqlite'
import { gunzipSync } from 'node:zlib'
import { restoreFromS3 } from '../../cli/restore-s3'
import { openAndMigrate } from '../../db/open'
import { createDeps } from '../../deps'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { kitchenBuilders } from '../../test/kitchen-builders'
import { startS3, type TestS3 } from '../../test/s3-server'
import { clientOf, listSnapshots, readManifest, readSite, resolveTarget, SECRET_FILE } from '.'
import { createHash } from 'node:crypto'

let s3: TestS3
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.stop())

const SECRET = 'S3RVER'

/** A site with items, both ledgers, a kitchen, users and settings, its off-site copies pointed at the test server through the form. */
async function site(o: { env?: Record<string, string>; siteId?: string } = {}) {
  const env = await makeTestEnv({ env: o.env ?? {} })
  const k = await kitchenBuilders(env)
  const a = await k.makeItem({ name: 'Maize meal', store: 50, kitchen: 10 })
  const b = await k.makeItem({ name: 'Cooking oil', store: 20 })
  await k.stock.move(a.id, 'OUT', 3.5, 'sold')
  await k.stock.move(b.id, 'IN', 7.25)
  await env.call('PUT', '/api/manager/settings', { token: k.manager.token, body: { restaurant_name: 'Lusaka Main', currency: 'ZMW' } })
  const put = await env.call('PUT', '/api/manager/settings/offsite', {
    token: k.manager.token,
    body: { endpoint: s3.endpoint, region: 'us-east-1', bucket: s3.bucket, prefix: 'rims', access_key_id: 'S3RVER', secret_access_key: SECRET, site_id: o.siteId ?? `site-${crypto.randomUUID().slice(0, 6)}`, keep: 3 },
  })
  expect(put.status).toBe(200)
  return { env, k, a, b }
}

/** Every figure a restore must keep. */
function figures(path: string) {
  const db = new Database(path, { readonly: true })
  const all = (sql: string) => db.query(sql).all()
  try {
    return {
      items: all('SELECT * FROM items ORDER BY id'),
      ledger: all("SELECT item_id, SUM(CASE type WHEN 'OUT' THEN -quantity ELSE quantity END) AS s, COUNT(*) AS n FROM stock_movements GROUP BY item_id ORDER BY item_id"),
      kitchenLedger: all("SELECT item_id, SUM(CASE WHEN movement_type IN ('OUT','WASTE') THEN -quantity ELSE quantity END) AS s, COUNT(*) AS n FROM kitchen_movements GROUP BY item_id ORDER BY item_id"),
      kitchen: all('SELECT item_id, quantity FROM kitchen_stock ORDER BY item_id'),
      totals: all('SELECT * FROM item_totals'),
      costs: all('SELECT * FROM item_cost_history ORDER BY rowid'),
      users: all('SELECT * FROM users ORDER BY id'),
      settings: all('SELECT * FROM settings ORDER BY key'),
    }
  } finally {
    db.close()
  }
}

describe('off-site copies', () => {
  test('publish, more movements hourly, then restore onto an empty data dir: every figure equal; the restored site publishes a new generation', async () => {
    const { env, k, a, b } = await site()
    const first = await env.call('POST', '/api/manager/settings/offsite/run', { token: k.manager.token, body: {} })
    expect(first.status).toBe(200)
    expect(first.body.data.kind).toBe('snapshot')
    expect(first.body.data.status.generation).toBe(1)
    // After the night's snapshot: more rows in both ledgers, published by the hourly run.
    await k.stock.move(a.id, 'OUT', 1.25)
    await k.stock.move(b.id, 'IN', 2)
    await k.transfer(b.id, 4, 'TO_KITCHEN')
    const hourly = await env.deps.offsite.run()
    expect(hourly.kind).toBe('ledger')
    expect(hourly.status.ledger_max_id).toBe((env.deps.db.query('SELECT MAX(id) AS m FROM stock_movements').get() as { m: number }).m)

    const target = resolveTarget(env.deps.settings.get(), env.dir, {})
    const client = clientOf(target)
    const siteId = env.deps.offsite.status().site_id
    const record = (await readSite(client, target.prefix, siteId))!
    expect(record.generation).toBe(1)
    expect(record.ledger_max_id).toBe(hourly.status.ledger_max_id)

    env.deps.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    const before = figures(join(env.dir, 'rims.db'))
    const data = mkdtempSync(join(tmpdir(), 'rims-restored-'))
    const lines: string[] = []
    const restored = await restoreFromS3({ data, site: siteId, env: s3.env, out: (l) => lines.push(l), err: (l) => lines.push(l) })
    expect(lines.join('\n')).not.toContain('Restore failed')
    expect(restored.code).toBe(0)
    expect(restored.summary!.replayed).toBe(4) // OUT, IN, and the transfer's row in each ledger
    const after = figures(join(data, 'rims.db'))
    expect(after).toEqual(before)

    // The restored box publishes generation 2; generation 1 is left as it was.
    const db = openAndMigrate(join(data, 'rims.db'))
    const deps = createDeps({ db, secret: 'x'.repeat(32), serverUrl: 'http://t', env: s3.env })
    const published = await deps.offsite.run()
    expect(published.kind).toBe('snapshot')
    expect(published.status.generation).toBe(2)
    expect(published.status.site_id).toBe(siteId)
    const gen2 = await listSnapshots(client, target.prefix, siteId, 2)
    expect(gen2).toHaveLength(1)
    expect((await listSnapshots(client, target.prefix, siteId, 1)).length).toBe(1)
    expect((await readSite(client, target.prefix, siteId))!.generation).toBe(2)
    db.close()
    env.close()
  }, 60_000)
})
