import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recipeBuilders } from '../../test/recipe-builders'

// Kept cost figures (cost-cache.ts) answer the new figure after every kind of write under them. Each test reads
// first, so the figure is kept, then writes, then reads: a cache never dropped would answer the old figure.
// Tart (MENU, 10.00) = 250 g of Pastry (PREP, 1000 g) + 10 g salt; Pastry = 500 g of Dough base (PREP, 1000 g)
// + 100 g butter; Dough base = 1 kg flour. Flour 2.00/kg, butter 10.00/kg, salt 1.00/kg: Tart 0.51 at first.

let env: TestEnv
let manager: string
let b: ReturnType<typeof recipeBuilders>
let flour: { id: number }
let butter: { id: number }
let salt: { id: number }
let wine: { id: number }
let dough: { id: number }
let pastry: { id: number }
let tart: { id: number }
let glass: { id: number }

async function ok(res: Promise<{ status: number; body: any }>, status = 200) {
  const r = await res
  if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

/** A dish's figures from its cost page and from menu costing, which must agree. */
async function figures(id: number) {
  const cost = await b.cost(id)
  const row = (await ok(env.call('GET', '/api/recipes/menu-costing', { token: manager }))).find((r: any) => r.id === id)
  expect(row.plate_cost).toBe(cost.plate_cost)
  expect(row.suggested_price).toBe(cost.suggested_price)
  return { plate: cost.plate_cost as number, suggested: cost.suggested_price as number }
}

const plateAfter = async (id: number, write: () => unknown) => {
  await figures(id)
  await write()
  return (await figures(id)).plate
}

beforeAll(async () => {
  env = await makeTestEnv()
  manager = (await env.userOf('Manager')).token
  b = recipeBuilders(env, manager)
  flour = await b.item('Flour', 'kg', 2)
  butter = await b.item('Butter', 'kg', 10)
  salt = await b.item('Salt', 'kg', 1)
  wine = await ok(env.call('POST', '/api/items', { token: manager, body: { name: 'House red', unit: 'L', cost_price: 8, category_id: 1, supplier_id: 1, packs: [{ name: 'bottle', size: 0.75 }] } }), 201)
  dough = await b.recipe({ name: 'Dough base', kind: 'PREP', yield_quantity: 1000, yield_unit: 'g', lines: [{ item_id: flour.id, quantity: 1, unit: 'kg' }] })
  pastry = await b.recipe({ name: 'Pastry', kind: 'PREP', yield_quantity: 1000, yield_unit: 'g', lines: [{ recipe_id: dough.id, quantity: 500, unit: 'g' }, { item_id: butter.id, quantity: 100, unit: 'g' }] })
  tart = await b.recipe({ name: 'Tart', kind: 'MENU', menu_price: 10, lines: [{ recipe_id: pastry.id, quantity: 250, unit: 'g' }, { item_id: salt.id, quantity: 10, unit: 'g' }] })
  glass = await b.recipe({ name: 'Bottle of red', kind: 'MENU', menu_price: 24, lines: [{ item_id: wine.id, quantity: 1, unit: 'bottle' }] })
}, 60_000)
afterAll(() => env.close())

test('a figure read again is the kept one, not a second costing', async () => {
  expect((await figures(tart.id)).plate).toBe(0.51)
  expect(env.deps.recipes.cost(tart.id)).toBe(env.deps.recipes.cost(tart.id))
  expect(env.deps.recipes.menuCosting()).toBe(env.deps.recipes.menuCosting())
})

test('a receipt at a new price: flour at 4.00 makes the dough 4.00, the pastry 3.00, the tart 0.76', async () => {
  const supplier = (await ok(env.call('GET', `/api/items/${flour.id}`, { token: manager }))).supplier_id
  const receive = () =>
    ok(env.call('POST', '/api/receipts', { token: manager, headers: { 'idempotency-key': crypto.randomUUID() }, body: { supplier_id: supplier, invoice_number: 'F-1', invoice_date: '2026-03-10', lines: [{ item_id: flour.id, pack_id: null, received_quantity: 1, unit_price: 4 }] } }), 201)
  expect(await plateAfter(tart.id, receive)).toBe(0.76)
})

test("an item's cost edited: butter at 20.00 makes the pastry 4.00, the tart 1.01", async () => {
  expect(await plateAfter(tart.id, () => ok(env.call('PUT', `/api/items/${butter.id}`, { token: manager, body: { cost_price: 20 } })))).toBe(1.01)
})

test('an import changing a cost: salt at 101.00 makes its 10 g 1.01, the tart 2.01', async () => {
  const csv = 'name,cost_price\nSalt,101\n'
  expect(await plateAfter(tart.id, () => ok(env.call('POST', '/api/imports/items?dry_run=false', { token: manager, body: csv, headers: { 'content-type': 'text/csv' } })))).toBe(2.01)
})

test('a line edited in a sub-recipe two levels down: half the flour in the dough makes the tart 1.76', async () => {
  const edit = () => ok(env.call('PUT', `/api/recipes/${dough.id}`, { token: manager, body: { lines: [{ item_id: flour.id, quantity: 0.5, unit: 'kg' }] } }))
  expect(await plateAfter(tart.id, edit)).toBe(1.76)
})

test("a sub-recipe's yield halved: 250 g of pastry costs twice as much, the tart 2.51", async () => {
  expect(await plateAfter(tart.id, () => ok(env.call('PUT', `/api/recipes/${pastry.id}`, { token: manager, body: { yield_quantity: 500 } })))).toBe(2.51)
})

test("an item's pack resized: a bottle of 0.5 L at 8.00 a litre is 4.00", async () => {
  expect(await plateAfter(glass.id, () => ok(env.call('PUT', `/api/items/${wine.id}`, { token: manager, body: { packs: [{ name: 'bottle', size: 0.5 }] } })))).toBe(4)
})

test('another connection on the same file (the command line) changing a cost', async () => {
  const other = new Database(env.deps.db.filename)
  try {
    // Salt back to 1.00: 10 g is 0.01, the tart 1.51.
    expect(await plateAfter(tart.id, () => other.query('UPDATE items SET cost_e5 = 100000 WHERE id = $id').run({ id: salt.id }))).toBe(1.51)
  } finally {
    other.close()
  }
})

test("the default food cost target changed: the tart's suggested price follows", async () => {
  expect((await figures(tart.id)).suggested).toBe(5.03) // 1.51 at 30%
  await ok(env.call('PUT', '/api/manager/settings', { token: manager, body: { target_food_cost_pct: 50 } }))
  expect((await figures(tart.id)).suggested).toBe(3.02)
})

test('a figure costed inside a transaction that rolls back is not kept, even when the next change counts the same', async () => {
  const { db, recipes } = env.deps
  const setCost = db.query('UPDATE items SET cost_e5 = $cost WHERE id = $id')
  expect(() =>
    db.transaction(() => {
      setCost.run({ id: salt.id, cost: 200000 })
      expect(recipes.cost(tart.id).plate_cost).toBe(1.52)
      throw new Error('rolled back')
    })(),
  ).toThrow('rolled back')
  // One committed change elsewhere: the count of changes is back where the rolled-back one had taken it.
  setCost.run({ id: wine.id, cost: 900000 })
  expect((await figures(tart.id)).plate).toBe(1.51)
})

test('a deleted dish: its cost page is gone and menu costing no longer lists it', async () => {
  await figures(glass.id)
  await ok(env.call('DELETE', `/api/recipes/${glass.id}`, { token: manager }))
  expect((await env.call('GET', `/api/recipes/${glass.id}/cost`, { token: manager })).status).toBe(404)
  const menu = await ok(env.call('GET', '/api/recipes/menu-costing', { token: manager }))
  expect(menu.map((r: any) => r.name)).toEqual(['Tart'])
})
