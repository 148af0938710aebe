// Issue 33: "the batch of 500 is stored in < 300 ms". On the benchmark database (10,000 items, 1,000,000
// movements), per run: an area of 500 items, a count over it, then one POST /api/stock-counts/{id}/entries of 500
// entries (one per line, packs + loose, as a phone's queue flushes them) timed from the client, the same batch
// replayed (stores nothing), and the count cancelled. Median of the runs.
//   bun scripts/bench/offline.ts [--runs 5] [--dir /tmp/rims-bench-stocktake/seed] [--exe]
// Runs this checkout's src/main.ts under Bun (no build needed), or dist/rims with --exe.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBenchSeed, ensureExecutable, loadAverage, login, median, ROOT, startExecutable } from './lib'
import { BENCH_MANAGER, BENCH_PASSWORD } from './seed'

const BATCH = 500
const TARGET_MS = 300

export async function offlineFigures(o: { runs: number; dir: string; exe: boolean }) {
  if (o.exe) await ensureExecutable({ rebuild: 'missing' })
  await ensureBenchSeed(o.dir)
  const data = mkdtempSync(join(tmpdir(), 'rims-bench-offline-'))
  cpSync(join(o.dir, 'rims.db'), join(data, 'rims.db'))
  const server = await startExecutable({
    dataDir: data,
    timeoutMs: 180_000,
    ...(o.exe ? {} : { command: [process.execPath, join(ROOT, 'src/main.ts')], env: { RIMS_UI_DIR: join(ROOT, 'ui/dist') } }),
  })
  try {
    const token = await login(server.url, BENCH_MANAGER, BENCH_PASSWORD)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(server.url + '/api' + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      const json = (await res.json()) as { data: any; message: string }
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`)
      return json.data
    }
    const itemIds = ((await api('GET', '/items?limit=500&page=1&sort=created_at')) as { id: number }[]).map((i) => i.id).slice(0, BATCH)
    if (itemIds.length < BATCH) throw new Error(`the benchmark database has ${itemIds.length} items, ${BATCH} needed`)
    const store: number[] = []
    const replay: number[] = []
    for (let run = 0; run < o.runs; run++) {
      const area = await api('POST', '/storage-areas', { name: `Offline bench ${Date.now()}-${run}` })
      await api('PUT', `/storage-areas/${area.id}/items`, { item_ids: itemIds })
      const count = await api('POST', '/stock-counts', { area_ids: [area.id], blind: false })
      const at = new Date().toISOString()
      const entries = count.lines.map((l: { area_id: number; item_id: number; packs: { id: number }[] }, i: number) => ({
        id: crypto.randomUUID(),
        area_id: l.area_id,
        item_id: l.item_id,
        packs: l.packs.length ? [{ pack_id: l.packs[0].id, quantity: i % 3 }] : [],
        loose: (i % 7) + 0.25,
        counted_at: at,
      }))
      const body = { device_id: `bench-phone-${run}`, queued: 0, entries }
      let t = performance.now()
      const first = await api('POST', `/stock-counts/${count.id}/entries`, body)
      store.push(performance.now() - t)
      if (first.added !== BATCH) throw new Error(`stored ${first.added} of ${BATCH}`)
      t = performance.now()
      const again = await api('POST', `/stock-counts/${count.id}/entries`, body)
      replay.push(performance.now() - t)
      if (again.added !== 0 || again.replayed !== BATCH) throw new Error('the replay stored something')
      await api('POST', `/stock-counts/${count.id}/cancel`)
      await api('DELETE', `/storage-areas/${area.id}`)
    }
    return { store, replay, load: loadAverage() }
  } finally {
    await server.stop()
    rmSync(data, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      dir: { type: 'string', default: '/tmp/rims-bench-stocktake/seed' },
      exe: { type: 'boolean', default: false },
    },
  })
  const r = await offlineFigures({ runs: Number(values.runs), dir: values.dir!, exe: values.exe! })
  const f = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`
  console.log(`\nBenchmark database, ${values.exe ? 'dist/rims' : 'src/main.ts under Bun'}, load average ${r.load.toFixed(1)}`)
  console.log(`POST /api/stock-counts/{id}/entries, ${BATCH} new entries      ${f(r.store)}  (target < ${TARGET_MS} ms: ${median(r.store) < TARGET_MS ? 'met' : 'NOT met'})`)
  console.log(`the same batch replayed (nothing stored)               ${f(r.replay)}`)
}
