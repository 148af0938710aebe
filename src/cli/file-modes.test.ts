import { afterAll, beforeAll, expect, test } from 'bun:test'
import { chmodSync, existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureExecutable, startServer, type RunningServer } from '../test/server'
import { DEMO_PASSWORD } from './demo'

// The data dir holds argon2 hashes, the JWT key and the SMTP password: no other local user may read it.

const mode = (path: string) => statSync(path).mode & 0o777
let exe: string
let server: RunningServer
let dataDir: string

beforeAll(async () => {
  exe = await ensureExecutable()
  dataDir = join(mkdtempSync(join(tmpdir(), 'rims-modes-')), 'data')
  server = await startServer({ command: [exe], dataDir, args: ['--demo'] })
}, 120_000)
afterAll(() => server?.stop())

const run = (...args: string[]) => Bun.spawnSync([exe, ...args], { stdout: 'pipe', stderr: 'pipe' })

test('a fresh data dir is 0700; the database, its -wal and -shm, and secret.key are 0600', () => {
  expect(mode(dataDir)).toBe(0o700)
  expect(mode(join(dataDir, 'backups'))).toBe(0o700)
  for (const f of ['rims.db', 'rims.db-wal', 'rims.db-shm', 'secret.key']) expect({ f, mode: mode(join(dataDir, f)).toString(8) }).toEqual({ f, mode: '600' })
})

test('a backup made through the API, by `rims backup` and the pre-restore copy are 0600', async () => {
  const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@rims.local', password: DEMO_PASSWORD }) })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const made = await fetch(server.url + '/api/manager/settings/backup', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
  const name = ((await made.json()) as { data: { name: string } }).data.name
  expect(mode(join(dataDir, 'backups', name)).toString(8)).toBe('600')
  await server.stop()

  expect(run('backup', '--data', dataDir).exitCode).toBe(0)
  for (const f of readdirSync(join(dataDir, 'backups'))) expect({ f, mode: mode(join(dataDir, 'backups', f)).toString(8) }).toEqual({ f, mode: '600' })
  const out = join(mkdtempSync(join(tmpdir(), 'rims-out-')), 'copy.db')
  expect(run('backup', '--data', dataDir, '--out', out).exitCode).toBe(0)
  expect(mode(out).toString(8)).toBe('600')

  expect(run('restore', join(dataDir, 'backups', name), '--data', dataDir).exitCode).toBe(0)
  const kept = readdirSync(dataDir).filter((f) => f.startsWith('rims.db.pre-restore-'))
  expect(kept.length).toBe(1)
  expect(mode(join(dataDir, kept[0])).toString(8)).toBe('600')
  expect(mode(join(dataDir, 'rims.db')).toString(8)).toBe('600')
}, 60_000)

test('`rims doctor` warns about files other users can read, and they are 0600 again afterwards', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'rims-wide-')), 'data')
  expect(run('backup', '--data', dir).exitCode).toBe(0)
  chmodSync(dir, 0o755)
  chmodSync(join(dir, 'rims.db'), 0o644)
  const backup = readdirSync(join(dir, 'backups'))[0]
  chmodSync(join(dir, 'backups', backup), 0o644)

  const doctor = run('doctor', '--data', dir)
  const out = doctor.stdout.toString()
  expect(out).toContain('rims.db')
  expect(out).toContain(backup)
  expect(out).toMatch(/warn.*(0)?755/i)
  expect(out).toMatch(/warn.*(0)?644/i)
  expect(mode(dir)).toBe(0o700)
  expect(mode(join(dir, 'rims.db'))).toBe(0o600)
  expect(mode(join(dir, 'backups', backup))).toBe(0o600)
  expect(existsSync(join(dir, 'secret.key')) ? mode(join(dir, 'secret.key')) : 0o600).toBe(0o600)
}, 60_000)
