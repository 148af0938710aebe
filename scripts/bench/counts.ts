// Stocktake on the benchmark database (issue 17): a 500-line count session opened (POST /api/stock-counts),
// its sheet read (GET /api/stock-counts/{id}) and shown in Chromium at 375 px, then every line entered, submitted
// and approved (POST …/approve: 500 ledger rows at most, one transaction). Each run uses its own area of 500
// different items; medians of --runs (default 3).
//
// The sheet as staff meet it on a phone: Chromium's CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, --cpu 4),
// 375 × 740 px, touch. Measured in the page (scripts injected before it loads):
// - usable: navigation → the first screenful of lines painted with enabled fields (the lines reach the bottom of
//   the viewport, or every line is there) and the main thread free again (a task after that frame runs), cold
//   (a fresh browser context: nothing cached) and warm (the same URL again in that context);
//   The sheet's part of it: the sheet's first render (or, before it was marked, its data's answer) → usable.
// - to the last line: a scroll to the bottom of the page → the last line on screen (painted);
// - key → painted: a key's keydown → the frame after its input event (requestAnimationFrame, then a task);
// - tap → typed → saved: the tap's pointerdown on a line's field → "12" typed → Enter (leaves the line, which
//   saves it) → the line's data-state "saved" painted; five lines a run.
//   bun scripts/bench/counts.ts [--runs 3] [--cpu 4] [--dir /tmp/rims-bench-stocktake/seed] [--source DIR]
// Runs dist/rims (npm run build), or with --source DIR that checkout's src/main.ts under Bun with its built UI
// (DIR/ui/dist: npx vite build ui), so another commit's sheet can be measured without building an executable.
// Seeds the benchmark database into --dir when it is not there (a minute or more).
import { type Page } from '@playwright/test'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBenchSeed, ensureExecutable, FIGURE_TAKEN, launchChromium, loadAverage, login, median, openUntilTaken, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

/**
 * Injected before the sheet's scripts: marks `usable` (above) and records keys, taps and saves, all on the
 * page's clock (performance.now(); events' timeStamp is on the same clock).
 */
function instrument({ lines, taken }: { lines: number; taken: string }) {
  const w = window as unknown as Bench
  w.__bench = { usable: null, keys: [], taps: {}, firstKey: {}, saved: {}, lastKey: null }
  const b = w.__bench
  const lineOf = (el: Element | null) => el?.closest('[data-testid^="line-"]')?.getAttribute('data-testid') ?? null
  const afterPaint = (f: () => void) => requestAnimationFrame(() => setTimeout(f, 0))
  const check = () => {
    const all = document.querySelectorAll('[data-testid^="line-"]')
    const last = all[all.length - 1]
    const full = all.length >= lines || (last !== undefined && last.getBoundingClientRect().bottom >= innerHeight)
    if (!full || !document.querySelector('[data-testid^="line-"] input:not([disabled])')) return requestAnimationFrame(check)
    setTimeout(() => {
      b.usable = performance.now()
      console.debug(taken)
    }, 0)
  }
  requestAnimationFrame(check)
  addEventListener('keydown', (e) => (b.lastKey = e.timeStamp), true)
  addEventListener('input', (e) => {
    const t = b.lastKey
    const line = lineOf(e.target as Element)
    const tap = line === null || b.firstKey[line] !== undefined ? undefined : b.taps[line]
    if (line !== null && tap !== undefined) b.firstKey[line] = 0
    afterPaint(() => {
      if (t !== null) b.keys.push(performance.now() - t)
      if (line !== null && tap !== undefined) b.firstKey[line] = performance.now() - tap
    })
    b.lastKey = null
  }, true)
  addEventListener('pointerdown', (e) => {
    const line = lineOf(e.target as Element)
    if (line) b.taps[line] = e.timeStamp
  }, true)
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target as Element
      const line = el.getAttribute('data-testid')
      if (line?.startsWith('line-') && el.getAttribute('data-state') === 'saved' && b.taps[line] !== undefined && b.saved[line] === undefined) {
        b.saved[line] = 0
        afterPaint(() => (b.saved[line] = performance.now()))
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] })
}
interface Bench {
  __bench: { usable: number | null; keys: number[]; taps: Record<string, number>; firstKey: Record<string, number>; saved: Record<string, number>; lastKey: number | null }
}
const bench = (page: Page) => page.evaluate(() => (window as unknown as Bench).__bench)
/**
 * Navigation → usable, and the sheet's own part of it: from its first render (the 'rims:sheet' mark Sheet.tsx sets;
 * a build without it: the count's GET answered, which then starts that render) → usable. The rest is the app's start.
 */
const usable = async (page: Page, url: string) => {
  await openUntilTaken(page, url)
  return page.evaluate(() => {
    const at = (window as unknown as Bench).__bench.usable!
    const data = performance.getEntriesByType('resource').find((r) => /\/api\/stock-counts\/\d+$/.test(r.name)) as PerformanceResourceTiming | undefined
    const mark = performance.getEntriesByName('rims:sheet')[0]?.startTime
    // The sheet's answer as it crossed the link (gzipped since session 14) and as JSON.
    return { at, sheet: at - (mark ?? data?.responseEnd ?? NaN), wire: data?.encodedBodySize ?? NaN, json: data?.decodedBodySize ?? NaN }
  })
}
/** A scroll to the bottom (repeated, as a finger would, while the list grows under it) → the last line painted on screen. */
const toLastLine = (page: Page, testId: string) =>
  page.evaluate(async (id) => {
    const t0 = performance.now()
    for (;;) {
      scrollTo(0, document.documentElement.scrollHeight)
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
      const el = document.querySelector(`[data-testid="${id}"]`)
      const rect = el?.getBoundingClientRect()
      if (rect && rect.top < innerHeight && rect.bottom > 0) return performance.now() - t0
      if (performance.now() - t0 > 30_000) throw new Error(`${id} never came on screen`)
    }
  }, testId)

/** The count sheet's figures over `runs` sessions of `lines` lines each: every measurement, in ms. */
export interface CountSheetRuns {
  lines: number
  cpu: number
  load: number
  start: number[]
  read: number[]
  cold: number[]
  warm: number[]
  coldSheet: number[]
  warmSheet: number[]
  lastLine: number[]
  keyPaint: number[]
  tapFirstKey: number[]
  tapSaved: number[]
  approve: number[]
  posted: number
  /** The count's GET in the cold load: bytes on the link / bytes of JSON. */
  sheetBytes: { wire: number; json: number }
}

export async function countSheetFigures(o: { runs: number; lines: number; cpu: number; dir: string; source?: string }): Promise<CountSheetRuns> {
  if (!o.source) await ensureExecutable({ rebuild: 'missing' })
  await ensureBenchSeed(o.dir)
  const data = mkdtempSync(join(tmpdir(), 'rims-bench-counts-'))
  cpSync(join(o.dir, 'rims.db'), join(data, 'rims.db'))
  const source = o.source ? resolve(o.source) : null
  const { runs: RUNS, lines: LINES, cpu: CPU } = o
  const server = await startExecutable({
    dataDir: data,
    timeoutMs: 120_000,
    ...(source ? { command: [process.execPath, join(source, 'src/main.ts')], env: { RIMS_UI_DIR: join(source, 'ui/dist') } } : {}),
  })
  const token = await login(server.url, BENCH_MANAGER, BENCH_PASSWORD)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(server.url + '/api' + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const json = (await res.json()) as { success: boolean; data: any; message: string }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`)
    return json.data
  }
  const timed = async <T>(f: () => Promise<T>): Promise<[number, T]> => {
    const t = performance.now()
    const r = await f()
    return [performance.now() - t, r]
  }
  const profile = await api('GET', '/auth/profile')
  const session = { token, user: profile }
  // No reasons needed: the figure is the posting, not the review.
  await api('PUT', '/manager/settings', { count_variance_pct: 1_000_000, count_variance_value: 1_000_000_000 })
  const itemIds: number[] = []
  for (let page = 1; itemIds.length < LINES * RUNS; page++) itemIds.push(...(await api('GET', `/items?limit=500&page=${page}&sort=created_at`)).map((i: { id: number }) => i.id))

  const browser = await launchChromium()
  const start: number[] = []
  const read: number[] = []
  const cold: number[] = []
  const warm: number[] = []
  const coldSheet: number[] = []
  const warmSheet: number[] = []
  const lastLine: number[] = []
  const keyPaint: number[] = []
  const tapFirstKey: number[] = []
  const tapSaved: number[] = []
  const approve: number[] = []
  let posted = 0
  let sheetBytes = { wire: NaN, json: NaN }
  try {
    for (let run = 0; run < RUNS; run++) {
      const ids = itemIds.slice(run * LINES, (run + 1) * LINES)
      const area = await api('POST', '/storage-areas', { name: `Bench area ${Date.now()}-${run}` })
      await api('PUT', `/storage-areas/${area.id}/items`, { item_ids: ids })
      const [tStart, count] = await timed(() => api('POST', '/stock-counts', { area_ids: [area.id], blind: false }))
      start.push(tStart)
      if (count.lines.length !== LINES) throw new Error(`expected ${LINES} lines, got ${count.lines.length}`)
      for (let i = 0; i < 5; i++) read.push((await timed(() => api('GET', `/stock-counts/${count.id}`)))[0])

      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
      const page = await context.newPage()
      await page.goto(server.url + '/favicon.svg')
      await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), session)
      await page.addInitScript(instrument, { lines: LINES, taken: FIGURE_TAKEN })
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
      const url = `${server.url}/counts/${count.id}`
      const c = await usable(page, url)
      cold.push(c.at)
      coldSheet.push(c.sheet)
      sheetBytes = { wire: c.wire, json: c.json }
      await page.waitForLoadState('networkidle')
      const w = await usable(page, url)
      warm.push(w.at)
      warmSheet.push(w.sheet)
      await page.waitForLoadState('networkidle')
      lastLine.push(await toLastLine(page, `line-${count.lines.at(-1).item_id}`))
      await page.evaluate(() => scrollTo(0, 0))

      // Counting on the phone: five lines each tapped, "12" typed, Enter (which leaves the line: it saves).
      const saves: number[] = []
      const firstKeys: number[] = []
      const keysFrom = (await bench(page)).keys.length
      for (let i = 0; i < 5; i++) {
        const line = `line-${count.lines[i].item_id}`
        const field = page.getByTestId(line).locator('input').first()
        await field.scrollIntoViewIfNeeded()
        await field.tap()
        await page.keyboard.type('12')
        await page.keyboard.press('Enter')
        await page.waitForFunction((l) => ((window as unknown as Bench).__bench.saved[l] ?? 0) > 0, line, { timeout: 30_000, polling: 50 }).catch(async (e) => {
          throw new Error(`${line} not saved: ${JSON.stringify(await bench(page))}, state ${await page.getByTestId(line).getAttribute('data-state')}`, { cause: e })
        })
        const b = await bench(page)
        saves.push(b.saved[line] - b.taps[line])
        firstKeys.push(b.firstKey[line])
      }
      keyPaint.push(median((await bench(page)).keys.slice(keysFrom)))
      tapFirstKey.push(median(firstKeys))
      tapSaved.push(median(saves))
      await context.close()

      // Every line counted: four items in five found 1 above the balance (the bench's balances are mostly 0,
      // so a find, never a loss), each with the reason the review then asks for.
      const expected = new Map<number, number>(count.lines.map((l: { item_id: number; expected: number }) => [l.item_id, l.expected]))
      for (const id of ids) {
        const e = expected.get(id)!
        const counted = Math.round((e + (id % 5 === 2 ? 0 : 1)) * 100) / 100
        await api('PUT', `/stock-counts/${count.id}/lines`, { area_id: area.id, item_id: id, counted })
      }
      await api('POST', `/stock-counts/${count.id}/submit`, { uncounted: 'UNCHANGED' })
      const review = await api('GET', `/stock-counts/${count.id}/review`)
      for (const l of review.lines.filter((x: { over_threshold: boolean }) => x.over_threshold)) await api('PUT', `/stock-counts/${count.id}/lines`, { area_id: l.area_ids[0], item_id: l.item_id, reason: 'Found on the shelf' })
      const [tApprove, answer] = await timed(() => api('POST', `/stock-counts/${count.id}/approve`))
      approve.push(tApprove)
      posted = answer.posted.length
      const last = (xs: number[]) => xs.at(-1)!.toFixed(0)
      console.log(`run ${run + 1}: start ${tStart.toFixed(0)} ms, usable cold ${last(cold)} / warm ${last(warm)} ms (sheet ${last(coldSheet)} / ${last(warmSheet)} ms), last line ${last(lastLine)} ms, key ${last(keyPaint)} ms, tap→key ${last(tapFirstKey)} ms, tap→saved ${last(tapSaved)} ms, approve ${tApprove.toFixed(0)} ms (${posted} rows posted)`)
    }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(data, { recursive: true, force: true })
  }
  return { lines: LINES, cpu: CPU, load: loadAverage(), start, read, cold, warm, coldSheet, warmSheet, lastLine, keyPaint, tapFirstKey, tapSaved, approve, posted, sheetBytes }
}

/** Issue 31's goals for the sheet at 375 px, CPU 4× slower (medians). */
export const countSheetTargets = (r: CountSheetRuns) => [
  { what: `${r.lines}-line count sheet at 375 px, CPU ${r.cpu}× slower: navigation → usable, cold`, target: '< 1 s', measured: `${median(r.cold).toFixed(0)} ms`, met: median(r.cold) < 1000 },
  { what: `${r.lines}-line count sheet: navigation → usable, warm`, target: '< 0.5 s', measured: `${median(r.warm).toFixed(0)} ms`, met: median(r.warm) < 500 },
  { what: 'count sheet: a key typed in a line → painted', target: '< 100 ms', measured: `${median(r.keyPaint).toFixed(0)} ms`, met: median(r.keyPaint) < 100 },
  { what: 'count sheet: tap a line → "12" typed → saved', target: '< 300 ms', measured: `${median(r.tapSaved).toFixed(0)} ms`, met: median(r.tapSaved) < 300 },
]

/** The rest of the sheet's figures, as [what, measured] rows. */
export function countSheetFigureRows(r: CountSheetRuns): [string, string][] {
  const f = (xs: number[]) => `${median(xs).toFixed(0)} ms`
  return [
    [`POST /api/stock-counts (${r.lines} lines, snapshot) / GET /api/stock-counts/{id}`, `${f(r.start)} / ${f(r.read)}`],
    [`count sheet: the count's answer on the link / as JSON`, `${(r.sheetBytes.wire / 1024).toFixed(1)} / ${(r.sheetBytes.json / 1024).toFixed(1)} KB`],
    [`count sheet: its own part (first render → usable), cold / warm`, `${f(r.coldSheet)} / ${f(r.warmSheet)}`],
    ['count sheet: scroll to the bottom → last line on screen; tap → first key painted', `${f(r.lastLine)}; ${f(r.tapFirstKey)}`],
    [`POST /api/stock-counts/{id}/approve (~${r.posted} COUNT rows)`, f(r.approve)],
  ]
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      dir: { type: 'string', default: '/tmp/rims-bench-stocktake/seed' },
      lines: { type: 'string', default: '500' },
      cpu: { type: 'string', default: '4' },
      source: { type: 'string' },
    },
  })
  const r = await countSheetFigures({ runs: Number(values.runs), lines: Number(values.lines), cpu: Number(values.cpu), dir: values.dir!, source: values.source })
  const { lines: LINES, cpu: CPU, start, read, cold, warm, coldSheet, warmSheet, lastLine, keyPaint, tapFirstKey, tapSaved, approve, posted } = r
  const RUNS = start.length
  const source = values.source ? resolve(values.source) : null
  const f = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`
  console.log(`\nBenchmark database, ${LINES}-line session, ${RUNS} runs, ${source ? `${source} from source` : 'dist/rims'}, load average ${r.load.toFixed(1)}`)
  console.log(`POST /api/stock-counts (${LINES} lines, snapshot)               ${f(start)}`)
  console.log(`GET /api/stock-counts/{id} (${LINES} lines)                     ${f(read)}`)
  console.log(`  its answer in the page: ${(r.sheetBytes.wire / 1024).toFixed(1)} KB on the link, ${(r.sheetBytes.json / 1024).toFixed(1)} KB of JSON`)
  console.log(`Sheet at 375 px, CPU ${CPU}× slower:`)
  console.log(`  navigation → usable, cold                              ${f(cold)}`)
  console.log(`  navigation → usable, warm                              ${f(warm)}`)
  console.log(`  the sheet's part: its first render → usable, cold      ${f(coldSheet)}`)
  console.log(`  the sheet's part: its first render → usable, warm      ${f(warmSheet)}`)
  console.log(`  scroll to the bottom → last line on screen             ${f(lastLine)}`)
  console.log(`  key → painted                                          ${f(keyPaint)}`)
  console.log(`  tap → first key painted                                ${f(tapFirstKey)}`)
  console.log(`  tap → "12" typed → Enter → saved                       ${f(tapSaved)}`)
  console.log(`POST /api/stock-counts/{id}/approve (~${posted} COUNT rows)       ${f(approve)}`)
}
