import { expect, test } from 'bun:test'
import { spawnSync } from 'bun'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MANAGER } from '../contract/roles'
import { openAndMigrate } from '../db/open'
import { hashPassword } from '../lib/passwords'
import { insertUser, roleIdByName } from '../modules/users/repo'
import { ensureExecutable, freePort, startServer } from '../test/server'

const health = (exe: string, port: number, httpsPort = 0) => {
  const started = performance.now()
  const run = spawnSync([exe, 'health', '--port', String(port), '--https-port', String(httpsPort)], { env: { ...process.env, RIMS_PORT: '', RIMS_HTTPS_PORT: '' } })
  return { code: run.exitCode, ms: performance.now() - started, out: run.stdout.toString() + run.stderr.toString() }
}

test('rims health exits 0 while the server answers and 1 within a second once it is gone', async () => {
  const exe = await ensureExecutable()
  const server = await startServer({ command: [exe] })
  const port = Number(new URL(server.url).port)
  const up = health(exe, port)
  expect(up.code).toBe(0)
  expect(up.out).toContain('/api/health')
  await server.stop()
  const down = health(exe, port)
  expect(down.code).toBe(1)
  expect(down.out).toContain('not answering')
  // Within its 900 ms limit, over the executable's own start-up (a run against a closed port, measured just after:
  // on a busy box the start-up alone can pass half a second).
  const startUp = health(exe, freePort())
  expect(down.ms - startUp.ms).toBeLessThan(1_000)
}, 60_000)

test('rims health on a port where nothing listens says so and exits 1', async () => {
  const exe = await ensureExecutable()
  const run = health(exe, freePort())
  expect(run.code).toBe(1)
  expect(run.out).toContain('RIMS is not answering at http://127.0.0.1:')
})

test('with "require HTTPS" on, rims health follows the redirect to the HTTPS listener', async () => {
  const exe = await ensureExecutable()
  const dataDir = mkdtempSync(join(tmpdir(), 'rims-health-https-'))
  const db = openAndMigrate(join(dataDir, 'rims.db'))
  const password = 'owner-password-1'
  insertUser(db, { name: 'Owner', email: 'owner@bistro.test', passwordHash: await hashPassword(password), roleId: roleIdByName(db, MANAGER)!, at: new Date().toISOString() })
  db.close()
  const httpsPort = freePort()
  const server = await startServer({ command: [exe], dataDir, env: { RIMS_HTTPS_PORT: String(httpsPort) } })
  try {
    const port = Number(new URL(server.url).port)
    const json = { 'content-type': 'application/json' }
    const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: json, body: JSON.stringify({ email: 'owner@bistro.test', password }) })
    const { token } = ((await login.json()) as { data: { token: string } }).data
    const on = await fetch(server.url + '/api/manager/settings', { method: 'PUT', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ require_https: true }) })
    expect(on.status).toBe(200)
    expect((await fetch(server.url + '/api/health', { redirect: 'manual' })).status).toBe(308)
    const up = health(exe, port, httpsPort)
    expect(up.code).toBe(0)
    expect(up.out).toContain(`https://127.0.0.1:${httpsPort}/api/health`)
  } finally {
    await server.stop()
  }
}, 60_000)
