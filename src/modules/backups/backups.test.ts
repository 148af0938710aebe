import { Database } from 'bun:sqlite'
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { restoreCommand } from '../../cli/backup'
import { DEMO_PASSWORD } from '../../cli/demo'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { tablesDigest } from '../../test/digest'
import { startServer } from '../../test/server'
import { inspectDatabaseFile } from './files'

let env: TestEnv
let manager: { token: string }
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
})
afterEach(() => env.close())

describe('backups API', () => {
  test('Back up now makes a checked file that is listed and downloadable', async () => {
    const made = await env.call('POST', '/api/manager/settings/backup', { token: manager.token })
    expect(made.status).toBe(200)
    expect(made.body.data).toMatchObject({ kind: 'manual', integrity_ok: true })
    expect(made.body.data.name).toMatch(/^rims-\d{8}-\d{6}-manual\.db$/)
    expect(made.body.data.size).toBeGreaterThan(0)

    const list = await env.call('GET', '/api/manager/settings/backup', { token: manager.token })
    expect(list.body.data.map((b: { name: string }) => b.name)).toEqual([made.body.data.name])

    const res = await env.app.handle(new Request(`http://localhost/api/manager/settings/backup/${made.body.data.name}`, { headers: { authorization: `Bearer ${manager.token}` } }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${made.body.data.name}"`)
    const copy = join(env.dir, 'downloaded.db')
    writeFileSync(copy, new Uint8Array(await res.arrayBuffer()))
    expect(inspectDatabaseFile(copy)).toMatchObject({ ok: true })
  })

  test('names that are not RIMS backups are refused, so no path escapes the folder', async () => {
    for (const name of ['..%2Frims.db', '..%2F..%2Fetc%2Fpasswd', 'rims.db', 'secret.key', '.tmp-rims-20261123-030000-manual.db']) {
      const res = await env.call('GET', `/api/manager/settings/backup/${name}`, { token: manager.token })
      expect(res.status).toBe(404)
    }
  })

  test('a symlink in backups/ is neither listed nor downloadable, even one named like a backup', async () => {
    const made = await env.call('POST', '/api/manager/settings/backup', { token: manager.token })
    const backups = join(env.dir, 'backups')
    mkdirSync(backups, { recursive: true })
    // Out of the folder (the live database, holding every hash) and inside it (another backup).
    symlinkSync(join(env.dir, 'rims.db'), join(backups, 'rims-20200101-000000-manual.db'))
    symlinkSync(join(backups, made.body.data.name), join(backups, 'rims-20200101-000001-scheduled.db'))
    mkdirSync(join(backups, 'rims-20200101-000002-manual.db'))

    const list = await env.call('GET', '/api/manager/settings/backup', { token: manager.token })
    expect(list.body.data.map((b: { name: string }) => b.name)).toEqual([made.body.data.name])
    for (const name of ['rims-20200101-000000-manual.db', 'rims-20200101-000001-scheduled.db', 'rims-20200101-000002-manual.db']) {
      const res = await env.call('GET', `/api/manager/settings/backup/${name}`, { token: manager.token })
      expect({ name, status: res.status }).toEqual({ name, status: 404 })
    }
  })

  test('retention keeps the newest backups up to the setting', async () => {
    await env.call('PUT', '/api/manager/settings', { token: manager.token, body: { backup_keep: 2 } })
    const names: string[] = []
    for (let i = 0; i < 3; i++) names.push((await env.call('POST', '/api/manager/settings/backup', { token: manager.token })).body.data.name)
    const list = await env.call('GET', '/api/manager/settings/backup', { token: manager.token })
    expect(list.body.data.map((b: { name: string }) => b.name).sort()).toEqual(names.slice(1).sort())
  })

  test('an invalid schedule is refused and changes nothing', async () => {
    const res = await env.call('PUT', '/api/manager/settings', { token: manager.token, body: { backup_cron: '99 3 * * *', backup_keep: 5 } })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('backup_cron')
    const after = await env.call('GET', '/api/manager/settings', { token: manager.token })
    expect(after.body.data).toMatchObject({ backup_cron: '0 3 * * *', backup_keep: 14 })
  })
})

describe('backup under load and restore', () => {
  test('a backup taken while 10 writers write holds every write acknowledged before it began, and restores exactly', async () => {
    const server = await startServer({ args: ['--demo'] })
    try {
      const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@rims.local', password: DEMO_PASSWORD }) })
      const { token } = ((await login.json()) as { data: { token: string } }).data
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const acknowledged: { name: string; at: number }[] = []
      let writing = true
      const writer = async (w: number) => {
        for (let n = 0; writing; n++) {
          const name = `Writer ${w} edit ${n}`
          const res = await fetch(server.url + '/api/auth/profile', { method: 'PUT', headers, body: JSON.stringify({ name, email: 'manager@rims.local' }) })
          if (res.ok) acknowledged.push({ name, at: performance.now() })
        }
      }
      const writers = Array.from({ length: 10 }, (_, w) => writer(w))
      const acknowledgedAtLeast = async (n: number) => {
        while (acknowledged.length < n) await Bun.sleep(10)
      }
      await acknowledgedAtLeast(20)
      const began = performance.now()
      const backup = await fetch(server.url + '/api/manager/settings/backup', { method: 'POST', headers })
      expect(backup.status).toBe(200)
      const { name } = ((await backup.json()) as { data: { name: string } }).data
      await acknowledgedAtLeast(acknowledged.filter((a) => a.at < began).length + 10)
      writing = false
      await Promise.all(writers)

      const file = join(server.dataDir, 'backups', name)
      expect(inspectDatabaseFile(file).ok).toBe(true)
      const snapshot = new Database(file, { readonly: true })
      const inBackup = new Set((snapshot.query("SELECT details FROM audit_log WHERE action = 'update-profile'").all() as { details: string }[]).map((r) => JSON.parse(r.details).name))
      snapshot.close()
      const before = acknowledged.filter((a) => a.at < began)
      expect(before.length).toBeGreaterThanOrEqual(20)
      for (const a of before) expect(inBackup.has(a.name)).toBe(true)
      expect(acknowledged.length).toBeGreaterThan(before.length) // writes went on during and after the backup

      const target = mkdtempSync(join(tmpdir(), 'rims-restore-'))
      expect(restoreCommand({ data: target, file })).toBe(0)
      const restored = new Database(join(target, 'rims.db'), { readonly: true })
      const original = new Database(file, { readonly: true })
      expect(tablesDigest(restored)).toBe(tablesDigest(original))
      restored.close()
      original.close()
    } finally {
      await server.stop()
    }
  }, 30_000)

  test('restore keeps the current database and refuses a damaged file or a running server', async () => {
    const data = mkdtempSync(join(tmpdir(), 'rims-restore-'))
    const made = await env.call('POST', '/api/manager/settings/backup', { token: manager.token })
    const file = join(env.dir, 'backups', made.body.data.name)

    expect(restoreCommand({ data, file, now: new Date('2026-11-23T10:00:00Z') })).toBe(0)
    expect(restoreCommand({ data, file, now: new Date('2026-11-23T11:00:00Z') })).toBe(0)
    expect(readdirSync(data).filter((f) => f.startsWith('rims.db.pre-restore-'))).toEqual(['rims.db.pre-restore-2026-11-23T11-00-00-000Z'])

    const junk = join(env.dir, 'junk.db')
    writeFileSync(junk, 'not a database at all')
    expect(restoreCommand({ data, file: junk })).toBe(1)

    const other = Bun.spawn(['sleep', '10'])
    writeFileSync(join(data, 'rims.pid'), String(other.pid))
    expect(restoreCommand({ data, file })).toBe(1)
    other.kill()
  })
})
