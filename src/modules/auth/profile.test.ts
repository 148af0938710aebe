import { afterEach, beforeEach, expect, test } from 'bun:test'
import { MSG } from '../../contract/messages'
import type { Mail } from '../../lib/mailer'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'

let env: TestEnv
const sent: Mail[] = []
beforeEach(async () => {
  sent.length = 0
  env = await makeTestEnv({ mailer: { send: async (m) => (sent.push(m), true) } })
})
afterEach(() => env.close())

const put = (token: string, body: object) => env.call('PUT', '/api/auth/profile', { token, body })
const profile = async (token: string) => (await env.call('GET', '/api/auth/profile', { token })).body.data

test('changing one’s email needs the current password; the old address gets a notice; the audit keeps old and new', async () => {
  const c = await env.userOf('Chef', { email: 'old@test.local', name: 'Chanda' })
  const without = await put(c.token, { name: 'Chanda', email: 'new@test.local' })
  expect(without.status).toBe(400)
  expect(without.body.message).toBe('Enter your current password to change your email')
  const wrong = await put(c.token, { name: 'Chanda', email: 'new@test.local', currentPassword: 'not-my-password' })
  expect(wrong.status).toBe(400)
  expect(wrong.body.message).toBe(MSG.currentPasswordWrong)
  expect((await profile(c.token)).email).toBe('old@test.local')

  const done = await put(c.token, { name: 'Chanda', email: 'new@test.local', currentPassword: TEST_PASSWORD })
  expect(done.status).toBe(200)
  expect(done.body.data.email).toBe('new@test.local')
  const deadline = Date.now() + 2000
  while (sent.length === 0 && Date.now() < deadline) await Bun.sleep(5)
  expect(sent).toHaveLength(1)
  expect(sent[0].to).toBe('old@test.local')
  expect(sent[0].text).toContain('new@test.local')
  const audit = env.deps.db.query("SELECT details FROM audit_log WHERE action = 'update-profile' AND entity_id = $id").get({ id: c.id }) as { details: string }
  expect(JSON.parse(audit.details)).toMatchObject({ email: 'new@test.local', previous_email: 'old@test.local' })
})

test('only the name changing needs no password and sends no notice', async () => {
  const c = await env.userOf('Chef', { email: 'c@test.local', name: 'Chanda' })
  const res = await put(c.token, { name: 'Chanda Mwale', email: 'c@test.local' })
  expect(res.status).toBe(200)
  expect(res.body.data.name).toBe('Chanda Mwale')
  await Bun.sleep(20)
  expect(sent).toHaveLength(0)
})

test('a wrong current password saves nothing: name, email and password stay as they were', async () => {
  const c = await env.userOf('Chef', { email: 'c@test.local', name: 'Chanda' })
  const res = await put(c.token, { name: 'Renamed', email: 'c@test.local', currentPassword: 'wrong-password-1', newPassword: 'brand-new-pass-1' })
  expect(res.status).toBe(400)
  expect(res.body.message).toBe(MSG.currentPasswordWrong)
  expect((await profile(c.token)).name).toBe('Chanda')
  expect((await env.call('POST', '/api/auth/login', { body: { email: 'c@test.local', password: TEST_PASSWORD } })).status).toBe(200)
})

test('name, email and password are saved together, with a fresh token in the answer', async () => {
  const c = await env.userOf('Chef', { email: 'c@test.local', name: 'Chanda' })
  const res = await put(c.token, { name: 'Renamed', email: 'c2@test.local', currentPassword: TEST_PASSWORD, newPassword: 'brand-new-pass-1' })
  expect(res.status).toBe(200)
  expect(res.body.data).toMatchObject({ name: 'Renamed', email: 'c2@test.local' })
  expect(typeof res.body.data.token).toBe('string')
  expect((await env.call('GET', '/api/auth/profile', { token: c.token })).status).toBe(401)
  expect((await profile(res.body.data.token)).name).toBe('Renamed')
  expect((await env.call('POST', '/api/auth/login', { body: { email: 'c2@test.local', password: 'brand-new-pass-1' } })).status).toBe(200)
})

test('names are NFC-normalised; control, bidi-override and zero-width characters are refused', async () => {
  const m = await env.userOf('Manager')
  const create = (name: string) => env.call('POST', '/api/manager/users', { token: m.token, body: { name, email: `u${Math.random()}@test.local`, password: TEST_PASSWORD, role_id: 3 } })
  const decomposed = 'Jose\u0301 Banda'
  const made = await create(decomposed)
  expect(made.status).toBe(200)
  expect(made.body.data.name).toBe('José Banda'.normalize('NFC'))
  for (const bad of ['Evil\u202Egnp.exe', 'Zero\u200Bwidth', 'Bell\u0007', 'Line\nbreak', 'Iso\u2066late']) {
    const res = await create(bad)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('name must not contain control, invisible or text-direction characters')
  }
  expect((await put(m.token, { name: 'Boss\u202E', email: m.email })).body.message).toBe('name must not contain control, invisible or text-direction characters')
  const rest = await env.call('PUT', '/api/manager/settings', { token: m.token, body: { restaurant_name: 'Chez\u200D Lusaka' } })
  expect(rest.status).toBe(400)
  expect(rest.body.message).toBe('restaurant_name must not contain control, invisible or text-direction characters')
})
