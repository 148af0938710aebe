// Pages in Chromium on the benchmark database: /login's time to interactive, the Manager dashboard's navigation → charts drawn
// (the 'rims:charts-drawn' mark the dashboard sets), and each operations page's navigation → its
// last API answer (data on screen follows within a frame), at 1280 px and on a 375 px phone. Cold cache,
// median of --runs (default 5). (These were @timing tests in e2e until session 13: a figure is a benchmark's.)
//   bun scripts/bench/pages.ts [--runs 5] [--dir /tmp/rims-bench-run/seed]
import { type Browser } from '@playwright/test'
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBenchSeed, launchChromium, login, median, ROOT, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, dir: { type: 'string', default: '/tmp/rims-bench-run/seed' } } })
const runs = Number(values.runs)
await ensureBenchSeed(values.dir)
const data = mkdtempSync(join(tmpdir(), 'rims-bench-pages-'))
cpSync(join(values.dir, 'rims.db'), join(data, 'rims.db'))
// From source with the built UI, so the figure is the current code's (build the UI first: npm run build:ui).
const server = await startExecutable({ dataDir: data, command: [process.execPath, join(ROOT, 'src/main.ts')], env: { RIMS_UI_DIR: join(ROOT, 'ui/dist') }, timeoutMs: 60_000 })
const token = await login(server.url, BENCH_MANAGER, BENCH_PASSWORD)
const profile = (await (await fetch(server.url + '/api/auth/profile', { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown }
const session = { token, user: profile.data }

const WIDTHS = { desktop: { viewport: { width: 1280, height: 800 } }, phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } }

async function timeOf(browser: Browser, path: string, measure: (page: import('@playwright/test').Page) => Promise<number>, width: keyof typeof WIDTHS = 'desktop') {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(WIDTHS[width])
    const page = await context.newPage()
    await page.goto(server.url + '/favicon.svg')
    await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), session)
    await page.goto(server.url + path)
    times.push(await measure(page))
    await context.close()
  }
  return times
}

const browser = await launchChromium()
try {
  // /login's time to interactive: navigation → the app's Sign In button enabled (the static screen gone), signed out.
  const signIn: number[] = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(WIDTHS.phone)
    const page = await context.newPage()
    await page.goto(server.url + '/login', { waitUntil: 'commit' })
    const ready = await page.waitForFunction(
      () => {
        if (document.getElementById('shell')) return null
        const b = [...document.querySelectorAll('#root button')].find((x) => x.textContent === 'Sign In' && !(x as HTMLButtonElement).disabled)
        return b ? performance.now() : null
      },
      null,
      { polling: 'raf' },
    )
    signIn.push((await ready.jsonValue()) as number)
    await context.close()
  }
  console.log(`/login (phone), navigation → Sign In usable: median ${median(signIn).toFixed(0)} ms (${signIn.map((t) => t.toFixed(0)).join(', ')})`)
  const dashboard = await timeOf(browser, '/dashboard', async (page) => {
    await page.waitForFunction(() => performance.getEntriesByName('rims:charts-drawn').length > 0, null, { timeout: 60_000 })
    return page.evaluate(() => performance.getEntriesByName('rims:charts-drawn')[0].startTime)
  })
  console.log(`Manager dashboard, navigation → charts drawn: median ${median(dashboard).toFixed(0)} ms (${dashboard.map((t) => t.toFixed(0)).join(', ')})`)
  for (const width of ['desktop', 'phone'] as const)
    for (const path of ['/stock', '/movements', '/requests', '/kitchen-inventory']) {
      const times = await timeOf(
        browser,
        path,
        async (page) => {
          await page.waitForLoadState('networkidle')
          return page.evaluate(() => Math.max(...performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/')).map((r) => (r as PerformanceResourceTiming).responseEnd)))
        },
        width,
      )
      console.log(`${path} (${width}), navigation → data: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`)
    }
} finally {
  await browser.close()
  await server.stop()
}
