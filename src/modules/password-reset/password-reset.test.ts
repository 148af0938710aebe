import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { MSG } from '../../contract/messages'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'

let now = Date.parse('2026-11-23T08:00:00Z')
let env: TestEnv
beforeEach(async () => {
  now = Date.parse('2026-11-23T08:00:00Z')
  env = await makeTestEnv({ clock: () => new Date(now) })
})
afterEach(() => env.close())

const forgot = (email: string, headers?: Record<string, string>) => env.call('POST', '/api/password-reset/forgot-password', { body: { email }, headers })
const validate = (token: string) => env.call('GET', `/api/password-reset/validate-token/${encodeURIComponent(token)}`)
const reset = (token: string, newPassword: string) => env.call('POST', '/api/password-reset/reset-password', { body: { token, newPassword } })
const login = (email: string, password: string) => env.call('POST', '/api/auth/login', { body: { email, password } })

/** With no SMTP server set, the link goes to the server log; the mail leaves after the answer, so wait for it. */
async function loggedLinks(count: number): Promise<string[]> {
  const deadline = Date.now() + 3000
  for (;;) {
    const links = env.logLines.flatMap((l) => l.match(/"link":"([^"]+)"/)?.[1] ?? [])
    if (links.length >= count || Date.now() > deadline) return links
    await Bun.sleep(5)
  }
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('password reset', () => {
  test('forgot → validate → reset: the new password works, the old one and old sessions do not', async () => {
    const c = await env.userOf('Chef', { email: 'chef@test.local' })
    const res = await forgot('Chef@Test.local')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, data: null, message: MSG.resetEmailSent })
    const [link] = await loggedLinks(1)
    expect(link).toStartWith('http://rims.test:3000/reset-password?token=')
    const token = tokenOf(link)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Only the SHA-256 of the token is stored.
    const stored = env.deps.db.query('SELECT token_hash FROM password_reset_tokens').get() as { token_hash: string }
    expect(stored.token_hash).toBe(new Bun.CryptoHasher('sha256').update(token).digest('hex'))

    expect((await validate(token)).body).toMatchObject({ success: true, data: { email: 'chef@test.local' } })
    const done = await reset(token, 'fresh-password-1')
    expect(done.status).toBe(200)
    expect(done.body.message).toBe(MSG.resetSuccess)
    expect((await env.call('GET', '/api/auth/profile', { token: c.token })).status).toBe(401)
    expect((await login('chef@test.local', TEST_PASSWORD)).status).toBe(401)
    expect((await login('chef@test.local', 'fresh-password-1')).status).toBe(200)
    const audit = env.deps.db.query("SELECT action FROM audit_log WHERE entity = 'user' AND entity_id = $id").all({ id: c.id })
    expect(audit).toEqual([{ action: 'reset-password' }])
  })

  test('a token is single use', async () => {
    await env.userOf('Chef', { email: 'chef@test.local' })
    await forgot('chef@test.local')
    const token = tokenOf((await loggedLinks(1))[0])
    expect((await reset(token, 'fresh-password-1')).status).toBe(200)
    const again = await reset(token, 'fresh-password-2')
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(MSG.resetInvalid)
    expect((await validate(token)).body.message).toBe(MSG.resetInvalid)
  })

  test('a token expires after 30 minutes', async () => {
    await env.userOf('Chef', { email: 'chef@test.local' })
    await forgot('chef@test.local')
    const token = tokenOf((await loggedLinks(1))[0])
    now += 29 * 60_000
    expect((await validate(token)).status).toBe(200)
    now += 61_000
    const late = await validate(token)
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(MSG.resetInvalid)
    expect((await reset(token, 'fresh-password-1')).body.message).toBe(MSG.resetInvalid)
  })

  test('a new request voids the older unused token', async () => {
    await env.userOf('Chef', { email: 'chef@test.local' })
    await forgot('chef@test.local')
    await loggedLinks(1)
    // A new link is made once the 2-minute cooldown is over.
    now += 2 * 60_000 + 1000
    await forgot('chef@test.local')
    const [first, second] = (await loggedLinks(2)).map(tokenOf)
    expect(first).not.toBe(second)
    expect((await validate(first)).status).toBe(400)
    expect((await validate(second)).status).toBe(200)
  })

  test('an unknown email and an inactive account get the same answer and no link', async () => {
    const m = await env.userOf('Manager')
    const c = await env.userOf('Chef', { email: 'gone@test.local' })
    await env.call('PATCH', `/api/manager/users/${c.id}/status`, { token: m.token, body: { is_active: false } })
    const known = await env.userOf('Chef', { email: 'known@test.local' })
    const answers = [await forgot('ghost@test.local'), await forgot('gone@test.local'), await forgot(known.email)]
    for (const a of answers) {
      expect(a.status).toBe(200)
      expect(a.body).toEqual(answers[2].body)
    }
    const links = await loggedLinks(1)
    await Bun.sleep(20)
    expect(links).toHaveLength(1)
    expect(env.logLines.join('\n')).not.toContain('ghost@test.local')
    expect(env.logLines.join('\n')).not.toContain('gone@test.local')
  })

  test('a token of an account deactivated since is no longer valid', async () => {
    const m = await env.userOf('Manager')
    const c = await env.userOf('Chef', { email: 'chef@test.local' })
    await forgot('chef@test.local')
    const token = tokenOf((await loggedLinks(1))[0])
    await env.call('PATCH', `/api/manager/users/${c.id}/status`, { token: m.token, body: { is_active: false } })
    expect((await reset(token, 'fresh-password-1')).status).toBe(400)
  })

  test('a flood of requests makes at most one live token per account, and the first link keeps working', async () => {
    await env.userOf('Chef', { email: 'chef@test.local' })
    const tokens = () => (env.deps.db.query('SELECT count(*) AS n FROM password_reset_tokens').get() as { n: number }).n
    const answers = await Promise.all(Array.from({ length: 300 }, () => forgot('chef@test.local')))
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true)
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0)
    expect(tokens()).toBe(1)
    const links = await loggedLinks(2)
    expect(links).toHaveLength(1)
    const first = tokenOf(links[0])
    // Within the cooldown (another address in real life: here the rate limit is lifted by time) no new mail, the link stays valid.
    now += 60_000
    expect((await validate(first)).status).toBe(200)
    now += 15 * 60_000
    await forgot('chef@test.local')
    expect(tokens()).toBe(1)
    expect(await loggedLinks(2)).toHaveLength(2)
  }, 30_000)

  test('one address asking too often is told to wait, known account or not', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await forgot(`ghost${i}@test.local`)).status)
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    now += 15 * 60_000 + 1000
    expect((await forgot('ghost@test.local')).status).toBe(200)
  })

  test('used and expired tokens are pruned', async () => {
    await env.userOf('Chef', { email: 'chef@test.local' })
    await env.userOf('Chef', { email: 'cook@test.local' })
    await forgot('chef@test.local')
    const token = tokenOf((await loggedLinks(1))[0])
    expect((await reset(token, 'fresh-password-1')).status).toBe(200)
    await forgot('cook@test.local')
    await loggedLinks(2)
    now += 31 * 60_000
    await forgot('ghost@test.local')
    expect(env.deps.db.query('SELECT count(*) AS n FROM password_reset_tokens').get()).toEqual({ n: 0 })
  })

  test('a password change, a Manager-set password, deactivation and reactivation each void the reset link', async () => {
    const m = await env.userOf('Manager')
    const c = await env.userOf('Chef', { email: 'chef@test.local' })
    let links = 0
    const freshLink = async () => {
      now += 2 * 60_000 + 1000
      await forgot('chef@test.local')
      return tokenOf((await loggedLinks(++links))[links - 1])
    }
    let token = await freshLink()
    const changed = await env.call('PATCH', '/api/auth/profile/password', { token: c.token, body: { currentPassword: TEST_PASSWORD, newPassword: 'changed-password-1' } })
    expect(changed.status).toBe(200)
    expect((await validate(token)).status).toBe(400)

    token = await freshLink()
    expect((await env.call('PATCH', `/api/manager/users/${c.id}/password`, { token: m.token, body: { newPassword: 'manager-set-pass-1' } })).status).toBe(200)
    expect((await validate(token)).status).toBe(400)

    token = await freshLink()
    expect((await env.call('PATCH', `/api/manager/users/${c.id}/status`, { token: m.token, body: { is_active: false } })).status).toBe(200)
    expect((await env.call('PATCH', `/api/manager/users/${c.id}/status`, { token: m.token, body: { is_active: true } })).status).toBe(200)
    expect((await validate(token)).status).toBe(400)
  })

  test('with HTTPS on and no public_url, the link uses the HTTPS address', async () => {
    env.close()
    env = await makeTestEnv({ clock: () => new Date(now), tls: { caPem: null, fingerprint: null, urls: [{ http: 'http://rims.test:3000', https: 'https://rims.test:3443' }] } })
    await env.userOf('Chef', { email: 'chef@test.local' })
    await forgot('chef@test.local')
    const [link] = await loggedLinks(1)
    expect(link).toStartWith('https://rims.test:3443/reset-password?token=')
  })

  test('the link comes from public_url, never from a forged Host header', async () => {
    await env.userOf('Chef', { email: 'chef@test.local' })
    env.deps.settings.update({ public_url: 'https://stock.example-restaurant.zm/' }, null)
    await forgot('chef@test.local', { host: 'evil.example', 'x-forwarded-host': 'evil.example' })
    const [link] = await loggedLinks(1)
    expect(link).toStartWith('https://stock.example-restaurant.zm/reset-password?token=')
    expect(env.logLines.join('\n')).not.toContain('evil.example')
  })

  test('validation: the spec messages for a short password, a missing token and an unknown token', async () => {
    const short = await reset('whatever', 'short')
    expect(short.status).toBe(400)
    expect(short.body.message).toBe(MSG.resetPasswordTooShort)
    const missing = await env.call('POST', '/api/password-reset/reset-password', { body: { newPassword: 'long-enough-1' } })
    expect(missing.body.message).toBe(MSG.resetMissingToken)
    const unknown = await reset('not-a-real-token', 'long-enough-1')
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe(MSG.resetInvalid)
    expect((await reset('x'.repeat(201), 'long-enough-1')).body.message).toBe(MSG.resetInvalid)
    expect((await validate('nope')).body).toEqual({ success: false, data: null, message: MSG.resetInvalid })
    expect((await env.call('POST', '/api/password-reset/forgot-password', { body: {} })).body.message).toBe('email is required')
  })

  test('a mail server that fails is logged, and the answer is still the same', async () => {
    env.close()
    env = await makeTestEnv({ clock: () => new Date(now), mailer: { send: () => Promise.reject(new Error('connection refused')) } })
    await env.userOf('Chef', { email: 'chef@test.local' })
    const res = await forgot('chef@test.local')
    expect(res.body.message).toBe(MSG.resetEmailSent)
    const deadline = Date.now() + 2000
    while (!env.logLines.some((l) => l.includes('ERROR')) && Date.now() < deadline) await Bun.sleep(5)
    expect(env.logLines.find((l) => l.includes('ERROR'))).toContain('Password reset mail could not be sent')
  })
})
