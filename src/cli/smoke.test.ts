import { afterAll, beforeAll, expect, test } from 'bun:test'
import { copyFileSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureExecutable, startServer, type RunningServer } from '../test/server'
import { DEMO_PASSWORD } from './demo'

let server: RunningServer

beforeAll(async () => {
  // The executable alone, copied to an empty folder: nothing beside it but its data dir.
  const dir = mkdtempSync(join(tmpdir(), 'rims-exe-'))
  const exe = join(dir, 'rims')
  copyFileSync(await ensureExecutable(), exe)
  Bun.spawnSync(['chmod', '+x', exe])
  server = await startServer({ command: [exe], dataDir: join(dir, 'data'), args: ['--demo'] })
}, 120_000)
afterAll(() => server?.stop())

test('the compiled executable signs in, serves the SPA on client routes and JSON 404s', async () => {
  const login = await fetch(server.url + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@rims.local', password: DEMO_PASSWORD }),
  })
  expect(login.status).toBe(200)
  const { data } = (await login.json()) as { data: { token: string; user: { role_name: string } } }
  expect(data.user.role_name).toBe('Manager')

  const profile = await fetch(server.url + '/api/auth/profile', { headers: { authorization: `Bearer ${data.token}` } })
  expect(profile.status).toBe(200)

  for (const path of ['/', '/stock']) {
    const res = await fetch(server.url + path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('<div id="root">')
  }
  // The backup snapshot runs in a worker: its file must be inside the executable too.
  const backup = await fetch(server.url + '/api/manager/settings/backup', { method: 'POST', headers: { authorization: `Bearer ${data.token}` } })
  expect(backup.status).toBe(200)
  expect(((await backup.json()) as { data: { integrity_ok: boolean } }).data.integrity_ok).toBe(true)

  const missing = await fetch(server.url + '/api/nope')
  expect(missing.status).toBe(404)
  expect(await missing.json()).toEqual({ success: false, data: null, message: 'Route not found' })
})

test('the data dir holds the database and a private JWT key', () => {
  expect(statSync(join(server.dataDir, 'rims.db')).size).toBeGreaterThan(0)
  expect(statSync(join(server.dataDir, 'secret.key')).mode & 0o777).toBe(0o600)
})

test('a body over 1 MiB is refused over real HTTP', async () => {
  const res = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) })
  expect(res.status).toBe(413)
})
