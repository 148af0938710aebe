// Costing where staff wait (issue 31): the plate cost of a MENU recipe three levels deep with 30 lines, and menu
// costing of 300 dishes, over the API (app.handle: routing, access check, JSON) on a fresh temp database.
//   bun scripts/bench/costing.ts [--items 2000] [--runs 200]
// Medians of repeated reads, and of the first read after a cost change (what a read pays when the cache is cold).
// scripts/bench/recipes.ts builds on the same kitchen (costingKitchen) for its AvT and food cost figures.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildApp } from '../../src/app'
import { createDeps } from '../../src/deps'
import { openAndMigrate } from '../../src/db/open'
import { createLogger } from '../../src/lib/log'
import { hashPassword } from '../../src/lib/passwords'
import { insertUser, roleIdByName } from '../../src/modules/users'
import { median } from './lib'

/** A kitchen of `items` items, a dish 3 levels deep with 30 lines, and 300 dishes, behind a signed-in Manager. */
export async function costingKitchen(o: { items: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'rims-bench-costing-'))
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
    for (let i = 1; i <= o.items; i++) insertItem.run({ name: `Item ${i}`, unit: units[i % units.length], cost: (100 + ((i * 37) % 5000)) * 1000, at, yield: 7000 + (i % 7) * 500 })
  })()
  const lineUnit = (itemId: number) => ['g', 'ml', 'each', 'g', 'ml'][itemId % units.length]

  const email = 'bench-manager@rims.local'
  insertUser(db, { name: 'Bench Manager', email, passwordHash: await hashPassword('bench-password-1'), roleId: roleIdByName(db, 'Manager')!, at })
  let token = ''
  const call = async (method: string, path: string, body?: unknown, type = 'application/json') => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` }
    if (body !== undefined) headers['content-type'] = type
    const res = await app.handle(new Request('http://localhost/api' + path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }))
    const json = (await res.json()) as { data: any; message: string }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`)
    return json.data
  }
  token = (await (await app.handle(new Request('http://localhost/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) }))).json() as any).data.token

  let n = 0
  const item = () => 1 + ((n++ * 7919) % o.items)
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

  return {
    db,
    call,
    deep,
    /** The first item of a leaf under the deep dish and under dishes: a cost change to it reaches both readings. */
    leafItem: (await call('GET', `/recipes/${leaves[0]}`)).lines[0].item_id as number,
    close() {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The median time of `runs` calls of f, in ms; `before` runs ahead of each call, untimed. */
export async function medianMs(runs: number, f: () => Promise<unknown>, before?: () => void) {
  const xs: number[] = []
  for (let i = 0; i < runs; i++) {
    before?.()
    const t = performance.now()
    await f()
    xs.push(performance.now() - t)
  }
  return median(xs)
}

export interface CostingFigures {
  runs: number
  items: number
  /** GET /recipes/{id}/cost of the deep dish, repeated. */
  plateMs: number
  /** GET /recipes/menu-costing, repeated. */
  menuMs: number
  /** The same reads, each the first after a cost change under them. */
  plateAfterChangeMs: number
  menuAfterChangeMs: number
}

export async function costingFigures(o: { runs: number; items: number }): Promise<CostingFigures> {
  const k = await costingKitchen(o)
  try {
    const plate = () => k.call('GET', `/recipes/${k.deep}/cost`)
    const menu = () => k.call('GET', '/recipes/menu-costing')
    const fewer = Math.max(10, o.runs / 10)
    await plate()
    const plateMs = await medianMs(o.runs, plate)
    const menuMs = await medianMs(fewer, menu)
    // A cost edit on the server's connection, as any writer's UPDATE lands.
    const setCost = k.db.query('UPDATE items SET cost_e5 = cost_e5 + 1000 WHERE id = $id')
    const change = () => void setCost.run({ id: k.leafItem })
    const plateAfterChangeMs = await medianMs(fewer, plate, change)
    const menuAfterChangeMs = await medianMs(fewer, menu, change)
    return { runs: o.runs, items: o.items, plateMs, menuMs, plateAfterChangeMs, menuAfterChangeMs }
  } finally {
    k.close()
  }
}

export interface CostingTarget {
  what: string
  target: string
  measured: string
  met: boolean
}

/** Issue 31's costing targets, for run.ts's Targets table. */
export const costingTargets = (s: CostingFigures): CostingTarget[] => [
  { what: 'plate cost, 3 levels, 30 lines', target: '< 1 ms', measured: `${s.plateMs.toFixed(2)} ms`, met: s.plateMs < 1 },
  { what: 'menu costing, 300 dishes', target: '< 100 ms', measured: `${s.menuMs.toFixed(1)} ms`, met: s.menuMs < 100 },
]

/** The first read after a cost change, as rows of run.ts's Figures table. */
export const costingFigureRows = (s: CostingFigures): [string, string][] => [
  ['plate cost, 3 levels, 30 lines: first read after a cost change under it', `${s.plateAfterChangeMs.toFixed(2)} ms`],
  ['menu costing, 300 dishes: first read after a cost change under them', `${s.menuAfterChangeMs.toFixed(1)} ms`],
]

if (import.meta.main) {
  const { values } = parseArgs({ options: { items: { type: 'string', default: '2000' }, runs: { type: 'string', default: '200' } } })
  const s = await costingFigures({ runs: Number(values.runs), items: Number(values.items) })
  console.log(`costing, ${s.items} items, median of ${s.runs} plate and ${Math.max(10, s.runs / 10)} menu reads`)
  for (const t of costingTargets(s)) console.log(`  ${t.what}: ${t.measured} (target ${t.target}${t.met ? '' : ', MISSED'})`)
  for (const [k, v] of costingFigureRows(s)) console.log(`  ${k}: ${v}`)
}
