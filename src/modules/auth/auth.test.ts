import { Database } from 'bun:sqlite'
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { MSG } from '../../contract/messages'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'

let env: TestEnv
beforeEach(async () => (env = await makeTestEnv()))
afterEach(() => env.close())

describe('login', () => {
  test('returns the user and a token in the envelope', async () => {
    const m = await env.userOf('Manager', { email: 'boss@test.local', name: 'Boss' })
    const res = await env.call('POST', '/api/auth/login', { body: { email: 'BOSS@test.local', password: TEST_PASSWORD } })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.data.user).toMatchObject({ id: m.id, name: 'Boss', email: 'boss@test.local', role_name: 'Manager', is_active: true })
    expect(res.body.data.user.password_hash).toBeUndefined()
    expect(typeof res.body.data.token).toBe('string')
  })

  test('a wrong password and an unknown email get the same answer', async () => {
    await env.userOf('Chef', { email: 'chef@test.local' })
    const wrong = await env.call('POST', '/api/auth/login', { body: { email: 'chef@test.local', password: 'nope-nope-nope' } })
    const unknown = await env.call('POST', '/api/auth/login', { body: { email: 'ghost@test.local', password: 'nope-nope-nope' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body.message).toBe(MSG.invalidCredentials)
    expect(unknown.body.message).toBe(MSG.invalidCredentials)
  })

  test('missing fields name the field', async () => {
    const res = await env.call('POST', '/api/auth/login', { body: { email: 'a@b.c' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('password is required')
  })

  test('five failures lock the email for 15 minutes, even with the right password', async () => {
    let now = Date.parse('2026-11-23T08:00:00Z')
    env.close()
    env = await makeTestEnv({ clock: () => new Date(now) })
    await env.userOf('Storekeeper', { email: 'store@test.local' })
    for (let i = 0; i < 4; i++) {
      expect((await env.call('POST', '/api/auth/login', { body: { email: 'store@test.local', password: 'bad-password' } })).status).toBe(401)
    }
    const fifth = await env.call('POST', '/api/auth/login', { body: { email: 'store@test.local', password: 'bad-password' } })
    expect(fifth.status).toBe(429)
    expect(fifth.body.message).toBe(MSG.accountLocked)
    const right = await env.call('POST', '/api/auth/login', { body: { email: 'store@test.local', password: TEST_PASSWORD } })
    expect(right.status).toBe(429)
    now += 15 * 60_000 + 1000
    expect((await env.call('POST', '/api/auth/login', { body: { email: 'store@test.local', password: TEST_PASSWORD } })).status).toBe(200)
  })
})

describe('tokens', () => {
  test('no token, a garbage token and a tampered token are 401', async () => {
    const c = await env.userOf('Chef')
    expect((await env.call('GET', '/api/auth/profile')).status).toBe(401)
    expect((await env.call('GET', '/api/auth/profile', { token: 'abc.def.ghi' })).status).toBe(401)
    const [h, p, s] = c.token.split('.')
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'Manager' })).toString('base64url')
    expect((await env.call('GET', '/api/auth/profile', { token: `${h}.${forged}.${s}` })).status).toBe(401)
  })

  test('alg none is refused', async () => {
    const c = await env.userOf('Manager')
    const payload = c.token.split('.')[1]
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect((await env.call('GET', '/api/auth/profile', { token: `${none}.${payload}.` })).status).toBe(401)
  })

  test('changing the password ends the old token and the answer carries a fresh one', async () => {
    const c = await env.userOf('Chef')
    const res = await env.call('PATCH', '/api/auth/profile/password', { token: c.token, body: { currentPassword: TEST_PASSWORD, newPassword: 'another-pass-1' } })
    expect(res.status).toBe(200)
    expect((await env.call('GET', '/api/auth/profile', { token: c.token })).status).toBe(401)
    expect((await env.call('GET', '/api/auth/profile', { token: res.body.data.token })).status).toBe(200)
  })
})

describe('the signed-in user, remembered between requests', () => {
  test('a change by this server shows at the next request: a new name, then a deactivation ends the session', async () => {
    const manager = await env.userOf('Manager')
    const cook = await env.userOf('Chef', { name: 'Cook One' })
    expect((await env.call('GET', '/api/auth/profile', { token: cook.token })).body.data.name).toBe('Cook One')
    const edit = { name: 'Cook Two', email: cook.email, role_id: (await env.call('GET', '/api/auth/profile', { token: cook.token })).body.data.role_id }
    expect((await env.call('PUT', `/api/manager/users/${cook.id}`, { token: manager.token, body: edit })).status).toBe(200)
    expect((await env.call('GET', '/api/auth/profile', { token: cook.token })).body.data.name).toBe('Cook Two')
    expect((await env.call('PATCH', `/api/manager/users/${cook.id}/status`, { token: manager.token, body: { is_active: false } })).status).toBe(200)
    expect((await env.call('GET', '/api/auth/profile', { token: cook.token })).status).toBe(401)
  })

  test('a change by another process (rims create-manager on the same file) shows at the next request', async () => {
    const cook = await env.userOf('Chef', { name: 'Cook One' })
    expect((await env.call('GET', '/api/items', { token: cook.token })).status).toBe(200)
    const other = new Database(join(env.dir, 'rims.db'))
    other.query('UPDATE users SET name = $name WHERE id = $id').run({ name: 'Renamed Elsewhere', id: cook.id })
    expect((await env.call('GET', '/api/auth/profile', { token: cook.token })).body.data.name).toBe('Renamed Elsewhere')
    other.query('UPDATE users SET token_version = token_version + 1 WHERE id = $id').run({ id: cook.id })
    other.close()
    const res = await env.call('GET', '/api/items', { token: cook.token })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe(MSG.sessionEnded)
  })

  test('the remembered user is never older than the database: a role or active flag changed elsewhere decides the next request', async () => {
    const boss = await env.userOf('Manager')
    expect((await env.call('GET', '/api/manager/users', { token: boss.token })).status).toBe(200)
    const other = new Database(join(env.dir, 'rims.db'))
    // The role alone, token version untouched: the access check must read the new role, not the remembered one.
    other.query("UPDATE users SET role_id = (SELECT id FROM roles WHERE role_name = 'Chef') WHERE id = $id").run({ id: boss.id })
    expect((await env.call('GET', '/api/manager/users', { token: boss.token })).status).toBe(403)
    expect((await env.call('GET', '/api/auth/profile', { token: boss.token })).body.data.role_name).toBe('Chef')
    other.query('UPDATE users SET is_active = 0 WHERE id = $id').run({ id: boss.id })
    other.close()
    expect((await env.call('GET', '/api/auth/profile', { token: boss.token })).status).toBe(401)
  })
})

describe('profile', () => {
  test('reads and updates name and email', async () => {
    const c = await env.userOf('Chef', { email: 'c1@test.local' })
    const res = await env.call('PUT', '/api/auth/profile', { token: c.token, body: { name: 'Chanda', email: 'chanda@test.local', currentPassword: TEST_PASSWORD } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(MSG.profileUpdated)
    const me = await env.call('GET', '/api/auth/profile', { token: c.token })
    expect(me.body.data).toMatchObject({ name: 'Chanda', email: 'chanda@test.local', role_name: 'Chef' })
  })

  test('password change needs the current password and 8 characters', async () => {
    const c = await env.userOf('Chef')
    const missing = await env.call('PATCH', '/api/auth/profile/password', { token: c.token, body: { newPassword: 'long-enough-1' } })
    expect(missing.body.message).toBe(MSG.currentPasswordRequired)
    const short = await env.call('PATCH', '/api/auth/profile/password', { token: c.token, body: { currentPassword: TEST_PASSWORD, newPassword: 'short' } })
    expect(short.body.message).toBe(MSG.profilePasswordTooShort)
    const wrong = await env.call('PATCH', '/api/auth/profile/password', { token: c.token, body: { currentPassword: 'wrong-one-1', newPassword: 'long-enough-1' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe(MSG.currentPasswordWrong)
  })
})

describe('http core', () => {
  test('unknown API paths answer JSON 404; malformed JSON is a 400', async () => {
    const res = await env.call('GET', '/api/nope')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ success: false, data: null, message: 'Route not found' })
    const bad = await env.call('POST', '/api/auth/login', { body: '{"email":' })
    expect(bad.status).toBe(400)
    expect(bad.body.success).toBe(false)
  })

  test('other GETs serve the SPA with security headers', async () => {
    const res = await env.call('GET', '/stock')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('content-security-policy')).not.toContain("script-src 'self' 'unsafe-inline'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  test('a body over 1 MiB is refused', async () => {
    const body = JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10), password: 'p' })
    const res = await env.call('POST', '/api/auth/login', { body, headers: { 'content-length': String(body.length) } })
    expect(res.status).toBe(413)
  })
})
