// The bar (issue 35), on the demo database:
// - weight typed → line saved, on a phone: Chromium at 375 × 740 px, touch, CPU slowed 4× (CDP
//   Emulation.setCPUThrottlingRate, --cpu 4). An open count of the demo's Bar area; a bottle item's "Open bottle 1"
//   field tapped, a weight typed, Enter (which leaves the line: it saves) → the line's data-state "saved" painted (the
//   frame after it, then a task). Measured in the page from the Enter's keydown, and from the tap; --saves a run.
// - GET /api/reports/pour-cost over --drinks drinks (MENU recipes of the bar categories, each a pour of a demo spirit
//   and a sub-recipe) and --days days of sales (one till line per drink per day): medians of 5 reads, and its CSV.
//   bun scripts/bench/bar.ts [--cpu 4] [--saves 7] [--drinks 300] [--days 90]
// Runs this checkout's src/main.ts under Bun with its built UI (npx vite build ui first), a fresh demo data dir.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { addDays } from '../../src/contract/dates'
import { launchChromium, loadAverage, login, median, ROOT, startExecutable } from './lib'

const { values } = parseArgs({ options: { cpu: { type: 'string', default: '4' }, saves: { type: 'string', default: '7' }, drinks: { type: 'string', default: '300' }, days: { type: 'string', default: '90' } } })
const CPU = Number(values.cpu)
const SAVES = Number(values.saves)
const DRINKS = Number(values.drinks)
const DAYS = Number(values.days)

interface Bench {
  __bar: { key: number | null; tap: number | null; saved: { fromKey: number; fromTap: number }[] }
}

/** Injected before the page's scripts: the Enter's keydown and the tap, then the line's "saved" painted. */
function instrument() {
  const w = window as unknown as Bench
  w.__bar = { key: null, tap: null, saved: [] }
  const b = w.__bar
  addEventListener('keydown', (e) => (e as KeyboardEvent).key === 'Enter' && (b.key = e.timeStamp), true)
  addEventListener('pointerdown', (e) => (b.tap = e.timeStamp), true)
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target as Element
      if (b.key === null || el.getAttribute('data-state') !== 'saved' || !el.getAttribute('data-testid')?.startsWith('line-')) continue
      const [key, tap] = [b.key, b.tap!]
      b.key = null
      requestAnimationFrame(() => setTimeout(() => b.saved.push({ fromKey: performance.now() - key, fromTap: performance.now() - tap }), 0))
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] })
}

const data = mkdtempSync(join(tmpdir(), 'rims-bench-bar-'))
const server = await startExecutable({ dataDir: data, args: ['--demo'], timeoutMs: 180_000, command: [process.execPath, join(ROOT, 'src/main.ts')], env: { RIMS_UI_DIR: join(ROOT, 'ui/dist') } })
try {
  const token = await login(server.url, 'manager@rims.local', 'rims-demo-2026')
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const api = async (method: string, path: string, body?: unknown, type = 'application/json') => {
    const res = await fetch(server.url + '/api' + path, { method, headers: { ...headers, 'content-type': type }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) })
    const json = (await res.json()) as { data: any; message: string }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`)
    return json.data
  }

  // ---------- Weight typed → saved ----------
  const areas = await api('GET', '/storage-areas')
  const bar = areas.find((a: { name: string }) => a.name === 'Bar')
  for (const c of await api('GET', '/stock-counts?status=OPEN')) await api('POST', `/stock-counts/${c.id}/cancel`)
  const count = await api('POST', '/stock-counts', { area_ids: [bar.id], blind: false })
  const line = count.lines.find((l: { bottle: unknown }) => l.bottle)
  if (!line) throw new Error('no bottle item on the demo Bar area')
  const profile = await api('GET', '/auth/profile')
  const browser = await launchChromium()
  let saves: Bench['__bar']['saved'] = []
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto(server.url + '/favicon.svg')
    await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), { token, user: profile })
    await page.addInitScript(instrument)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
    await page.goto(`${server.url}/counts/${count.id}`)
    const field = page.getByTestId(`line-${line.item_id}`).getByLabel('Open bottle 1 (g)')
    await field.waitFor({ timeout: 60_000 })
    const { tare_g, full_g } = line.bottle as { tare_g: number; full_g: number }
    for (let i = 0; i < SAVES; i++) {
      // Focus leaves the field between weighings, so the tap selects the last weight and the new one replaces it.
      await field.evaluate((el) => (el as HTMLInputElement).blur())
      await field.scrollIntoViewIfNeeded()
      await field.tap()
      await page.keyboard.type(String(Math.round(tare_g + ((full_g - tare_g) * (i + 1)) / (SAVES + 1))))
      await page.keyboard.press('Enter')
      await page.waitForFunction((n) => (window as unknown as Bench).__bar.saved.length > n, i, { timeout: 30_000, polling: 50 }).catch(async (e) => {
        await page.screenshot({ path: join(tmpdir(), 'rims-bench-bar.png') })
        throw new Error(`not saved: ${await page.getByTestId(`line-${line.item_id}`).innerText()}`, { cause: e })
      })
    }
    saves = await page.evaluate(() => (window as unknown as Bench).__bar.saved)
    await context.close()
  } finally {
    await browser.close()
  }
  await api('POST', `/stock-counts/${count.id}/cancel`)

  // ---------- Pour cost over DRINKS drinks and DAYS days ----------
  const items = await api('GET', '/items?limit=500')
  const spirits = items.filter((i: { bottle: unknown }) => i.bottle)
  const lime = items.find((i: { unit: string; name: string }) => /lemon/i.test(i.name)) ?? items[0]
  const syrup = await api('POST', '/recipes', { name: 'Bench house syrup', kind: 'PREP', yield_quantity: 1500, yield_unit: 'ml', lines: [{ item_id: items.find((i: { name: string }) => /sugar/i.test(i.name))?.id ?? lime.id, quantity: 1, unit: 'kg' }] })
  const categories = ['Spirits', 'Wine', 'Beer', 'Cocktails']
  const t0 = performance.now()
  for (let d = 0; d < DRINKS; d++) {
    const spirit = spirits[d % spirits.length]
    await api('POST', '/recipes', {
      name: `Bench drink ${d + 1}`, kind: 'MENU', category: categories[d % 4], menu_price: 40 + (d % 60), sales_code: `BD${d + 1}`,
      lines: [{ item_id: spirit.id, quantity: 1 + (d % 3) * 0.5, unit: 'oz' }, { recipe_id: syrup.id, quantity: 0.5, unit: 'oz' }, { item_id: lime.id, quantity: 1, unit: 'dash' }],
    })
  }
  const made = performance.now() - t0
  const end = '2026-11-26'
  const start = addDays(end, -(DAYS - 1))
  // One import per 30 days: a till's month of lines.
  for (let from = 0; from < DAYS; from += 30) {
    const rows = ['date,code,name,quantity,net_sales']
    for (let day = from; day < Math.min(DAYS, from + 30); day++) for (let d = 0; d < DRINKS; d++) rows.push(`${addDays(start, day)},BD${d + 1},Bench drink ${d + 1},${1 + ((d + day) % 7)},${(1 + ((d + day) % 7)) * (40 + (d % 60))}`)
    await api('POST', '/sales/import?dry_run=false', rows.join('\n') + '\n', 'text/csv')
  }
  const reads: number[] = []
  let rows = 0
  for (let i = 0; i < 6; i++) {
    const t = performance.now()
    const report = await api('GET', `/reports/pour-cost?start_date=${start}&end_date=${end}`)
    if (i > 0) reads.push(performance.now() - t) // the first read warms the statements
    rows = report.rows.length
  }
  const csv: number[] = []
  for (let i = 0; i < 3; i++) {
    const t = performance.now()
    const res = await fetch(`${server.url}/api/reports/download/pour-cost?start_date=${start}&end_date=${end}`, { headers })
    await res.text()
    csv.push(performance.now() - t)
  }
  const f = (xs: number[]) => `${median(xs).toFixed(0)} ms`
  console.log(`load average ${loadAverage()}`)
  console.log(`weight typed → saved (Enter → "saved" painted), 375 px, CPU ${CPU}×: median ${f(saves.map((s) => s.fromKey))} (${saves.map((s) => s.fromKey.toFixed(0)).join(', ')}); tap → saved ${f(saves.map((s) => s.fromTap))}`)
  console.log(`pour cost report, ${rows} drinks, ${DAYS} days of sales (${DRINKS * DAYS} lines): median ${f(reads)} (${reads.map((r) => r.toFixed(0)).join(', ')}); CSV ${f(csv)}; ${DRINKS} drinks made in ${(made / 1000).toFixed(1)} s`)
} finally {
  await server.stop()
  rmSync(data, { recursive: true, force: true })
}
