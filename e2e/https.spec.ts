// HTTPS as a phone sees it: Chromium trusts the local CA through an NSS database in its own HOME
// (as `certutil` sets up a Linux desktop), opens the LAN address over HTTPS, and reads the QR code.
import { chromium, type Browser } from '@playwright/test'
import { expect, test } from './fixtures'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import jsQR from 'jsqr'
import { suiteChromiumArgs } from './chromium-args'
import { expectAccessible, freePort, screenshot } from './helpers'

const ROOT = join(fileURLToPath(import.meta.url), '../..')

// A LAN address makes the check meaningful: Chromium counts localhost as secure even over HTTP.
const lanIp = Object.values(networkInterfaces()).flatMap((l) => l ?? []).find((a) => !a.internal && a.family === 'IPv4')?.address ?? '127.0.0.1'

let server: ChildProcess
let dataDir: string
let httpUrl: string
let httpsUrl: string
const browsers: Browser[] = []

const launchWithHome = async (home: string) => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: suiteChromiumArgs(), env: { ...process.env, HOME: home } })
  browsers.push(browser)
  return browser
}

test.beforeAll(async () => {
  test.setTimeout(60_000)
  const [http, https] = [await freePort(), await freePort()]
  dataDir = mkdtempSync(join(tmpdir(), 'rims-e2e-https-'))
  // With E2E_UI_DIR (a UI build of one's own, see scripts/e2e-server.ts) the source serves that build.
  const uiDir = process.env.E2E_UI_DIR
  const [command, ...first] = uiDir ? [join(ROOT, 'node_modules/.bin/bun'), join(ROOT, 'src/main.ts')] : [join(ROOT, 'dist/rims')]
  server = spawn(command, [...first, 'serve', '--demo', '--host', '0.0.0.0', '--port', String(http), '--https-port', String(https), '--data', dataDir], {
    stdio: 'ignore',
    env: { ...process.env, ...(uiDir ? { RIMS_UI_DIR: uiDir } : {}) },
  })
  httpUrl = `http://${lanIp}:${http}`
  httpsUrl = `https://${lanIp}:${https}`
  for (const deadline = Date.now() + 45_000; ; ) {
    try {
      if ((await fetch(httpUrl + '/api/health')).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error('the HTTPS test server did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
})

test.afterAll(async () => {
  for (const b of browsers) await b.close()
  server?.kill()
})

test('Chromium trusting the local CA opens /login over HTTPS as a secure context', async () => {
  const home = mkdtempSync(join(tmpdir(), 'rims-chromium-home-'))
  const nssdb = join(home, '.pki/nssdb')
  mkdirSync(nssdb, { recursive: true })
  execFileSync('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password'])
  execFileSync('certutil', ['-d', `sql:${nssdb}`, '-A', '-t', 'C,,', '-n', 'rims', '-i', join(dataDir, 'tls/ca.crt')])
  const context = await (await launchWithHome(home)).newContext()
  const page = await context.newPage()

  const res = await page.goto(httpsUrl + '/login')
  expect(res?.status()).toBe(200)
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true)
  await expect(page.locator('#root')).not.toBeEmpty()

  const plain = await context.newPage()
  await plain.goto(httpUrl + '/login')
  expect(await plain.evaluate(() => window.isSecureContext)).toBe(lanIp === '127.0.0.1')

  // The Manager's connect-a-device details: the QR code for this address decodes to its HTTPS URL.
  const svg = await page.evaluate(async (url) => {
    const login = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@rims.local', password: 'rims-demo-2026' }) })
    const { data } = await login.json()
    const connect = await (await fetch('/api/manager/connect', { headers: { authorization: `Bearer ${data.token}` } })).json()
    return connect.data.qr_svgs[url] as string
  }, httpsUrl)
  expect(svg).toContain('<svg')
  const size = 240
  const pixels = await page.evaluate(
    async ({ svg, size }) => {
      const img = new Image(size, size)
      img.src = 'data:image/svg+xml;base64,' + btoa(svg)
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = size
      const ctx = canvas.getContext('2d')!
      ctx.fillStyle = '#fff'
      ctx.fillRect(0, 0, size, size)
      ctx.drawImage(img, 0, 0, size, size)
      // Base64 of the RGBA bytes: an array of numbers this large takes seconds to cross to the test.
      const bytes = ctx.getImageData(0, 0, size, size).data
      let binary = ''
      for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192))
      return btoa(binary)
    },
    { svg, size },
  )
  expect(jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), size, size)?.data).toBe(httpsUrl)
})

test('Chromium without the CA refuses the HTTPS address', async () => {
  const browser = await launchWithHome(mkdtempSync(join(tmpdir(), 'rims-chromium-home-')))
  const page = await (await browser.newContext()).newPage()
  await expect(page.goto(httpsUrl + '/login')).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/)
})

test('Settings → Connect a device shows a QR code that decodes to the HTTPS address', async () => {
  const home = mkdtempSync(join(tmpdir(), 'rims-chromium-home-'))
  const nssdb = join(home, '.pki/nssdb')
  mkdirSync(nssdb, { recursive: true })
  execFileSync('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password'])
  execFileSync('certutil', ['-d', `sql:${nssdb}`, '-A', '-t', 'C,,', '-n', 'rims', '-i', join(dataDir, 'tls/ca.crt')])
  const page = await (await (await launchWithHome(home)).newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await page.goto(httpsUrl + '/login')
  await page.evaluate(async () => {
    const res = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'manager@rims.local', password: 'rims-demo-2026' }) })
    const { data } = await res.json()
    localStorage.setItem('rims_user', JSON.stringify({ token: data.token, user: data.user }))
  })
  await page.goto(httpsUrl + '/manager/settings')
  const connect = page.getByRole('region', { name: 'Connect a device' })
  await expect(connect.getByRole('link', { name: 'Download certificate' })).toHaveAttribute('href', '/ca.crt')
  await expect(connect).not.toContainText('HTTPS is off')
  const fingerprint = new X509Certificate(readFileSync(join(dataDir, 'tls/ca.crt'))).fingerprint256
  await expect(connect.getByTestId('ca-fingerprint')).toHaveText(fingerprint)
  const qr = connect.getByRole('img', { name: `QR code for ${httpsUrl}` })
  await expect(qr).toBeVisible()
  const size = 240
  const pixels = await qr.evaluate(async (img: HTMLImageElement, size) => {
    const copy = new Image(size, size)
    copy.src = img.src
    await copy.decode()
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = size
    const ctx = canvas.getContext('2d')!
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, size, size)
    ctx.drawImage(copy, 0, 0, size, size)
    const bytes = ctx.getImageData(0, 0, size, size).data
    let binary = ''
    for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192))
    return btoa(binary)
  }, size)
  expect(jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), size, size)?.data).toBe(httpsUrl)
  await connect.getByText('iPhone / iPad (Safari)').click()
  await expect(connect.getByText(/Certificate Trust Settings/)).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, test.info(), 'settings-https')
})
