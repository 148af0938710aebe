import { expect, test } from 'bun:test'
import { makeTestEnv } from '../../test/harness'
import { startS3 } from '../../test/s3-server'
import { clientOf, listLedgerFiles, listSnapshots, readManifest, readSite, resolveTarget } from '.'
import { stockBuilders } from '../stock/builders'

const HOUR = 3_600_000

test('the storage unreachable for a week: retries back off, the overdue alert is raised after 26 h, and one run catches up and resolves it', async () => {
  let now = new Date('2026-11-01T08:00:00Z')
  const env = await makeTestEnv({ env: {}, clock: () => now })
  const manager = await env.userOf('Manager')
  const stock = stockBuilders(env, manager.token)
  const item = await stock.makeItem({ quantity: 100 })
  const port = 5390 + (process.pid % 8)
  await env.call('PUT', '/api/manager/settings/offsite', {
    token: manager.token,
    body: { endpoint: `http://127.0.0.1:${port}`, bucket: 'rims-copies', access_key_id: 'S3RVER', secret_access_key: 'S3RVER', site_id: 'week-site' },
  })
  const offsite = env.deps.offsite
  const overdue = () => env.deps.db.query("SELECT COUNT(*) AS n FROM alerts WHERE type = 'SYSTEM' AND title = 'Off-site copy overdue' AND condition_open = 1").get() as { n: number }
  let attempts = 0
  let overdueAt: number | null = null
  const start = now.getTime()
  // A week of the scheduler's minutes (every 10 minutes here), the storage down throughout; stock keeps moving.
  for (let t = 0; t <= 7 * 24 * 6; t++) {
    now = new Date(start + t * 10 * 60_000)
    if (t % 36 === 0) await stock.move(item.id, 'OUT', 1)
    const before = offsite.status().last_error_at
    await offsite.tick()
    if (offsite.status().last_error_at !== before) attempts++
    if (overdueAt === null && overdue().n === 1) overdueAt = now.getTime() - start
  }
  const status = offsite.status()
  expect(status.last_success_at).toBeNull()
  expect(status.last_error).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+ /)
  // Backoff: 1, 2, 4 … minutes, then hourly: about one attempt an hour, not one a minute.
  expect(attempts).toBeGreaterThan(7 * 24 - 10)
  expect(attempts).toBeLessThan(7 * 24 + 10)
  expect(overdueAt).toBeGreaterThanOrEqual(26 * HOUR)
  expect(overdueAt).toBeLessThanOrEqual(27 * HOUR)

  // The storage is back: the next due tick publishes one snapshot holding the whole week.
  const s3 = await startS3({ port })
  try {
    now = new Date(now.getTime() + HOUR)
    const result = await offsite.tick()
    expect(result?.kind).toBe('snapshot')
    const t = resolveTarget(env.deps.settings.get(), env.dir, {})
    const client = clientOf(t)
    const record = (await readSite(client, t.prefix, 'week-site'))!
    expect(record.last_success_at).toBe(now.toISOString())
    const manifest = (await readManifest(client, record.manifest_key))!
    expect(manifest.ledger_max_id).toBe((env.deps.db.query('SELECT MAX(id) AS m FROM stock_movements').get() as { m: number }).m)
    expect(offsite.status()).toMatchObject({ last_error: null, retry_at: null, generation: 1 })
    expect(overdue().n).toBe(0) // the good copy resolved the overdue alert

    // From then on, hourly ledger files; a day later a new snapshot, and retention keeps `keep` of them.
    await env.call('PUT', '/api/manager/settings/offsite', { token: manager.token, body: { keep: 2 } })
    for (let h = 1; h <= 24 * 3; h++) {
      now = new Date(now.getTime() + HOUR)
      if (h % 5 === 0) await stock.move(item.id, 'IN', 2)
      const r = await offsite.tick()
      expect(r?.kind).toBe(h % 24 === 0 ? 'snapshot' : h % 5 === 0 ? 'ledger' : 'nothing')
    }
    const snaps = await listSnapshots(client, t.prefix, 'week-site', 1)
    expect(snaps).toHaveLength(2)
    const oldest = (await readManifest(client, snaps[0].manifest_key))!
    // Ledger files the kept snapshots do not need are gone; those after the oldest kept one remain.
    const files = await listLedgerFiles(client, t.prefix, 'week-site', 1)
    expect(files.length).toBeGreaterThan(0)
    for (const f of files) expect(f.range.to_id).toBeGreaterThan(oldest.ledger_max_id)
  } finally {
    await s3.stop()
    env.close()
  }
}, 120_000)
