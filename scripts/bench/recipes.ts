// Recipe costing figures (issue 22): the plate cost of a MENU recipe three levels deep with 30 lines,
// menu costing of 300 dishes, and the AvT report with 90 days of sales for those 300 dishes.
//   npx bun scripts/bench/recipes.ts [--items 2000] [--runs 200]
// Over the API (app.handle: routing, access check, JSON) on a fresh temp database; medians printed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildApp } from '../../src/app'
import { addDays } from '../../src/contract/dates'
import { createDeps } from '../../src/deps'
import { openAndMigrate } from '../../src/db/open'
import { createLogger } from '../../src/lib/log'
import { hashPassword } from '../../src/lib/passwords'
import { insertUser, roleIdByName } from '../../src/modules/users'
import { median, ms } from './lib'

const { values } = parseArgs({ options: { items: { type: 'string', default: '2000' }, runs: { type: 'string', default: '200' } } })
const ITEMS = Number(values.items)
const RUNS = Number(values.runs)
const dir = mkdtempSync(join(tmpdir(), 'rims-bench-recipes-'))
const db = openAndMigrate(join(dir, 'rims.db'))
const deps = createDeps({ db, secret: 'bench-secret', serverUrl: 'http://bench', logger: createLogger(() => {}) })
const app = buildApp(deps)
const at = new Date().toISOString()

// Items straight into SQL (the bench measures costing, not item creation); units mixed so conversions run;
// yields in steps of 5% (70–100%) as kitchens write them (arbitrary hundredths make every sum's denominator grow).
db.exec(`INSERT INTO categories (name, created_at, updated_at) VALUES ('Food', '${at}', '${at}')`)
db.exec(`INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Market', '${at}', '${at}')`)
const units = ['kg', 'L', 'each', 'g', 'ml']
const insertItem = db.query(
  `INSERT INTO items (name, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, is_active, created_at, updated_at, density, each_weight, yield_pct)
   VALUES ($name, 1, 1, $unit, $cost, 0, 0, 1, $at, $at, 95, 6000, $yield)`,
)
db.transaction(() => {
  for (let i = 1; i <= ITEMS; i++) insertItem.run({ name: `Item ${i}`, unit: units[i % units.length], cost: (100 + ((i * 37) % 5000)) * 1000, at, yield: 7000 + (i % 7) * 500 })
})()
const lineUnit = (itemId: number) => ['g', 'ml', 'each', 'g', 'ml'][itemId % units.length]

const email = 'bench-manager@rims.local'
insertUser(db, { name: 'Bench Manager', email, passwordHash: await hashPassword('bench-password-1'), roleId: roleIdByName(db, 'Manager')!, at })
const call = async (method: string, path: string, body?: unknown, type = 'application/json') => {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (body !== undefined) headers['content-type'] = type
  const res = await app.handle(new Request('http://localhost/api' + path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }))
  const json = (await res.json()) as { data: any; message: string }
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`)
  return json.data
}
let token = ''
token = (await (await app.handle(new Request('http://localhost/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) }))).json() as any).data.token

let n = 0
const item = () => 1 + ((n++ * 7919) % ITEMS)
const itemLine = () => {
  const id = item()
  return { item_id: id, quantity: 10 + (id % 90), unit: lineUnit(id) }
}
const prep = async (name: string, lines: unknown[]) => (await call('POST', '/recipes', { name, kind: 'PREP', yield_quantity: 1000, yield_unit: 'g', lines })).id as number

// Three levels: 10 leaf preps (10 item lines each), 5 middle preps (6 items + 2 leaves), the dish (20 items + 5 middles + 5 leaves = 30 lines).
const leaves: number[] = []
for (let i = 0; i < 10; i++) leaves.push(await prep(`Leaf ${i}`, Array.from({ length: 10 }, itemLine)))
const middles: number[] = []
for (let i = 0; i < 5; i++) middles.push(await prep(`Middle ${i}`, [...Array.from({ length: 6 }, itemLine), { recipe_id: leaves[i * 2], quantity: 100, unit: 'g' }, { recipe_id: leaves[i * 2 + 1], quantity: 50, unit: 'g' }]))
const deep = (
  await call('POST', '/recipes', {
    name: 'Deep dish',
    kind: 'MENU',
    menu_price: 120,
    lines: [...Array.from({ length: 20 }, itemLine), ...middles.map((id) => ({ recipe_id: id, quantity: 80, unit: 'g' })), ...leaves.slice(0, 5).map((id) => ({ recipe_id: id, quantity: 0.05, unit: 'kg' }))],
  })
).id as number

// 300 dishes of 8 item lines and 2 shared sub-recipes each, with sales codes.
for (let d = 1; d <= 300; d++)
  await call('POST', '/recipes', {
    name: `Dish ${d}`,
    kind: 'MENU',
    menu_price: 50 + (d % 100),
    sales_code: `D${d}`,
    lines: [...Array.from({ length: 8 }, itemLine), { recipe_id: middles[d % 5], quantity: 60, unit: 'g' }, { recipe_id: leaves[d % 10], quantity: 40, unit: 'g' }],
  })

const time = async (runs: number, f: () => Promise<unknown>) => {
  const xs: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await f()
    xs.push(performance.now() - t)
  }
  return median(xs)
}

const cost = await call('GET', `/recipes/${deep}/cost`)
console.log(`deep dish: complete ${cost.complete}, plate ${cost.plate_cost}, ${cost.lines.length} lines`)
console.log(`GET /recipes/{id}/cost, MENU 3 levels deep, 30 lines: p50 ${ms(await time(RUNS, () => call('GET', `/recipes/${deep}/cost`)))} (${RUNS} runs)`)
console.log(`GET /recipes/menu-costing, 300 dishes: p50 ${ms(await time(Math.max(10, RUNS / 10), () => call('GET', '/recipes/menu-costing')))}`)

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
console.log(`GET /reports/avt, 90 days × 300 dishes: p50 ${ms(await time(10, () => call('GET', `/reports/avt?${q}`)))}`)
console.log(`GET /reports/food-cost, same period: p50 ${ms(await time(10, () => call('GET', `/reports/food-cost?${q}`)))}`)

db.close()
rmSync(dir, { recursive: true, force: true })
