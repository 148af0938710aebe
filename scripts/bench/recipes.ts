// Recipe costing figures (issue 22): the plate cost of a MENU recipe three levels deep with 30 lines,
// menu costing of 300 dishes, and the AvT report with 90 days of sales for those 300 dishes.
//   npx bun scripts/bench/recipes.ts [--items 2000] [--runs 200]
// Over the API (app.handle: routing, access check, JSON) on a fresh temp database; medians printed.
import { parseArgs } from 'node:util'
import { addDays } from '../../src/contract/dates'
import { costingKitchen, medianMs } from './costing'
import { ms } from './lib'

const { values } = parseArgs({ options: { items: { type: 'string', default: '2000' }, runs: { type: 'string', default: '200' } } })
const ITEMS = Number(values.items)
const RUNS = Number(values.runs)
// The dish 3 levels deep with 30 lines and the 300 dishes (scripts/bench/costing.ts).
const { call, deep, close } = await costingKitchen({ items: ITEMS })
const cost = await call('GET', `/recipes/${deep}/cost`)
console.log(`deep dish: complete ${cost.complete}, plate ${cost.plate_cost}, ${cost.lines.length} lines`)
console.log(`GET /recipes/{id}/cost, MENU 3 levels deep, 30 lines: p50 ${ms(await medianMs(RUNS, () => call('GET', `/recipes/${deep}/cost`)))} (${RUNS} runs)`)
console.log(`GET /recipes/menu-costing, 300 dishes: p50 ${ms(await medianMs(Math.max(10, RUNS / 10), () => call('GET', '/recipes/menu-costing')))}`)

// 90 days of sales for the 300 dishes, then AvT between two approved counts around them.
const start = '2026-01-01'
let csv = 'date,code,quantity,net_sales\n'
for (let day = 0; day < 90; day++) for (let d = 1; d <= 300; d++) csv += `${addDays(start, day)},D${d},${1 + ((d * day) % 7)},${(50 + (d % 100)) * (1 + ((d * day) % 7))}\n`
// The import takes a day's chunk at a time under the 1 MiB body limit.
for (let day = 0; day < 90; day += 10) {
  const rows = csv.split('\n').slice(1).filter((l) => l && l.slice(0, 10) >= addDays(start, day) && l.slice(0, 10) < addDays(start, day + 10))
  await call('POST', '/sales/import?dry_run=false', 'date,code,quantity,net_sales\n' + rows.join('\n') + '\n', 'text/csv')
}
const area = await call('POST', '/storage-areas', { name: 'All' })
await call('PUT', `/storage-areas/${area.id}/items`, { item_ids: Array.from({ length: Math.min(ITEMS, 500) }, (_, i) => i + 1) })
const count = async () => {
  const c = await call('POST', '/stock-counts', { area_ids: [area.id], blind: false })
  await call('POST', `/stock-counts/${c.id}/submit`, { uncounted: 'UNCHANGED' })
  await call('POST', `/stock-counts/${c.id}/approve`)
  return c.id as number
}
const opening = await count()
await Bun.sleep(5)
const closing = await count()
const q = `opening_count_id=${opening}&closing_count_id=${closing}&sales_from=${start}&sales_to=${addDays(start, 89)}`
const avt = await call('GET', `/reports/avt?${q}`)
console.log(`AvT rows: ${avt.rows.length}, sales rows: 27000`)
console.log(`GET /reports/avt, 90 days × 300 dishes: p50 ${ms(await medianMs(10, () => call('GET', `/reports/avt?${q}`)))}`)
console.log(`GET /reports/food-cost, same period: p50 ${ms(await medianMs(10, () => call('GET', `/reports/food-cost?${q}`)))}`)

close()
