import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ACCESS } from '../contract/access'
import { MANAGER } from '../contract/roles'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from './harness'

// No password hash, SMTP password or JWT secret may reach any response or any log line.

const JWT_SECRET = 'jwt-secret-that-must-never-leak-4821'
const SMTP_PASSWORD = 'smtp-password-that-must-never-leak-9173'

let env: TestEnv
let token: string
const seen: string[] = []

beforeAll(async () => {
  env = await makeTestEnv({ secret: JWT_SECRET })
  token = (await env.userOf(MANAGER, { email: 'owner@test.local' })).token
  const put = await env.call('PUT', '/api/manager/settings', { token, body: { smtp_host: '127.0.0.1', smtp_port: 1, smtp_user: 'rims', smtp_password: SMTP_PASSWORD } })
  seen.push(JSON.stringify(put.body))
  // A failed mail send (nothing listens on port 1) must not log the password either.
  seen.push(JSON.stringify((await env.call('POST', '/api/password-reset/forgot-password', { body: { email: 'owner@test.local' } })).body))
  seen.push(JSON.stringify((await env.call('POST', '/api/auth/login', { body: { email: 'owner@test.local', password: TEST_PASSWORD } })).body))
  seen.push(JSON.stringify((await env.call('POST', '/api/auth/login', { body: { email: 'owner@test.local', password: 'wrong-password' } })).body))
  for (const key of Object.keys(ACCESS)) {
    const [method, pattern] = key.split(' ')
    if (method !== 'GET' || !pattern.startsWith('/api') || pattern.includes('/backup/')) continue
    const res = await env.call('GET', pattern.replace(/:[a-z_]+/gi, '1'), { token })
    seen.push(typeof res.body === 'string' ? res.body : JSON.stringify(res.body))
  }
  await Bun.sleep(200) // let a background mail attempt fail and log
})
afterAll(() => env.close())

test('no response carries a password hash, the SMTP password or the JWT secret', () => {
  const all = seen.join('\n')
  expect(all).not.toContain('$argon2')
  expect(all).not.toContain('password_hash')
  expect(all).not.toContain(SMTP_PASSWORD)
  expect(all).not.toContain(JWT_SECRET)
  expect(all).toContain('"smtp_password_set":true')
})

test('no log line carries them either', () => {
  const log = env.logLines.join('\n')
  expect(log).not.toContain('$argon2')
  expect(log).not.toContain(SMTP_PASSWORD)
  expect(log).not.toContain(JWT_SECRET)
  expect(log).not.toContain(TEST_PASSWORD)
})

test('the audit log records which settings changed, never the SMTP password', () => {
  const rows = env.deps.db.query("SELECT details FROM audit_log WHERE entity = 'settings'").all() as { details: string }[]
  expect(rows.length).toBeGreaterThan(0)
  for (const r of rows) expect(r.details).not.toContain(SMTP_PASSWORD)
})
