// The CSV import figures of issue 19: a 5,000-row items file, dry run and real import, against dist/rims.
//   bun scripts/bench/import.ts [--runs 3] [--rows 5000]
// Each run: a fresh data dir with the demo data (`serve --demo`), signed in as the demo Manager; RSS read when idle
// (1 s after start, two warm-up calls of the columns route); then POST /api/imports/items?dry_run=true and
// ?dry_run=false with the same file (new items, each with opening stock: 5,000 ledger rows), timed from the
// request to the whole answer; RSS sampled every 10 ms during the real import. Medians over the runs.
import { parseArgs } from 'node:util'
import { DEMO_PASSWORD } from '../../src/cli/demo'
import { itemsCsv } from './import-csv'
import { cpuMs, ensureExecutable, loadAverage, login, median, rssMb, rssPeak, startExecutable } from './lib'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, rows: { type: 'string', default: '5000' } } })
const runs = Number(values.runs)
const rows = Number(values.rows)

await ensureExecutable({ rebuild: 'missing' })
const csv = itemsCsv(rows)
const results: { dry: number; real: number; dryCpu: number; realCpu: number; idle: number; peak: number }[] = []
for (let r = 0; r < runs; r++) {
  const server = await startExecutable({ args: ['--demo'] })
  try {
    const token = await login(server.url, 'manager@rims.local', DEMO_PASSWORD)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/csv; charset=utf-8' }
    for (let i = 0; i < 2; i++) await fetch(`${server.url}/api/imports/items/columns`, { headers })
    await Bun.sleep(1000)
    const idle = rssMb(server.proc.pid)
    // CPU time the server spent on the request too: on a shared, busy box the wall time mostly measures the others.
    let cpu = 0
    const post = async (dry: boolean) => {
      const c0 = cpuMs(server.proc.pid)
      const t0 = performance.now()
      const res = await fetch(`${server.url}/api/imports/items?dry_run=${dry}`, { method: 'POST', headers, body: csv })
      const body = (await res.json()) as { data: { create: number; errors: unknown[] } }
      const ms = performance.now() - t0
      cpu = cpuMs(server.proc.pid) - c0
      if (!res.ok || body.data.create !== rows || body.data.errors.length) throw new Error(`import failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
      return ms
    }
    const dry = await post(true)
    const dryCpu = cpu
    const sampler = rssPeak(server.proc.pid, 10)
    const real = await post(false)
    const realCpu = cpu
    const peak = sampler.stop()
    results.push({ dry, real, dryCpu, realCpu, idle, peak })
    console.log(`run ${r + 1}: dry run ${dry.toFixed(0)} ms (CPU ${dryCpu.toFixed(0)} ms), import ${real.toFixed(0)} ms (CPU ${realCpu.toFixed(0)} ms), RSS idle ${idle.toFixed(1)} MB, peak ${peak.toFixed(1)} MB (+${(peak - idle).toFixed(1)} MB)`)
  } finally {
    await server.stop()
  }
}
const m = (k: keyof (typeof results)[number]) => median(results.map((x) => x[k]))
console.log(`\n${rows} rows (${(csv.length / 1024).toFixed(0)} KB), medians of ${runs} runs, load average ${loadAverage()}:`)
console.log(`| dry run (wall / server CPU) | import (wall / server CPU) | RSS idle | RSS peak during import | peak above idle |`)
console.log(`|---|---|---|---|---|`)
console.log(`| ${m('dry').toFixed(0)} / ${m('dryCpu').toFixed(0)} ms | ${m('real').toFixed(0)} / ${m('realCpu').toFixed(0)} ms | ${m('idle').toFixed(1)} MB | ${m('peak').toFixed(1)} MB | ${median(results.map((x) => x.peak - x.idle)).toFixed(1)} MB |`)
