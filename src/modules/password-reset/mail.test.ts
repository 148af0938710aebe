import { afterEach, beforeEach, expect, test } from 'bun:test'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { MSG } from '../../contract/messages'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'
import { makeOwnerCertificate } from '../../tls/testing'

interface Received {
  from: string
  to: string[]
  raw: string
}

let env: TestEnv
let smtp: SMTPServer
let port: number
let caPem: string
const inbox: Received[] = []
// A LAN relay's certificate, signed by the restaurant's own CA (given to RIMS as smtp_ca).
const relayCert = makeOwnerCertificate()

/** An SMTP server on a free port: STARTTLS with the relay certificate unless `plain`. */
async function startSmtp(o: { plain?: boolean } = {}) {
  const cert = await relayCert
  caPem = cert.caPem
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    ...(o.plain ? { disabledCommands: ['STARTTLS'] } : { key: await Bun.file(cert.key).text(), cert: cert.certPem }),
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as AddressInfo).port
}

beforeEach(async () => {
  inbox.length = 0
  await startSmtp()
  env = await makeTestEnv()
})
afterEach(async () => {
  env.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

async function nextMail(): Promise<Received> {
  const deadline = Date.now() + 5000
  while (inbox.length === 0) {
    if (Date.now() > deadline) throw new Error('no mail arrived; log:\n' + env.logLines.join('\n'))
    await Bun.sleep(10)
  }
  return inbox[0]
}

/** The body as text: nodemailer may send it quoted-printable (soft line breaks, =3D for =). */
const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))

test('a reset mail goes through the SMTP server in Settings, and its link resets the password', async () => {
  const manager = await env.userOf('Manager')
  const chef = await env.userOf('Chef', { email: 'chef@test.local', name: 'Chanda' })
  const saved = await env.call('PUT', '/api/manager/settings', {
    token: manager.token,
    body: { smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false, smtp_ca: caPem, smtp_from: 'RIMS <rims@test.local>', restaurant_name: 'Chez Lusaka' },
  })
  expect(saved.status).toBe(200)

  const asked = await env.call('POST', '/api/password-reset/forgot-password', { body: { email: 'chef@test.local' } })
  expect(asked.body.message).toBe(MSG.resetEmailSent)

  const mail = await nextMail()
  expect(mail.from).toBe('rims@test.local')
  expect(mail.to).toEqual(['chef@test.local'])
  const text = decodeQuotedPrintable(mail.raw)
  expect(text).toContain('Subject: Chez Lusaka: reset your password')
  const link = text.match(/http:\/\/rims\.test:3000\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0]
  expect(link).toBeDefined()
  // Sent by mail, so not written to the log.
  expect(env.logLines.join('\n')).not.toContain('reset-password?token=')

  const token = new URL(link!).searchParams.get('token')!
  const valid = await env.call('GET', `/api/password-reset/validate-token/${token}`)
  expect(valid.body.data).toEqual({ email: 'chef@test.local' })
  const done = await env.call('POST', '/api/password-reset/reset-password', { body: { token, newPassword: 'mailed-password-1' } })
  expect(done.body.message).toBe(MSG.resetSuccess)

  const fresh = await env.call('POST', '/api/auth/login', { body: { email: 'chef@test.local', password: 'mailed-password-1' } })
  expect(fresh.status).toBe(200)
  expect(fresh.body.data.user.id).toBe(chef.id)
  const old = await env.call('POST', '/api/auth/login', { body: { email: 'chef@test.local', password: TEST_PASSWORD } })
  expect(old.status).toBe(401)
})

test('no mail is sent for an unknown email', async () => {
  env.deps.settings.update({ smtp_host: '127.0.0.1', smtp_port: port, smtp_ca: caPem }, null)
  const res = await env.call('POST', '/api/password-reset/forgot-password', { body: { email: 'ghost@test.local' } })
  expect(res.body.message).toBe(MSG.resetEmailSent)
  await Bun.sleep(100)
  expect(inbox).toHaveLength(0)
})

async function mailFails(): Promise<string> {
  await env.userOf('Chef', { email: 'chef@test.local' })
  await env.call('POST', '/api/password-reset/forgot-password', { body: { email: 'chef@test.local' } })
  const deadline = Date.now() + 8000
  while (!env.logLines.some((l) => l.includes('ERROR')) && Date.now() < deadline) await Bun.sleep(10)
  await Bun.sleep(100)
  expect(inbox).toHaveLength(0)
  return env.logLines.find((l) => l.includes('ERROR')) ?? 'no error logged'
}

test('a server that offers no STARTTLS is refused: the link never crosses the network in clear text', async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
  await startSmtp({ plain: true })
  env.deps.settings.update({ smtp_host: '127.0.0.1', smtp_port: port, smtp_ca: caPem }, null)
  expect(await mailFails()).toContain('Password reset mail could not be sent')
})

test('a certificate no trusted CA signed is refused (without smtp_ca, the relay is not trusted)', async () => {
  env.deps.settings.update({ smtp_host: '127.0.0.1', smtp_port: port }, null)
  expect(await mailFails()).toContain('Password reset mail could not be sent')
})
