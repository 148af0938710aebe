// The Manager's dashboard as staff meet it on a phone (issue 31: "Manager dashboard with its charts, phone: 2.2 s;
// goal < 1 s"): the benchmark database, Chromium at 375 × 740 px with touch, its CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate, --cpu 4). Measured in the page (a script injected before it loads), on its clock:
// - numbers shown: navigation → the four cards' numbers painted (a task after the frame that holds them);
// - charts drawn: navigation → the 'rims:charts-drawn' mark (ManagerDashboard: the four pies and both uPlot charts);
// - the longest task from the numbers to the charts (Long Tasks API, tasks over 50 ms): what a tap then waits for;
// each cold (a fresh browser context: nothing cached) and warm (the same URL again in that context); medians of --runs.
//   bun scripts/bench/dashboard.ts [--runs 3] [--cpu 4] [--dir /tmp/rims-bench-stocktake/seed] [--source DIR]
// Runs dist/rims (npm run build), or with --source DIR that checkout's src/main.ts under Bun with its built UI
// (DIR/ui/dist: npx vite build ui), so another commit's dashboard can be measured without building an executable.
// Seeds the benchmark database into --dir when it is not there (a minute or more). scripts/bench/run.ts calls
// dashboardFigures and adds dashboardTargets to its table.
import { type Page } from '@playwright/test'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBenchSeed, ensureExecutable, FIGURE_TAKEN, launchChromium, loadAverage, login, median, openUntilTaken, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

export interface DashboardOptions {
  runs: number
  /** Chromium's CPU slowdown (4: a mid-range phone on this box). */
  cpu: number
  /** Holds the benchmark database (rims.db), seeded there when missing; only a copy is served. */
  seedDir: string
  /** Another checkout to run from source with its built UI (DIR/ui/dist); else dist/rims. */
  source?: string
  log?: (line: string) => void
}

export interface DashboardRun {
  numbersCold: number
  chartsCold: number
  longestTaskCold: number
  numbersWarm: number
  chartsWarm: number
  longestTaskWarm: number
}

export type DashboardSummary = DashboardRun & { runs: number; cpu: number; loadAverage: number; raw: DashboardRun[] }

interface Bench {
  __bench: { numbers: number | null; longTasks: { start: number; duration: number }[] }
}

/** Injected before the dashboard's scripts: marks the numbers painted, records the long tasks and tells the bench once the charts are drawn too. */
function instrument(taken: string) {
  const w = window as unknown as Bench
  w.__bench = { numbers: null, longTasks: [] }
  const b = w.__bench
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longTasks.push({ start: e.startTime, duration: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  const check = () => {
    const cards = [...document.querySelectorAll('[data-stat]')]
    if (cards.length >= 4 && cards.every((c) => c.textContent?.trim())) setTimeout(() => (b.numbers = performance.now()), 0)
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
  const done = () => {
    if (b.numbers !== null && performance.getEntriesByName('rims:charts-drawn').length > 0) console.debug(taken)
    else requestAnimationFrame(done)
  }
  requestAnimationFrame(done)
}

/** Navigation → numbers painted, → charts drawn, and the longest task in between (0 when none passed 50 ms). */
async function measureLoad(page: Page, url: string) {
  await openUntilTaken(page, url)
  const m = await page.evaluate(() => {
    const b = (window as unknown as Bench).__bench
    const charts = performance.getEntriesByName('rims:charts-drawn')[0].startTime
    const between = b.longTasks.filter((t) => t.start + t.duration > b.numbers! && t.start < charts)
    return { numbers: b.numbers!, charts, longestTask: Math.max(0, ...between.map((t) => t.duration)) }
  })
  await page.waitForLoadState('networkidle')
  return m
}

export async function dashboardFigures(o: DashboardOptions): Promise<DashboardSummary> {
  const log = o.log ?? console.log
  if (!o.source) await ensureExecutable({ rebuild: 'missing' })
  await ensureBenchSeed(o.seedDir)
  const data = mkdtempSync(join(tmpdir(), 'rims-bench-dashboard-'))
  cpSync(join(o.seedDir, 'rims.db'), join(data, 'rims.db'))
  const source = o.source ? resolve(o.source) : null
  const server = await startExecutable({
    dataDir: data,
    timeoutMs: 120_000,
    ...(source ? { command: [process.execPath, join(source, 'src/main.ts')], env: { RIMS_UI_DIR: join(source, 'ui/dist') } } : {}),
  })
  const browser = await launchChromium()
  const raw: DashboardRun[] = []
  const load = loadAverage()
  try {
    const token = await login(server.url, BENCH_MANAGER, BENCH_PASSWORD)
    const profile = (await (await fetch(`${server.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown }
    const session = { token, user: profile.data }
    for (let run = 0; run < o.runs; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
      const page = await context.newPage()
      await page.goto(server.url + '/favicon.svg')
      await page.evaluate((s) => localStorage.setItem('rims_user', JSON.stringify(s)), session)
      await page.addInitScript(instrument, FIGURE_TAKEN)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.cpu })
      const cold = await measureLoad(page, `${server.url}/dashboard`)
      const warm = await measureLoad(page, `${server.url}/dashboard`)
      await context.close()
      raw.push({ numbersCold: cold.numbers, chartsCold: cold.charts, longestTaskCold: cold.longestTask, numbersWarm: warm.numbers, chartsWarm: warm.charts, longestTaskWarm: warm.longestTask })
      log(`  dashboard run ${run + 1}: numbers ${cold.numbers.toFixed(0)} / ${warm.numbers.toFixed(0)} ms, charts ${cold.charts.toFixed(0)} / ${warm.charts.toFixed(0)} ms (cold / warm), longest task between ${cold.longestTask.toFixed(0)} / ${warm.longestTask.toFixed(0)} ms`)
    }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(data, { recursive: true, force: true })
  }
  const med = (f: (r: DashboardRun) => number) => median(raw.map(f))
  return {
    runs: o.runs,
    cpu: o.cpu,
    loadAverage: load,
    numbersCold: med((r) => r.numbersCold),
    chartsCold: med((r) => r.chartsCold),
    longestTaskCold: med((r) => r.longestTaskCold),
    numbersWarm: med((r) => r.numbersWarm),
    chartsWarm: med((r) => r.chartsWarm),
    longestTaskWarm: med((r) => r.longestTaskWarm),
    raw,
  }
}

/** Issue 31's row "Manager dashboard with its charts, phone": < 1 s, for run.ts's Targets table. */
export function dashboardTargets(s: DashboardSummary): { what: string; target: string; measured: string; met: boolean }[] {
  const ms = (x: number) => `${x.toFixed(0)} ms`
  const phone = `Manager dashboard, phone (375 px, CPU ${s.cpu}× slower)`
  return [
    { what: `${phone}: navigation → numbers shown, cold / warm`, target: '< 1 s', measured: `${ms(s.numbersCold)} / ${ms(s.numbersWarm)}`, met: Math.max(s.numbersCold, s.numbersWarm) < 1000 },
    { what: `${phone}: navigation → charts drawn, cold / warm`, target: '< 1 s', measured: `${ms(s.chartsCold)} / ${ms(s.chartsWarm)}`, met: Math.max(s.chartsCold, s.chartsWarm) < 1000 },
  ]
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      dir: { type: 'string', default: '/tmp/rims-bench-stocktake/seed' },
      cpu: { type: 'string', default: '4' },
      source: { type: 'string' },
    },
  })
  const s = await dashboardFigures({ runs: Number(values.runs), cpu: Number(values.cpu), seedDir: values.dir!, source: values.source })
  const f = (pick: (r: DashboardRun) => number) => `median ${median(s.raw.map(pick)).toFixed(0)} ms (${s.raw.map((r) => pick(r).toFixed(0)).join(', ')})`
  console.log(`\nBenchmark database, ${s.runs} runs, ${values.source ? `${resolve(values.source)} from source` : 'dist/rims'}, load average ${s.loadAverage.toFixed(1)}`)
  console.log(`Manager dashboard at 375 px, CPU ${s.cpu}× slower:`)
  console.log(`  navigation → numbers shown, cold                  ${f((r) => r.numbersCold)}`)
  console.log(`  navigation → numbers shown, warm                  ${f((r) => r.numbersWarm)}`)
  console.log(`  navigation → charts drawn, cold                   ${f((r) => r.chartsCold)}`)
  console.log(`  navigation → charts drawn, warm                   ${f((r) => r.chartsWarm)}`)
  console.log(`  longest task, numbers → charts, cold              ${f((r) => r.longestTaskCold)}`)
  console.log(`  longest task, numbers → charts, warm              ${f((r) => r.longestTaskWarm)}`)
}
