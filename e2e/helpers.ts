import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test'

const require = createRequire(import.meta.url)
const AXE_VERSION: string = require('axe-core/package.json').version
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export const DEMO_PASSWORD = 'rims-demo-2026'
export const DEMO = {
  Manager: { email: 'manager@rims.local', name: 'Mwila Banda' },
  Storekeeper: { email: 'store@rims.local', name: 'Chileshe Phiri' },
  Chef: { email: 'chef@rims.local', name: 'Bwalya Mulenga' },
} as const
export type DemoRole = keyof typeof DEMO

type Session = { token: string; user: { id: number; name: string; email: string; role_name: string } }

/**
 * This worker's demo sessions, by email. Most tests start by signing a demo role in for set-up; each sign-in is an
 * argon2id run at the production cost (19 MiB, 2 passes: ≈ 0.1 s of a core, seconds on a loaded box), so a demo
 * role signs in once per worker and later tests reuse its token while the server still takes it (a password reset
 * or a new worker's server ends it, and the next call signs in again).
 */
const demoSessions = new Map<string, string>()
const isDemoLogin = (email: string, password: string) => password === DEMO_PASSWORD && Object.values(DEMO).some((d) => d.email === email)

/**
 * A session through the API. For a demo role with the demo password it may be this worker's earlier one, checked
 * against the server first (its user as the server has it now); any other email or password signs in afresh.
 */
export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const known = isDemoLogin(email, password) ? demoSessions.get(email) : undefined
  if (known) {
    const res = await request.get('/api/auth/profile', { headers: { authorization: `Bearer ${known}` } })
    if (res.ok()) return { token: known, user: (await res.json()).data }
  }
  const res = await request.post('/api/auth/login', { data: { email, password } })
  expect(res.status(), `login ${email}`).toBe(200)
  const session = (await res.json()).data as Session
  if (isDemoLogin(email, password)) demoSessions.set(email, session.token)
  return session
}

/** Signs in without the form (the form has its own tests): the session goes straight into localStorage. */
export async function signInAs(page: Page, role: DemoRole, path = '/dashboard') {
  const session = await apiLogin(page.request, DEMO[role].email)
  // A static file of the same origin: no app runs there to write an old session back over this one.
  await page.goto('/favicon.svg')
  await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), session)
  await page.goto(path)
  return session
}

/** Signs in through the form. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/**
 * On a phone the navigation sits behind the menu button: open it when it is there. Decided once the header is drawn
 * (the app's first render may wait up to 0.5 s for the page's data after the load event), and returns with the menu open.
 */
export async function openMenuIfMobile(page: Page) {
  await page.getByRole('banner').first().waitFor()
  const toggle = page.getByRole('button', { name: 'Open menu' })
  if (await toggle.isVisible()) {
    await toggle.click()
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor()
  }
}

/** The names of every navigation link a user can reach (dropdowns opened on desktop). */
export async function navLinkNames(page: Page): Promise<string[]> {
  await openMenuIfMobile(page)
  const mobile = page.getByRole('navigation', { name: 'Mobile' })
  const nav = (await mobile.isVisible()) ? mobile : page.getByRole('navigation', { name: 'Main' })
  const groups = nav.locator('button[aria-expanded]')
  const names = new Set<string>()
  for (let i = 0; i < (await groups.count()); i++) {
    await groups.nth(i).click()
    for (const n of await nav.getByRole('link').allInnerTexts()) names.add(n.trim())
    await groups.nth(i).click()
  }
  for (const n of await nav.getByRole('link').allInnerTexts()) names.add(n.trim())
  return [...names].filter(Boolean).sort()
}

export async function logoutFromHeader(page: Page) {
  await openMenuIfMobile(page)
  await page.getByRole('button', { name: 'Logout' }).click()
}

/**
 * axe-core finds no serious or critical violation on the screen as it is now. Every rule of the
 * installed axe-core runs (no tag filter); label-content-name-mismatch (WCAG 2.5.3) is named so it
 * runs even where a release still tags it experimental. axe-core (the devDependency) runs in the page
 * itself: @axe-core/playwright's analyze() also opened a blank page per call to merge frames' results
 * (RIMS has no frames) and took ≈ 10 × as long as the run (9–12 s against ≈ 1 s at load 11).
 */
export async function expectAccessible(page: Page) {
  // A string evaluated by the driver, not eval() in the page, so the app's CSP does not refuse it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const { version, violations } = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    const r = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    return {
      version: r.testEngine.version,
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })),
    }
  })
  expect(version, 'axe-core engine').toBe(AXE_VERSION)
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([])
}

/** Visible and the topmost thing at its centre: nothing (a modal dialog, its backdrop) covers it. */
export async function expectOnTop(target: Locator) {
  await expect(target).toBeVisible()
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit !== null && el.contains(hit)
  })
  expect(onTop, 'topmost at its centre').toBe(true)
}

/** A full-page screenshot per screen and width, kept with the test output. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: join(testInfo.project.outputDir, 'screenshots', `${name}-${testInfo.project.name}.png`), fullPage: true })
}

/**
 * A server-paged list's rows, as a table (wide) or one card per row (phone), never its loading skeleton
 * (skeleton rows are aria-hidden). `label` is the phone list's aria-label: 'Stock items'.
 */
export const listRows = (scope: Page | Locator, label: string) => scope.locator(`tbody > tr:not([aria-hidden]), ul[aria-label="${label}"] > li:not([aria-hidden])`)

/** Waits until no list in `scope` is loading, so the rows shown answer the latest search, filter or page. */
export const listSettled = (scope: Page | Locator) => expect(scope.locator('[aria-busy="true"]')).toHaveCount(0)

/**
 * Counts the page's requests under way from now on; the function returned waits until none is (a save set off
 * a moment ago has reached the server and been answered).
 */
export function requestsSettled(page: Page) {
  let open = 0
  page.on('request', () => open++)
  const done = () => open--
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return () => expect.poll(() => open, { message: 'requests under way' }).toBe(0)
}

/** A signed JWT-shaped token with the given exp (the signature is not checked by the browser). */
export function fakeToken(exp: number) {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', role: 'Manager', tv: 0, iat: exp - 3600, exp })}.c2lnbmF0dXJl`
}

/** A demo role's API through Playwright's request context: `send` fails the test, naming the call, on any non-2xx. */
export async function apiAs(request: APIRequestContext, role: DemoRole = 'Manager') {
  const { token } = await apiLogin(request, DEMO[role].email)
  const headers = { authorization: `Bearer ${token}` }
  const send = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const res = await request[method](`/api${path}`, { headers, data })
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
    return (await res.json()).data
  }
  return { token, send }
}

/**
 * Keys as a scanner sends them: each stamped `gapMs` after the last, as the operating system would stamp a
 * scanner's keys, then Enter. (Playwright's keyboard.type waits for the page to handle each key before sending
 * the next, so on a busy machine its keys arrive tens of ms apart, which no scanner does.)
 */
export async function scannerBurst(page: Page, code: string, gapMs = 8) {
  const cdp = await page.context().newCDPSession(page)
  const start = Date.now() / 1000 - 1 // stamps in the past: the keys were sent a moment ago
  const key = async (key: string, at: number, text?: string) => {
    const code = key === 'Enter' ? 'Enter' : /\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`
    const keyCode = key === 'Enter' ? 13 : key.toUpperCase().charCodeAt(0)
    await cdp.send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', key, code, text, windowsVirtualKeyCode: keyCode, timestamp: at })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode, timestamp: at + 0.002 })
  }
  const chars = [...code]
  for (const [i, ch] of chars.entries()) await key(ch, start + (i * gapMs) / 1000, ch)
  await key('Enter', start + (chars.length * gapMs) / 1000, '\r')
  await cdp.detach()
}

const ROOT = join(fileURLToPath(import.meta.url), '../..')
const BUN = join(ROOT, 'node_modules/.bin/bun')

/** Whether nothing listens on 127.0.0.1:`port` (so a health check there would reach a server we started). */
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => s.close(() => resolve(true)))
  })

/** How the tests run RIMS: the executable, or with E2E_UI_DIR the source with that UI build; HTTPS off. */
function rimsCommand() {
  const uiDir = process.env.E2E_UI_DIR
  const cmd = uiDir ? [BUN, join(ROOT, 'src/main.ts')] : [join(ROOT, 'dist/rims')]
  const env = { ...process.env, RIMS_HTTPS_PORT: '0', ...(uiDir ? { RIMS_UI_DIR: uiDir } : {}) }
  return { cmd, env }
}

/**
 * RIMS over `data` on 127.0.0.1:`port` (a free one when not given): the executable, or with E2E_UI_DIR the source
 * with that UI build (as scripts/e2e-server.ts). With `demo`, a first start fills the data dir with demo data.
 * Resolves once /api/health answers; fails at once if the port is taken or the server exits.
 */
export async function startServer({ data, port, demo = false, timeoutMs = 60_000 }: { data: string; port?: number; demo?: boolean; timeoutMs?: number }) {
  const { cmd, env } = rimsCommand()
  if (port === undefined) port = await freePort()
  else if (!(await portIsFree(port))) throw new Error(`port ${port} is in use: set E2E_PORT to a free range (each worker takes E2E_PORT + its index)`)
  const base = `http://127.0.0.1:${port}`
  const server = spawn(cmd[0], [...cmd.slice(1), 'serve', ...(demo ? ['--demo'] : []), '--host', '127.0.0.1', '--port', String(port), '--data', data], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  server.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)))
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  let gone = false
  void exited.then(() => (gone = true))
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (gone) throw new Error(`the server over ${data} exited (${server.exitCode ?? server.signalCode}):\n${stderr}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {}
    if (Date.now() > deadline) {
      server.kill()
      throw new Error(`the server over ${data} did not answer on ${base} within ${timeoutMs / 1000} s:\n${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  const stop = async () => {
    if (!gone) server.kill()
    await exited
  }
  return { base, stop }
}

/** A RIMS of a spec's own over `data` (not its worker's demo server). Creates `manager` first. */
export async function startOwnServer(data: string, manager: { name: string; email: string; password: string }) {
  const { cmd, env } = rimsCommand()
  const made = spawnSync(cmd[0], [...cmd.slice(1), 'create-manager', '--name', manager.name, '--email', manager.email, '--password-stdin', '--data', data], { input: manager.password, env, encoding: 'utf8' })
  expect(made.status, made.stderr).toBe(0)
  return startServer({ data })
}

/** A port nobody listens on now (the OS's pick): a spec's own servers never collide with the workers' or fetch's blocked ports. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
