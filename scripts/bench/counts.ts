// Stocktake on the benchmark database (issue 17): a 500-line count session opened (POST /api/stock-counts),
// its sheet read (GET /api/stock-counts/{id}) and shown in Chromium at 375 px (navigation → all 500 lines on
// screen), then every line entered, submitted and approved (POST …/approve: 500 ledger rows at most, one
// transaction). Each run uses its own area of 500 different items; medians of --runs (default 3).
//   bun scripts/bench/counts.ts [--runs 3] [--dir /tmp/rims-bench-stocktake/seed]
// Needs dist/rims (npm run build); seeds the benchmark database into --dir when it is not there (a few minutes).
import { chromium } from '@playwright/test'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBenchSeed, ensureExecutable, loadAverage, login, median, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, dir: { type: 'string', default: '/tmp/rims-bench-stocktake/seed' }, lines: { type: 'string', default: '500' } } })
const RUNS = Number(values.runs)
const LINES = Number(values.lines)
await ensureExecutable({ rebuild: 'missing' })
await ensureBenchSeed(values.dir!)
const data = mkdtempSync(join(tmpdir(), 'rims-bench-counts-'))
cpSync(join(values.dir!, 'rims.db'), join(data, 'rims.db'))
const server = await startExecutable({ dataDir: data, timeoutMs: 120_000 })
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

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const start: number[] = []
const read: number[] = []
const pageTimes: number[] = []
const approve: number[] = []
let posted = 0
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
    await page.goto(`${server.url}/counts/${count.id}`)
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="line-"]').length >= n, LINES, { timeout: 120_000 })
    pageTimes.push(await page.evaluate(() => performance.now()))
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
    console.log(`run ${run + 1}: start ${tStart.toFixed(0)} ms, page ${pageTimes.at(-1)!.toFixed(0)} ms, approve ${tApprove.toFixed(0)} ms (${posted} rows posted)`)
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(data, { recursive: true, force: true })
}
const f = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`
console.log(`\nBenchmark database, ${LINES}-line session, ${RUNS} runs, load average ${loadAverage().toFixed(1)}`)
console.log(`POST /api/stock-counts (${LINES} lines, snapshot)          ${f(start)}`)
console.log(`GET /api/stock-counts/{id} (${LINES} lines)                ${f(read)}`)
console.log(`/counts/{id} at 375 px, navigation → ${LINES} lines shown    ${f(pageTimes)}`)
console.log(`POST /api/stock-counts/{id}/approve (~${posted} COUNT rows)  ${f(approve)}`)
