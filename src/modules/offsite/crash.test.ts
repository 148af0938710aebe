import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { ROOT } from '../../test/server'
import { makeTestEnv } from '../../test/harness'
import { startS3, type TestS3 } from '../../test/s3-server'
import { inspectDatabaseFile } from '../backups'
import { clientOf, listKeys, listSnapshots, readManifest, readSite, resolveTarget } from '.'

let s3: TestS3
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.stop())

test('kill -9 during a snapshot upload: nothing half-made is named, and the next run publishes a whole newest snapshot', async () => {
  const env = await makeTestEnv({ env: {} })
  const manager = await env.userOf('Manager')
  await env.call('PUT', '/api/manager/settings/offsite', {
    token: manager.token,
    body: { endpoint: s3.endpoint, bucket: s3.bucket, prefix: 'rims', access_key_id: 'S3RVER', secret_access_key: 'S3RVER', site_id: 'crash-site' },
  })
  // Incompressible ballast makes the upload long enough to be cut in the middle.
  env.deps.db.exec('CREATE TABLE ballast (b BLOB)')
  const insert = env.deps.db.query('INSERT INTO ballast (b) VALUES (?)')
  for (let i = 0; i < 24; i++) insert.run(crypto.getRandomValues(new Uint8Array(1024 * 1024)))
  env.deps.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')

  const child = Bun.spawn([process.execPath, join(ROOT, 'src/test/offsite-publisher.ts'), env.dir], { stdout: 'pipe', stderr: 'pipe' })
  const reader = child.stdout.getReader()
  let seen = ''
  while (!seen.includes('UPLOADING')) {
    const { value, done } = await reader.read()
    if (done) break
    seen += new TextDecoder().decode(value)
  }
  expect(seen).toContain('UPLOADING')
  await Bun.sleep(150)
  child.kill('SIGKILL')
  await child.exited
  expect(child.signalCode).toBe('SIGKILL')

  const target = resolveTarget(env.deps.settings.get(), env.dir, {})
  const client = clientOf(target)
  // The cut run named nothing: no whole snapshot, no site record.
  expect(await listSnapshots(client, target.prefix, 'crash-site', 1)).toEqual([])
  expect(await readSite(client, target.prefix, 'crash-site')).toBeNull()

  const next = await env.deps.offsite.run()
  expect(next.kind).toBe('snapshot')
  const snaps = await listSnapshots(client, target.prefix, 'crash-site', 1)
  expect(snaps).toHaveLength(1)
  const record = (await readSite(client, target.prefix, 'crash-site'))!
  expect(record.snapshot_key).toBe(snaps[0].key)
  const manifest = (await readManifest(client, record.manifest_key))!
  const gz = Buffer.from(await client.file(record.snapshot_key).arrayBuffer())
  expect(gz.length).toBe(manifest.bytes)
  expect(createHash('sha256').update(gz).digest('hex')).toBe(manifest.sha256)
  const dir = mkdtempSync(join(tmpdir(), 'rims-crash-check-'))
  writeFileSync(join(dir, 'copy.db'), gunzipSync(gz))
  expect(inspectDatabaseFile(join(dir, 'copy.db')).ok).toBe(true)
  const copy = new Database(join(dir, 'copy.db'), { readonly: true })
  expect((copy.query('SELECT COUNT(*) AS n FROM ballast').get() as { n: number }).n).toBe(24)
  copy.close()
  // The cut run's temporary upload was cleared by the next one.
  expect((await listKeys(client, `${target.prefix}sites/crash-site/`)).filter((k) => k.includes('.tmp-'))).toEqual([])
  rmSync(dir, { recursive: true, force: true })
  env.close()
}, 90_000)
