import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DEMO_PASSWORD, seedDemo } from './demo'
import { runDoctor } from './doctor'
import { makeTestEnv, type TestEnv } from '../test/harness'

// Issue 32, item 11: a fresh --demo shows every feature with figures that add up.

let env: TestEnv
let token = ''
let seededMs = 0

beforeAll(async () => {
  env = await makeTestEnv()
  const t0 = performance.now()
  expect(await seedDemo(env.deps)).toBe(true)
  seededMs = performance.now() - t0
  token = (await env.call('POST', '/api/auth/login', { body: { email: 'manager@rims.local', password: DEMO_PASSWORD } })).body.data.token
}, 120_000)
afterAll(() => env.close())

const get = async (path: string) => {
  const res = await env.call('GET', path, { token })
  expect(res.status).toBe(200)
  return res.body.data
}
const all = <T>(sql: string) => env.deps.db.query(sql).all() as T[]

describe('seedDemo', () => {
  test('a second seeding leaves the database alone', async () => {
    expect(await seedDemo(env.deps)).toBe(false)
    // Printed for docs/operations.md: the figure depends on the machine and its load.
    console.log(`seedDemo: ${Math.round(seededMs)} ms`)
  })

  test('every balance equals its ledger sum and never went below zero; the doctor finds nothing', () => {
    const off = all<{ name: string }>(
      `SELECT i.name FROM items i LEFT JOIN (
         SELECT item_id, sum(CASE type WHEN 'IN' THEN quantity WHEN 'OUT' THEN -quantity ELSE quantity END) AS q FROM stock_movements GROUP BY item_id
       ) m ON m.item_id = i.id WHERE i.current_quantity <> coalesce(m.q, 0) OR i.current_quantity < 0`,
    )
    expect(off).toEqual([])
    expect(runDoctor(env.deps.db).results.filter((r) => r.problems.length)).toEqual([])
  })

  test('the stock demo keeps its 60 items and its 16 low or out', () => {
    expect(all('SELECT id FROM items WHERE is_active = 1').length).toBe(60)
    expect(all('SELECT id FROM items WHERE current_quantity <= min_stock_level').length).toBe(16)
  })

  test('storage areas hold every item in shelf order; three monthly counts approved, tonight’s open', async () => {
    const areas = await get('/api/storage-areas')
    expect(areas.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['Cold room', 'Dry store', 'Bar']))
    expect(areas.reduce((n: number, a: { item_count: number }) => n + a.item_count, 0)).toBe(60)
    const approved = await get('/api/stock-counts?status=APPROVED')
    expect(approved).toHaveLength(3)
    const open = await get('/api/stock-counts?status=OPEN')
    expect(open).toHaveLength(1)
    expect(open[0].counted_count).toBeGreaterThan(0)
    expect(open[0].counted_count).toBeLessThan(open[0].line_count)
    // Each count's differences are its COUNT rows in the ledger, with the reason given.
    const posted = all<{ remarks: string }>("SELECT remarks FROM stock_movements WHERE source_type = 'COUNT'")
    expect(posted.length).toBeGreaterThan(10)
    for (const p of posted) expect(p.remarks).toMatch(/^Stock count #\d+: /)
  })

  test('packs, par levels and suggestions; a received order with a price change and a sent one', async () => {
    const suggestions = await get('/api/purchasing/suggestions')
    expect(suggestions.flatMap((g: { lines: unknown[] }) => g.lines).length).toBeGreaterThan(5)
    const orders = await get('/api/purchase-orders')
    expect(orders.map((o: { status: string }) => o.status).sort()).toEqual(['RECEIVED', 'SENT'])
    const alerts = all<{ title: string }>("SELECT title FROM alerts WHERE type = 'PRICE_CHANGE'")
    expect(alerts.map((a) => a.title)).toEqual(['Price up 7.88%: Beef T-bone'])
    expect(all('SELECT id FROM item_packs').length).toBeGreaterThan(20)
    // The crates and cases carry their own codes beside the bottles'.
    expect(all('SELECT id FROM item_barcodes WHERE pack_id IS NOT NULL').length).toBeGreaterThan(5)
  })

  test('recipes cost completely, under their targets, through the sub-recipes', async () => {
    const menu = await get('/api/recipes/menu-costing')
    expect(menu.length).toBe(11)
    for (const dish of menu) {
      expect(dish.complete).toBe(true)
      expect(dish.over_target).toBe(false)
    }
    const prep = all<{ n: number }>('SELECT count(*) AS n FROM recipe_lines WHERE sub_recipe_id IS NOT NULL')
    expect(prep[0].n).toBeGreaterThan(5)
  })

  test('the food cost report between the last two counts has sales, purchases and a believable gap', async () => {
    const ids = (await get('/api/stock-counts?status=APPROVED')).map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b)
    const report = await get(`/api/reports/food-cost?opening_count_id=${ids[1]}&closing_count_id=${ids[2]}`)
    expect(report.final).toBe(true)
    expect(report.food_sales).toBeGreaterThan(0)
    expect(report.purchases).toBeGreaterThan(0)
    expect(report.dishes_not_costed).toEqual([])
    expect(report.not_counted).toEqual({ opening: [], closing: [] })
    expect(report.actual_food_cost_pct).toBeGreaterThan(20)
    expect(report.actual_food_cost_pct).toBeLessThan(45)
    expect(report.theoretical_food_cost_pct).toBeGreaterThan(20)
    // The closing figures add up: opening + purchases − closing.
    expect(report.cogs).toBeCloseTo(report.opening_value + report.purchases - report.closing_value, 2)
    const avt = await get(`/api/reports/avt?opening_count_id=${ids[1]}&closing_count_id=${ids[2]}`)
    expect(avt.rows.length).toBeGreaterThan(10)
  })
})
