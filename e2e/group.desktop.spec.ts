// Issue 36, item 4: `rims group` over a bucket a real site published to. A demo site publishes its snapshot to a
// local S3 server (s3rver on 127.0.0.1), the group view is started from the command line over the same bucket, and
// its Manager signs in to the Group page: the site's card shows its freshness and its own report's stock value.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import S3rver from 's3rver'
import { expect as baseExpect, test } from './fixtures'
import { DEMO, DEMO_PASSWORD, freePort, startServer } from './helpers'

const expect = baseExpect.configure({ timeout: 20_000 })
const ROOT = join(fileURLToPath(import.meta.url), '../..')
const GROUP_MANAGER = { name: 'Owner Group', email: 'owner@group.test', password: 'group-pass-2026' }

/** RIMS as the other specs run it: the executable, or with E2E_UI_DIR the source with that UI build. */
function rims(args: string[], env: Record<string, string>, input?: string) {
  const uiDir = process.env.E2E_UI_DIR
  const cmd = uiDir ? [join(ROOT, 'node_modules/.bin/bun'), join(ROOT, 'src/main.ts')] : [join(ROOT, 'dist/rims')]
  const fullEnv = { ...process.env, ...env, ...(uiDir ? { RIMS_UI_DIR: uiDir } : {}) }
  if (input !== undefined) return spawnSync(cmd[0], [...cmd.slice(1), ...args], { input, env: fullEnv, encoding: 'utf8' })
  return spawn(cmd[0], [...cmd.slice(1), ...args], { env: fullEnv, stdio: ['ignore', 'ignore', 'pipe'] })
}

test.describe('the group view', () => {
  const dirs: string[] = []
  let s3: { close(): Promise<void> } | undefined
  let stopSite: (() => Promise<void>) | undefined
  let group: ChildProcess | undefined
  let siteBase = ''
  let groupBase = ''
  let siteStockValue = 0

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    const temp = (name: string) => (dirs.push(mkdtempSync(join(tmpdir(), name))), dirs.at(-1)!)
    const s3Port = await freePort()
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: temp('rims-e2e-s3-'), configureBuckets: [{ name: 'copies', configs: [] }] })
    await (s3 as unknown as { run(): Promise<unknown> }).run()
    const env = {
      RIMS_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      RIMS_S3_REGION: 'us-east-1',
      RIMS_S3_BUCKET: 'copies',
      RIMS_S3_PREFIX: 'rims',
      RIMS_S3_ACCESS_KEY_ID: 'S3RVER',
      RIMS_S3_SECRET_ACCESS_KEY: 'S3RVER',
    }
    // The site: a demo restaurant whose off-site copies go to the bucket (set by the environment), published now.
    Object.assign(process.env, env)
    try {
      const site = await startServer({ data: temp('rims-e2e-site-'), demo: true })
      siteBase = site.base
      stopSite = site.stop
    } finally {
      for (const k of Object.keys(env)) delete process.env[k]
    }
    const login = await (await fetch(`${siteBase}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO.Manager.email, password: DEMO_PASSWORD }) })).json()
    const auth = { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' }
    const put = await fetch(`${siteBase}/api/manager/settings`, { method: 'PUT', headers: auth, body: JSON.stringify({ restaurant_name: 'Lusaka Central' }) })
    expect(put.status).toBe(200)
    const run = await fetch(`${siteBase}/api/manager/settings/offsite/run`, { method: 'POST', headers: auth, body: '{}' })
    expect(run.status, await run.clone().text()).toBe(200)
    siteStockValue = (await (await fetch(`${siteBase}/api/reports/stock-balance`, { headers: auth })).json()).data.totals.closing_value

    // The group view: its own Manager, then `rims group` over the same bucket.
    const groupData = temp('rims-e2e-group-')
    const made = rims(['group', 'create-manager', '--name', GROUP_MANAGER.name, '--email', GROUP_MANAGER.email, '--password-stdin', '--data', groupData], {}, GROUP_MANAGER.password) as ReturnType<typeof spawnSync>
    expect(made.status, String(made.stderr)).toBe(0)
    const groupPort = await freePort()
    groupBase = `http://127.0.0.1:${groupPort}`
    group = rims(['group', '--host', '127.0.0.1', '--port', String(groupPort), '--data', groupData], env) as ChildProcess
    let stderr = ''
    group.stderr?.on('data', (c: Buffer) => (stderr += c.toString()))
    for (const deadline = Date.now() + 60_000; ; ) {
      try {
        if ((await fetch(`${groupBase}/api/health`)).ok) break
      } catch {}
      if (Date.now() > deadline || group.exitCode !== null) throw new Error(`rims group did not start:\n${stderr}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  })

  test.afterAll(async () => {
    group?.kill()
    await stopSite?.()
    await s3?.close()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  test("its Manager signs in and sees each site's freshness and figures; a site's API is not served", async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto(`${groupBase}/login`)
    await page.getByLabel('Email address').fill(GROUP_MANAGER.email)
    await page.getByLabel('Password', { exact: true }).fill(GROUP_MANAGER.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/group$/)
    await expect(page.getByRole('heading', { name: 'Group', level: 1 })).toBeVisible()
    const card = page.getByRole('listitem', { name: 'Lusaka Central' })
    await expect(card).toBeVisible()
    await expect(card.getByText(/last copy (just now|\d+ minutes? ago)/)).toBeVisible()
    // The site's own Stock balance total, as the card and the totals show it.
    const shown = (await card.locator('dt:text-is("Stock value") + dd').textContent())!
    expect(Number(shown.replace(/[^\d.-]/g, ''))).toBeCloseTo(siteStockValue, 2)
    await expect(page.locator('[data-stat="Stock value"]')).toHaveText(shown)
    // No site's navigation here: the only page is the group's.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Group'])

    // The group server answers its sign-in and summary only.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('rims_user') ?? '{}').token as string)
    for (const path of ['/api/items', '/api/dashboard', '/api/reports/stock-balance']) {
      const res = await fetch(`${groupBase}${path}`, { headers: { authorization: `Bearer ${token}` } })
      expect(res.status, path).toBe(404)
    }
  })
})
