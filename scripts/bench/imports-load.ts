// Issue 29 (points 6 and 7): does an import leave the rest of RIMS answering, and do refused uploads cost memory?
//   bun scripts/bench/imports-load.ts [--runs 3] [--rows 20000] [--uploads 64]
// Each run: dist/rims on a fresh data dir with the demo data (`serve --demo`); the demo Storekeeper imports.
// 1. idle: the items page (GET /api/items?page=1&limit=50, the Manager) and sign-in (POST /api/auth/login, the Chef),
//    one client each, back to back, for IDLE_MS; RSS before.
// 2. the same two clients while the Storekeeper's 20,000-row items file (new items, opening stock) is checked
//    (dry run) and then imported; RSS sampled every 10 ms.
// 3. 64 unauthenticated 5 MB uploads to POST /api/imports/items at once; RSS peak above the RSS just before.
// Figures: medians over the runs of each phase's p50; a phase's p50 is over every request it answered.
import { parseArgs } from 'node:util'
import { DEMO_PASSWORD } from '../../src/cli/demo'
import { MAX_IMPORT_BYTES } from '../../src/contract/imports'
import { itemsCsv } from './import-csv'
import { ensureExecutable, loadAverage, login, median, rssMb, rssPeak, startExecutable } from './lib'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, rows: { type: 'string', default: '20000' }, uploads: { type: 'string', default: '64' } } })
const RUNS = Number(values.runs)
const ROWS = Number(values.rows)
const UPLOADS = Number(values.uploads)
const IDLE_MS = 3000

/** Runs `request` back to back until `until` settles (or for `ms`), returning each latency in ms. */
async function client(request: () => Promise<Response>, until: Promise<unknown>): Promise<number[]> {
  let done = false
  void until.finally(() => (done = true))
  const times: number[] = []
  while (!done) {
    const t = performance.now()
    const res = await request()
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${res.url}: ${res.status}`)
    times.push(performance.now() - t)
  }
  return times
}
const p50 = (xs: number[]) => (xs.length ? median(xs) : NaN)

await ensureExecutable({ rebuild: 'stale' })
const csv = itemsCsv(ROWS)
const upload = new Uint8Array(MAX_IMPORT_BYTES).fill(0x61)
type Run = Record<'idleItems' | 'idleLogin' | 'dryItems' | 'dryLogin' | 'realItems' | 'realLogin' | 'dryMs' | 'realMs' | 'idleRss' | 'importPeak' | 'uploadBefore' | 'uploadPeak', number> & { counts: string }
const runs: Run[] = []
for (let r = 0; r < RUNS; r++) {
  const server = await startExecutable({ args: ['--demo'] })
  try {
    const manager = await login(server.url, 'manager@rims.local', DEMO_PASSWORD)
    const storekeeper = await login(server.url, 'store@rims.local', DEMO_PASSWORD)
    const items = () => fetch(`${server.url}/api/items?page=1&limit=50`, { headers: { authorization: `Bearer ${manager}` } })
    const signIn = () => fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'chef@rims.local', password: DEMO_PASSWORD }) })
    for (let i = 0; i < 20; i++) await (await items()).arrayBuffer()
    await Bun.sleep(500)
    const idleRss = rssMb(server.proc.pid)
    const idle = Bun.sleep(IDLE_MS)
    const [idleItems, idleLogin] = await Promise.all([client(items, idle), client(signIn, idle)])

    const importing = async (dry: boolean) => {
      const t = performance.now()
      const res = await fetch(`${server.url}/api/imports/items?dry_run=${dry}`, { method: 'POST', headers: { authorization: `Bearer ${storekeeper}`, 'content-type': 'text/csv' }, body: csv })
      const body = (await res.json()) as { message: string; data: { create: number } }
      if (!res.ok || body.data.create !== ROWS) throw new Error(`import: ${res.status} ${body.message}`)
      return { ms: performance.now() - t, message: body.message }
    }
    const sampler = rssPeak(server.proc.pid, 10)
    const dry = importing(true)
    const [dryItems, dryLogin, dryDone] = await Promise.all([client(items, dry), client(signIn, dry), dry])
    const real = importing(false)
    const [realItems, realLogin, realDone] = await Promise.all([client(items, real), client(signIn, real), real])
    const importPeak = sampler.stop()

    await Bun.sleep(1000)
    const uploadBefore = rssMb(server.proc.pid)
    const uploads = rssPeak(server.proc.pid, 5)
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, () =>
        fetch(`${server.url}/api/imports/items?dry_run=true`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: upload }).then(
          (res) => res.status,
          () => 'reset',
        ),
      ),
    )
    await Bun.sleep(300)
    const uploadPeak = uploads.stop()
    const counts = Object.entries(statuses.reduce<Record<string, number>>((a, s) => ((a[s] = (a[s] ?? 0) + 1), a), {}))
      .map(([s, n]) => `${n}× ${s}`)
      .join(', ')
    const run: Run = {
      idleItems: p50(idleItems),
      idleLogin: p50(idleLogin),
      dryItems: p50(dryItems),
      dryLogin: p50(dryLogin),
      realItems: p50(realItems),
      realLogin: p50(realLogin),
      dryMs: dryDone.ms,
      realMs: realDone.ms,
      idleRss,
      importPeak,
      uploadBefore,
      uploadPeak,
      counts,
    }
    runs.push(run)
    console.log(
      `run ${r + 1}: items p50 idle ${run.idleItems.toFixed(1)} / dry ${run.dryItems.toFixed(1)} (${dryItems.length} req) / import ${run.realItems.toFixed(1)} ms (${realItems.length} req); ` +
        `sign-in p50 idle ${run.idleLogin.toFixed(1)} / dry ${run.dryLogin.toFixed(1)} (${dryLogin.length}) / import ${run.realLogin.toFixed(1)} ms (${realLogin.length}); ` +
        `dry run ${run.dryMs.toFixed(0)} ms, import ${run.realMs.toFixed(0)} ms ("${realDone.message}"); RSS idle ${idleRss.toFixed(1)}, import peak ${importPeak.toFixed(1)} MB; ` +
        `uploads: ${counts}, RSS ${uploadBefore.toFixed(1)} → peak ${uploadPeak.toFixed(1)} MB`,
    )
  } finally {
    await server.stop()
  }
}
const m = (k: Exclude<keyof Run, 'counts'>) => median(runs.map((x) => x[k]))
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)} ×`
console.log(`\n${ROWS} rows (${(csv.length / 1024 / 1024).toFixed(2)} MB), ${UPLOADS} uploads of 5 MB, medians of ${RUNS} runs, load average ${loadAverage()}:`)
console.log('| figure | target | measured |')
console.log('|---|---|---|')
console.log(`| items page p50: idle / during the dry run / during the import | ≤ 2 × idle | ${m('idleItems').toFixed(1)} / ${m('dryItems').toFixed(1)} / ${m('realItems').toFixed(1)} ms (${ratio(m('dryItems'), m('idleItems'))}, ${ratio(m('realItems'), m('idleItems'))}) |`)
console.log(`| sign-in p50: idle / during the dry run / during the import | ≤ 2 × idle | ${m('idleLogin').toFixed(1)} / ${m('dryLogin').toFixed(1)} / ${m('realLogin').toFixed(1)} ms (${ratio(m('dryLogin'), m('idleLogin'))}, ${ratio(m('realLogin'), m('idleLogin'))}) |`)
console.log(`| dry run / import of the file (wall, with the two clients running) | | ${m('dryMs').toFixed(0)} / ${m('realMs').toFixed(0)} ms |`)
console.log(`| RSS peak above idle during the dry run and import | < 150 MB | ${median(runs.map((x) => x.importPeak - x.idleRss)).toFixed(1)} MB (idle ${m('idleRss').toFixed(1)}) |`)
console.log(`| RSS peak above before, ${UPLOADS} unauthenticated 5 MB uploads at once | < 20 MB | ${median(runs.map((x) => x.uploadPeak - x.uploadBefore)).toFixed(1)} MB (${runs[0].counts}) |`)
