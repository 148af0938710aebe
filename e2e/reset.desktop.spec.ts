import { expect, test } from './fixtures'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { MSG } from '../src/contract/messages'
import { makeOwnerCertificate } from '../src/tls/testing'
import { apiLogin, DEMO, DEMO_PASSWORD, signInWithForm } from './helpers'

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives. It offers STARTTLS with a
 * certificate from its own CA (given to RIMS as smtp_ca), as RIMS sends reset links over TLS only.
 */
async function startMailbox() {
  const mails: string[] = []
  const waiters: (() => void)[] = []
  const relay = await makeOwnerCertificate()
  const server = new SMTPServer({
    authOptional: true,
    key: readFileSync(relay.key, 'utf8'),
    cert: relay.certPem,
    logger: false,
    onData(stream, _session, done) {
      let raw = ''
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')))
      stream.on('end', () => {
        mails.push(raw)
        waiters.splice(0).forEach((w) => w())
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    caPem: relay.caPem,
    /** The next mail's reset link (quoted-printable soft breaks undone). */
    async nextResetLink(timeoutMs = 10_000): Promise<string> {
      const before = mails.length
      const deadline = Date.now() + timeoutMs
      while (mails.length === before) {
        if (Date.now() > deadline) throw new Error('no reset mail arrived')
        await new Promise<void>((r) => {
          waiters.push(r)
          setTimeout(r, 200)
        })
      }
      const body = mails[mails.length - 1]!.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')
      const link = /https?:\/\/\S+?reset-password\?token=[\w-]+/.exec(body)?.[0]
      if (!link) throw new Error(`no reset link in the mail:\n${body}`)
      return link
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

test('forgot → mail → reset → the new password signs in', async ({ page, request }, testInfo) => {
  const mailbox = await startMailbox()
  const manager = await apiLogin(request, DEMO.Manager.email)
  const put = await request.put('/api/manager/settings', {
    headers: { Authorization: `Bearer ${manager.token}` },
    data: { smtp_host: '127.0.0.1', smtp_port: mailbox.port, smtp_secure: false, smtp_ca: mailbox.caPem },
  })
  expect(put.status()).toBe(200)
  const email = DEMO.Chef.email
  const newPassword = `fresh-pass-${testInfo.project.name}`
  try {
    await page.goto('/forgot-password')
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await page.getByLabel('Email address').fill(email)
    const linkArrives = mailbox.nextResetLink()
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    const toast = page.getByRole('status').filter({ hasText: 'Email Sent' })
    await expect(toast).toContainText(MSG.resetEmailSent)
    await expect(page.getByLabel('Email address')).toHaveValue('')
    const link = new URL(await linkArrives)

    await page.goto(link.pathname + link.search)
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveCount(2)

    await page.getByLabel('New Password', { exact: true }).fill('short')
    await page.getByLabel('Confirm New Password').fill('short')
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expect(page.getByText(MSG.resetPasswordTooShort)).toBeVisible()

    await page.getByLabel('New Password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm New Password').fill(`${newPassword}x`)
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expect(page.getByText(MSG.passwordsDoNotMatch)).toBeVisible()

    await page.getByLabel('Confirm New Password').fill(newPassword)
    await page.getByRole('button', { name: 'Set New Password' }).click()
    await expect(page.getByText(MSG.resetSuccess)).toBeVisible()
    await expect(page).toHaveURL(/\/login$/) // by itself, RESET_REDIRECT_MS after the success

    // The link is single use.
    await page.goto(link.pathname + link.search)
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
    await expect(page.getByText(MSG.resetInvalid)).toBeVisible()

    await signInWithForm(page, email, DEMO_PASSWORD)
    await expect(page.getByRole('alert')).toHaveText(MSG.invalidCredentials)
    await signInWithForm(page, email, newPassword)
    await expect(page).toHaveURL(/\/dashboard$/)
  } finally {
    // Put the demo password back for the other tests.
    const res = await request.post('/api/auth/login', { data: { email, password: newPassword } })
    if (res.ok()) {
      const { token } = (await res.json()).data
      await request.patch('/api/auth/profile/password', { headers: { Authorization: `Bearer ${token}` }, data: { currentPassword: newPassword, newPassword: DEMO_PASSWORD } })
    }
    await mailbox.close()
  }
})

test('a bad token shows Invalid Reset Link with a way to ask again', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token')
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(page.getByText(MSG.resetInvalid)).toBeVisible()
  await page.getByRole('link', { name: 'Request New Reset Link' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
})

test('no token in the link says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(page.getByText(MSG.resetMissingToken)).toBeVisible()
})

test('Validating Reset Link shows while the token is checked', async ({ page }) => {
  // The check is held until the heading has been seen (not for a fixed time a busy box could outlast).
  let answer!: () => void
  const held = new Promise<void>((r) => (answer = r))
  await page.route('**/api/password-reset/validate-token/**', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/reset-password?token=slow-token')
  await expect(page.getByRole('heading', { name: 'Validating Reset Link' })).toBeVisible()
  answer()
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
})

test('a failed forgot-password call shows an Error toast', async ({ page }) => {
  await page.route('**/api/password-reset/forgot-password', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }))
  await page.goto('/forgot-password')
  await page.getByLabel('Email address').fill('someone@rims.local')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'Error' })
  await expect(toast).toContainText(MSG.resetEmailFailed)
  await expect(page.getByLabel('Email address')).toHaveValue('someone@rims.local')
})
