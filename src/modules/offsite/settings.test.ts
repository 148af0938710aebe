import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { systemClock } from '../../lib/clock'
import { makeTestEnv } from '../../test/harness'
import { startS3, type TestS3 } from '../../test/s3-server'
import { clientOf, createOffsiteService, readSite, resolveTarget, SECRET_FILE } from '.'

let s3: TestS3
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3.stop())

const SECRET = 'sEcReT-Q7v9-zx81-offsite'
const form = (o: Record<string, unknown> = {}) => ({
  endpoint: s3.endpoint, region: 'us-east-1', bucket: s3.bucket, prefix: 'rims', access_key_id: 'S3RVER', secret_access_key: SECRET, site_id: 'settings-site', ...o,
})

describe('Settings → Off-site copies', () => {
  test('the secret is kept in a 0600 file and never appears in an API answer, a log line, a backup or a snapshot', async () => {
    const env = await makeTestEnv({ env: {} })
    const manager = await env.userOf('Manager')
    const answers: unknown[] = []
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await env.call(method, path, { token: manager.token, body })
      answers.push(res.body)
      return res
    }
    const saved = await call('PUT', '/api/manager/settings/offsite', form())
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ secret_set: true, configured: true, endpoint: s3.endpoint, from_env: [] })
    expect(statSync(join(env.dir, SECRET_FILE)).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(env.dir, SECRET_FILE), 'utf8')).toBe(SECRET)
    await call('GET', '/api/manager/settings/offsite')
    await call('GET', '/api/manager/settings')
    expect((await call('POST', '/api/manager/settings/offsite/test', {})).body.data).toEqual({ ok: true, failed_step: null, message: 'The storage accepted a write, a read and a delete.' })
    expect((await call('POST', '/api/manager/settings/offsite/run', {})).status).toBe(200)
    await call('GET', '/api/manager/settings/offsite/status')
    expect((await call('POST', '/api/manager/settings/backup', {})).status).toBe(200)

    for (const a of answers) expect(JSON.stringify(a)).not.toContain(SECRET)
    expect(env.logLines.length).toBeGreaterThan(0)
    for (const line of env.logLines) expect(line).not.toContain(SECRET)
    for (const name of readdirSync(join(env.dir, 'backups'))) expect(readFileSync(join(env.dir, 'backups', name)).includes(SECRET)).toBe(false)
    const t = resolveTarget(env.deps.settings.get(), env.dir, {})
    const record = (await readSite(clientOf(t), t.prefix, 'settings-site'))!
    const snapshot = gunzipSync(Buffer.from(await clientOf(t).file(record.snapshot_key).arrayBuffer()))
    expect(snapshot.includes(SECRET)).toBe(false)
    expect(snapshot.includes('S3RVER')).toBe(true) // the access key id is not secret: it is in the settings

    // '' clears it; another PUT without the field keeps it.
    expect((await call('PUT', '/api/manager/settings/offsite', { keep: 5 })).body.data).toMatchObject({ secret_set: true, keep: 5 })
    expect((await call('PUT', '/api/manager/settings/offsite', { secret_access_key: '' })).body.data).toMatchObject({ secret_set: false, configured: false })
    env.close()
  }, 30_000)

  test('only a Manager reaches the off-site endpoints; bad input is refused by name and changes nothing', async () => {
    const env = await makeTestEnv({ env: {} })
    const manager = await env.userOf('Manager')
    for (const role of ['Storekeeper', 'Chef']) {
      const u = await env.userOf(role)
      for (const [method, path] of [['GET', ''], ['PUT', ''], ['POST', '/test'], ['POST', '/run'], ['GET', '/status']]) {
        expect((await env.call(method, `/api/manager/settings/offsite${path}`, { token: u.token, body: method === 'GET' ? undefined : {} })).status).toBe(403)
      }
    }
    expect((await env.call('GET', '/api/manager/settings/offsite/status')).status).toBe(401)
    const bad = await env.call('PUT', '/api/manager/settings/offsite', { token: manager.token, body: { bucket: 'Bad Bucket!', keep: 0 } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('bucket')
    expect((await env.call('PUT', '/api/manager/settings/offsite', { token: manager.token, body: { cron: '99 99 * * *' } })).status).toBe(400)
    expect((await env.call('PUT', '/api/manager/settings/offsite', { token: manager.token, body: { colour: 'red' } })).status).toBe(400)
    expect((await env.call('GET', '/api/manager/settings/offsite', { token: manager.token })).body.data).toMatchObject({ bucket: '', keep: 14, configured: false })
    const run = await env.call('POST', '/api/manager/settings/offsite/run', { token: manager.token, body: {} })
    expect(run.status).toBe(400)
    expect(run.body.message).toContain('not set up')
    env.close()
  })

  test('RIMS_S3_* win over the settings, show as set by the environment, and cannot be changed in the form', async () => {
    const env = await makeTestEnv({ env: { ...s3.env, RIMS_S3_SECRET_ACCESS_KEY: 'env-secret-4f1c' } })
    const manager = await env.userOf('Manager')
    const got = await env.call('GET', '/api/manager/settings/offsite', { token: manager.token })
    expect(got.body.data).toMatchObject({ endpoint: s3.endpoint, bucket: s3.bucket, secret_set: true, configured: true })
    expect(got.body.data.from_env.sort()).toEqual(['access_key_id', 'bucket', 'endpoint', 'prefix', 'region', 'secret_access_key'])
    expect(JSON.stringify(got.body)).not.toContain('env-secret-4f1c')
    const put = await env.call('PUT', '/api/manager/settings/offsite', { token: manager.token, body: { bucket: 'other' } })
    expect(put.status).toBe(409)
    expect(put.body.message).toBe('bucket is set by the environment and cannot be changed here.')
    expect((await env.call('PUT', '/api/manager/settings/offsite', { token: manager.token, body: { site_name: 'Kitwe', keep: 2 } })).status).toBe(200)
    env.close()
  })

  test('wrong credentials, a missing bucket and a full disk each get a one-line reason (test connection names the step)', async () => {
    const env = await makeTestEnv({ env: {} })
    const manager = await env.userOf('Manager')
    const put = (o: Record<string, unknown>) => env.call('PUT', '/api/manager/settings/offsite', { token: manager.token, body: form(o) })
    const test = async () => (await env.call('POST', '/api/manager/settings/offsite/test', { token: manager.token, body: {} })).body.data
    const run = async () => (await env.call('POST', '/api/manager/settings/offsite/run', { token: manager.token, body: {} })).body

    await put({ access_key_id: 'NOT-A-KEY' })
    expect(await test()).toEqual({ ok: false, failed_step: 'write', message: 'The write step failed. Wrong credentials: the storage refused the access key or secret (InvalidAccessKeyId).' })
    const creds = await run()
    expect(creds.message).toBe('Wrong credentials: the storage refused the access key or secret (InvalidAccessKeyId).')
    expect((await env.call('GET', '/api/manager/settings/offsite/status', { token: manager.token })).body.data.last_error).toBe(creds.message)

    await put({ bucket: 'no-such-bucket' })
    expect((await test()).message).toBe(`The write step failed. The bucket "no-such-bucket" does not exist at ${s3.endpoint}: create it or correct the bucket name.`)
    expect((await run()).message).toBe(`The bucket "no-such-bucket" does not exist at ${s3.endpoint}: create it or correct the bucket name.`)

    await put({ endpoint: 'http://127.0.0.1:5399' })
    expect((await run()).message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:5399 \(\w+\): check the address and this box’s internet connection\.$/)

    // A full disk: the snapshot's temporary file cannot be written (/dev/full answers ENOSPC as a full disk does).
    await put({})
    const full = createOffsiteService({
      db: env.deps.db, clock: systemClock, logger: env.deps.logger, settings: env.deps.settings, dataDir: env.dir, env: {},
      snapshot: async () => (writeFileSync('/dev/full', 'x'.repeat(4096)), undefined),
    })
    const failed = await full.run({ snapshot: true }).catch((e: Error) => e.message)
    expect(failed).toBe('Not enough free disk space on this box for the snapshot’s temporary file: free some space (old backups, logs) and try again.')
    for (const reason of [creds.message, failed, full.status().last_error!]) expect(reason).not.toContain('\n')
    expect(env.logLines.some((l) => l.includes(`Off-site copy failed: ${failed}`))).toBe(true)
    env.close()
  })
})
