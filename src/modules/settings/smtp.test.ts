import { afterEach, beforeEach, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'

let env: TestEnv
let token: string
beforeEach(async () => {
  env = await makeTestEnv()
  token = (await env.userOf('Manager')).token
})
afterEach(() => env.close())

const put = (body: object) => env.call('PUT', '/api/manager/settings', { token, body })
const passwordSet = async () => (await env.call('GET', '/api/manager/settings', { token })).body.data.smtp_password_set

test('changing the SMTP host, port or user clears the stored password; it must be entered again', async () => {
  expect((await put({ smtp_host: 'mail.lan', smtp_port: 587, smtp_user: 'rims', smtp_password: 'relay-secret-1' })).status).toBe(200)
  expect(await passwordSet()).toBe(true)
  for (const change of [{ smtp_host: 'evil.example' }, { smtp_port: 2525 }, { smtp_user: 'someone-else' }]) {
    await put({ smtp_host: 'mail.lan', smtp_port: 587, smtp_user: 'rims', smtp_password: 'relay-secret-1' })
    expect(await passwordSet()).toBe(true)
    const res = await put(change)
    expect(res.status).toBe(200)
    expect(res.body.data.smtp_password_set).toBe(false)
    expect(env.deps.settings.get().smtp_password).toBe('')
  }
  // With the password typed again in the same save, it is kept.
  await put({ smtp_host: 'mail2.lan', smtp_password: 'relay-secret-2' })
  expect(env.deps.settings.get().smtp_password).toBe('relay-secret-2')
  // Other changes leave it alone.
  await put({ smtp_from: 'RIMS <rims@lan>', restaurant_name: 'Chez Lusaka' })
  expect(await passwordSet()).toBe(true)
})

test('smtp_ca takes PEM certificate text and nothing else', async () => {
  expect((await put({ smtp_ca: 'not a certificate' })).status).toBe(400)
  const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'
  expect((await put({ smtp_ca: pem })).status).toBe(200)
  expect(env.deps.settings.get().smtp_ca).toBe(pem.trim())
})
