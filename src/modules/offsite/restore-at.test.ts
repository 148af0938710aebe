import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeTestEnv } from '../../test/harness'
import { startS3, type TestS3 } from '../../test/s3-server'
import { ROOT } from '../../test/server'
import { stockBuilders } from '../stock/builders'

let s3: TestS3
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.stop())

const MIN = 60_000

/** `rims restore --from-s3` as an owner types it, in its own process. */
async function rims(args: string[], env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdout: 'pipe', stderr: 'pipe' })
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code: await proc.exited, out, err }
}

test('rims restore --from-s3 --at: the newest snapshot at or before the time, the ledger rows up to it; a time before any snapshot is refused', async () => {
  const t0 = new Date('2026-11-20T10:00:00Z')
  let now = t0
  const env = await makeTestEnv({ env: {}, clock: () => now })
  const manager = await env.userOf('Manager')
  const stock = stockBuilders(env, manager.token)
  const item = await stock.makeItem({ quantity: 100 })
  await env.call('PUT', '/api/manager/settings/offsite', {
    token: manager.token,
    body: { endpoint: s3.endpoint, bucket: s3.bucket, prefix: 'rims', access_key_id: 'S3RVER', secret_access_key: 'S3RVER', site_id: 'at-site' },
  })
  expect((await env.deps.offsite.run({ snapshot: true })).kind).toBe('snapshot')
  now = new Date(t0.getTime() + 30 * MIN)
  await stock.move(item.id, 'OUT', 1)
  now = new Date(t0.getTime() + 90 * MIN)
  await stock.move(item.id, 'OUT', 2)
  now = new Date(t0.getTime() + 91 * MIN)
  expect((await env.deps.offsite.run()).kind).toBe('ledger')

  const data = mkdtempSync(join(tmpdir(), 'rims-restore-at-'))
  const at = new Date(t0.getTime() + 60 * MIN).toISOString()
  const done = await rims(['restore', '--from-s3', '--data', data, '--site', 'at-site', '--at', at], s3.env)
  expect(done.err).toBe('')
  expect(done.code).toBe(0)
  expect(done.out).toContain('Replayed 1 ledger rows')
  expect(done.out).toContain('rims doctor: every check ok.')
  expect(statSync(join(data, 'rims.db')).mode & 0o777).toBe(0o600)
  const db = new Database(join(data, 'rims.db'), { readonly: true })
  expect((db.query('SELECT current_quantity AS q FROM items WHERE id = ?').get(item.id) as { q: number }).q).toBe(9900)
  db.close()

  // Into a data dir that already holds a database: refused, nothing changed.
  const again = await rims(['restore', '--from-s3', '--data', data, '--site', 'at-site'], s3.env)
  expect(again.code).toBe(1)
  expect(again.err).toContain('already exists')

  const empty = mkdtempSync(join(tmpdir(), 'rims-restore-at-'))
  const before = await rims(['restore', '--from-s3', '--data', empty, '--at', '2026-11-19T00:00:00Z'], s3.env)
  expect(before.code).toBe(1)
  expect(before.err.trim()).toBe('Restore failed: Site at-site has no snapshot at or before 2026-11-19T00:00:00.000Z.')
  const noEnv = await rims(['restore', '--from-s3', '--data', empty], {})
  expect(noEnv.code).toBe(2)
  expect(noEnv.err).toContain('Set RIMS_S3_ENDPOINT')
  for (const d of [data, empty]) rmSync(d, { recursive: true, force: true })
  env.close()
}, 60_000)
