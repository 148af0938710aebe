import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recipeBuilders } from '../../test/recipe-builders'

let env: TestEnv
let manager: string
let chef: string
let b: ReturnType<typeof recipeBuilders>
beforeAll(async () => {
  env = await makeTestEnv()
  manager = (await env.userOf('Manager')).token
  chef = (await env.userOf('Chef')).token
  b = recipeBuilders(env, manager)
}, 60_000)
afterAll(() => env.close())

describe('costing', () => {
  test('salmon at 24.00/kg, yield 85%: 170 g is 200 g purchased and costs 4.80', async () => {
    const salmon = await b.item('Salmon', 'kg', 24, { yield_pct: 85 })
    const dish = await b.recipe({ name: 'Salmon plate', kind: 'MENU', menu_price: 20, lines: [{ item_id: salmon.id, quantity: 170, unit: 'g' }] })
    const cost = await b.cost(dish.id)
    expect(cost.lines[0]).toMatchObject({ type: 'ITEM', name: 'Salmon', quantity: 170, unit: 'g', yield_pct: 85, purchased_quantity: 200, purchased_unit: 'g', unit_cost: 24, cost_unit: 'kg', line_cost: 4.8, status: 'OK' })
    expect(cost).toMatchObject({ complete: true, batch_cost: 4.8, plate_cost: 4.8, food_cost_pct: 24 })
  })

  test("a line's yield_pct overrides the item's", async () => {
    const fish = await b.item('Hake', 'kg', 10, { yield_pct: 50 })
    const dish = await b.recipe({ name: 'Hake plate', kind: 'MENU', lines: [{ item_id: fish.id, quantity: 100, unit: 'g', yield_pct: 80 }] })
    const cost = await b.cost(dish.id)
    expect(cost.lines[0]).toMatchObject({ yield_pct: 80, purchased_quantity: 125, line_cost: 1.25 })
  })

  test('sauce batch 8.20; pasta plate 1.27 (exact 1.265), 25.30%, suggested price 4.22 at 30%', async () => {
    const tomato = await b.item('Tomato', 'kg', 3)
    const oil = await b.item('Olive oil', 'L', 12)
    const onion = await b.item('Onion', 'kg', 2, { yield_pct: 80 })
    const pasta = await b.item('Pasta', 'kg', 2.5)
    const parmesan = await b.item('Parmesan', 'kg', 20)
    const sauce = await b.recipe({
      name: 'Tomato sauce',
      kind: 'PREP',
      yield_quantity: 2000,
      yield_unit: 'ml',
      lines: [
        { item_id: tomato.id, quantity: 2, unit: 'kg' },
        { item_id: oil.id, quantity: 100, unit: 'ml' },
        { item_id: onion.id, quantity: 400, unit: 'g' },
      ],
    })
    const sauceCost = await b.cost(sauce.id)
    expect(sauceCost).toMatchObject({ complete: true, batch_cost: 8.2, plate_cost: null })
    expect(sauceCost.lines.map((l: any) => l.line_cost)).toEqual([6, 1.2, 1])
    expect(sauceCost.lines[2]).toMatchObject({ purchased_quantity: 500, purchased_unit: 'g' })

    const plate = await b.recipe({
      name: 'Pasta pomodoro',
      kind: 'MENU',
      menu_price: 5,
      sales_code: 'P01',
      lines: [
        { item_id: pasta.id, quantity: 100, unit: 'g' },
        { recipe_id: sauce.id, quantity: 150, unit: 'ml' },
        { item_id: parmesan.id, quantity: 20, unit: 'g' },
      ],
    })
    const cost = await b.cost(plate.id)
    // 0.25 + 0.615 + 0.40 = 1.265 → 1.27 (rounded once, half up; never 1.26)
    expect(cost).toMatchObject({ complete: true, batch_cost: 1.27, plate_cost: 1.27, food_cost_pct: 25.3, target_food_cost_pct: 30, suggested_price: 4.22, over_target: false })
    expect(cost.lines[1]).toMatchObject({ type: 'RECIPE', name: 'Tomato sauce', quantity: 150, unit: 'ml', line_cost: 0.62, unit_cost: 8.2, cost_unit: '2000 ml', status: 'OK' })
    // The sub-recipe's lines, scaled to the 150 ml used (7.5% of the batch).
    expect(cost.lines[1].lines.map((l: any) => [l.name, l.quantity, l.unit, l.line_cost])).toEqual([
      ['Tomato', 0.15, 'kg', 0.45],
      ['Olive oil', 7.5, 'ml', 0.09],
      ['Onion', 30, 'g', 0.08],
    ])

    const menu = await env.call('GET', '/api/recipes/menu-costing', { token: chef })
    expect(menu.status).toBe(200)
    expect(menu.body.data.find((r: any) => r.name === 'Pasta pomodoro')).toMatchObject({ plate_cost: 1.27, menu_price: 5, food_cost_pct: 25.3, over_target: false })
  })

  test('units as people write them (issue 32): 250 ml of milk kept in "liters" costs 5.50 without a density; an unknown unit is named', async () => {
    const milk = await b.item('Demo milk', 'liters', 22)
    const eggs = await b.item('Demo eggs', 'trays', 75)
    const dish = await b.recipe({
      name: 'Custard',
      kind: 'MENU',
      lines: [
        { item_id: milk.id, quantity: 250, unit: 'ml' },
        { item_id: eggs.id, quantity: 0.1, unit: 'tray' },
        { item_id: milk.id, quantity: 1, unit: 'jug' },
      ],
    })
    const cost = await b.cost(dish.id)
    expect(cost.lines[0]).toMatchObject({ name: 'Demo milk', quantity: 250, unit: 'ml', line_cost: 5.5, status: 'OK' })
    expect(cost.lines[1]).toMatchObject({ name: 'Demo eggs', line_cost: 7.5, status: 'OK' })
    expect(cost.lines[2]).toMatchObject({ status: 'MISSING_CONVERSION', line_cost: null, reason: '“jug” is not a unit RIMS knows: use g, kg, ml, cl, L or each, or a pack of Demo milk' })
  })

  test('oil by weight: 91 g with density 0.91 is 100 ml, 1.20; without a density it is MISSING_CONVERSION and nothing is counted as 0', async () => {
    const oil = await b.item('Sunflower oil', 'L', 12, { density: 0.91 })
    const dish = await b.recipe({ name: 'Fried thing', kind: 'MENU', menu_price: 10, lines: [{ item_id: oil.id, quantity: 91, unit: 'g' }] })
    expect((await b.cost(dish.id)).lines[0]).toMatchObject({ line_cost: 1.2, status: 'OK' })

    const plain = await b.item('Canola oil', 'L', 12)
    const salt = await b.item('Salt', 'kg', 1)
    const other = await b.recipe({ name: 'Fried other', kind: 'MENU', menu_price: 10, lines: [{ item_id: salt.id, quantity: 10, unit: 'g' }, { item_id: plain.id, quantity: 91, unit: 'g' }] })
    const cost = await b.cost(other.id)
    expect(cost).toMatchObject({ complete: false, plate_cost: null, food_cost_pct: null, suggested_price: null, batch_cost: 0.01 })
    expect(cost.lines[1]).toMatchObject({ status: 'MISSING_CONVERSION', line_cost: null })
    expect(cost.lines[1].reason).toContain('density')
  })

  test('an item without a cost price is MISSING_COST, named, never 0', async () => {
    const saffron = await b.item('Saffron', 'g', 0)
    const dish = await b.recipe({ name: 'Paella', kind: 'MENU', menu_price: 30, lines: [{ item_id: saffron.id, quantity: 1, unit: 'g' }] })
    const cost = await b.cost(dish.id)
    expect(cost.complete).toBe(false)
    expect(cost.lines[0]).toMatchObject({ status: 'MISSING_COST', line_cost: null, reason: 'Saffron has no cost price' })
    const menu = (await env.call('GET', '/api/recipes/menu-costing', { token: manager })).body.data
    expect(menu.find((r: any) => r.name === 'Paella')).toMatchObject({ complete: false, food_cost_pct: null, reason: 'Saffron has no cost price' })
  })

  test('an incomplete sub-recipe passes its status and reason up, with its partial share', async () => {
    const butter = await b.item('Butter', 'kg', 10)
    const truffle = await b.item('Truffle', 'g', 0)
    const base = await b.recipe({ name: 'Truffle butter', kind: 'PREP', yield_quantity: 1, yield_unit: 'kg', lines: [{ item_id: butter.id, quantity: 1, unit: 'kg' }, { item_id: truffle.id, quantity: 5, unit: 'g' }] })
    const dish = await b.recipe({ name: 'Truffle toast', kind: 'MENU', menu_price: 12, lines: [{ recipe_id: base.id, quantity: 100, unit: 'g' }] })
    const cost = await b.cost(dish.id)
    expect(cost).toMatchObject({ complete: false, batch_cost: 1, plate_cost: null })
    expect(cost.lines[0]).toMatchObject({ status: 'MISSING_COST', line_cost: 1 })
    expect(cost.lines[0].reason).toBe('Truffle butter: Truffle has no cost price')
  })

  test('units: case-insensitive aliases, tsp and tbsp, each by weight', async () => {
    const vinegar = await b.item('Vinegar', 'ltr', 10)
    const egg = await b.item('Egg', 'kg', 50, { each_weight: 60 })
    const bunch = await b.item('Coriander', 'bunch', 5)
    const dish = await b.recipe({
      name: 'Units test',
      kind: 'MENU',
      lines: [
        { item_id: vinegar.id, quantity: 2, unit: 'TBSP' },
        { item_id: egg.id, quantity: 2, unit: 'pcs' },
        { item_id: bunch.id, quantity: 0.5, unit: 'Bunch' },
        { item_id: bunch.id, quantity: 1, unit: 'kg' },
      ],
    })
    const cost = await b.cost(dish.id)
    expect(cost.lines.map((l: any) => [l.line_cost, l.status])).toEqual([
      [0.3, 'OK'],
      [6, 'OK'],
      [2.5, 'OK'],
      [null, 'MISSING_CONVERSION'],
    ])
  })
})

describe('recipes', () => {
  test('a cycle is refused naming its path; A uses A too', async () => {
    const x = await b.item('Flour', 'kg', 1)
    const a = await b.recipe({ name: 'Dough A', kind: 'PREP', yield_quantity: 1, yield_unit: 'kg', lines: [{ item_id: x.id, quantity: 1, unit: 'kg' }] })
    const bb = await b.recipe({ name: 'Dough B', kind: 'PREP', yield_quantity: 1, yield_unit: 'kg', lines: [{ recipe_id: a.id, quantity: 500, unit: 'g' }] })
    const cyc = await env.call('PUT', `/api/recipes/${a.id}`, { token: chef, body: { lines: [{ recipe_id: bb.id, quantity: 1, unit: 'kg' }] } })
    expect(cyc.status).toBe(400)
    expect(cyc.body.message).toBe('A recipe cannot use itself: Dough A > Dough B > Dough A')
    const self = await env.call('PUT', `/api/recipes/${a.id}`, { token: chef, body: { lines: [{ recipe_id: a.id, quantity: 1, unit: 'kg' }] } })
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('A recipe cannot use itself: Dough A > Dough A')
    // Nothing changed.
    expect((await env.call('GET', `/api/recipes/${a.id}`, { token: chef })).body.data.lines[0].item_id).toBe(x.id)
  })

  test('the diamond is accepted: one sub-recipe by two paths, and used twice in one recipe', async () => {
    const stock = await b.item('Bones', 'kg', 4)
    const s = await b.recipe({ name: 'Stock S', kind: 'PREP', yield_quantity: 4, yield_unit: 'L', lines: [{ item_id: stock.id, quantity: 2, unit: 'kg' }] })
    const left = await b.recipe({ name: 'Jus L', kind: 'PREP', yield_quantity: 1, yield_unit: 'L', lines: [{ recipe_id: s.id, quantity: 2, unit: 'L' }] })
    const right = await b.recipe({ name: 'Soup R', kind: 'PREP', yield_quantity: 1, yield_unit: 'L', lines: [{ recipe_id: s.id, quantity: 1, unit: 'L' }, { recipe_id: s.id, quantity: 1, unit: 'L' }] })
    const top = await b.recipe({ name: 'Diamond plate', kind: 'MENU', menu_price: 10, lines: [{ recipe_id: left.id, quantity: 500, unit: 'ml' }, { recipe_id: right.id, quantity: 250, unit: 'ml' }] })
    // Stock: 8.00 per 4 L = 2.00/L. Jus: 2 L = 4.00 per L → 500 ml 2.00. Soup: 2 L of stock = 4.00 per L → 250 ml 1.00.
    expect(await b.cost(top.id)).toMatchObject({ complete: true, plate_cost: 3, food_cost_pct: 30 })
  })

  test('names are unique; a sales code is unique among active recipes; deleting a recipe in use names its user', async () => {
    const x = await b.item('Rice', 'kg', 2)
    const r1 = await b.recipe({ name: 'Rice bowl', kind: 'MENU', sales_code: 'R1', lines: [{ item_id: x.id, quantity: 100, unit: 'g' }] })
    const dupName = await env.call('POST', '/api/recipes', { token: chef, body: { name: 'rice BOWL', kind: 'MENU', lines: [] } })
    expect(dupName.status).toBe(409)
    const dupCode = await env.call('POST', '/api/recipes', { token: chef, body: { name: 'Rice bowl 2', kind: 'MENU', sales_code: 'r1', lines: [] } })
    expect(dupCode.status).toBe(409)
    expect(dupCode.body.message).toBe('Sales code r1 is already used by Rice bowl')
    expect((await env.call('PUT', `/api/recipes/${r1.id}`, { token: chef, body: { is_active: false } })).status).toBe(200)
    expect((await env.call('POST', '/api/recipes', { token: chef, body: { name: 'Rice bowl 2', kind: 'MENU', sales_code: 'R1', lines: [] } })).status).toBe(201)

    const cooked = await b.recipe({ name: 'Cooked rice', kind: 'PREP', yield_quantity: 1, yield_unit: 'kg', lines: [{ item_id: x.id, quantity: 500, unit: 'g' }] })
    await b.recipe({ name: 'Fried rice', kind: 'MENU', lines: [{ recipe_id: cooked.id, quantity: 200, unit: 'g' }] })
    const del = await env.call('DELETE', `/api/recipes/${cooked.id}`, { token: chef })
    expect(del.status).toBe(409)
    expect(del.body.message).toBe('Cooked rice is used by Fried rice; deactivate it instead')
    const free = await b.recipe({ name: 'Unused', kind: 'MENU', lines: [] })
    expect((await env.call('DELETE', `/api/recipes/${free.id}`, { token: chef })).status).toBe(200)
    expect((await env.call('GET', `/api/recipes/${free.id}`, { token: chef })).status).toBe(404)
  })

  test('bad input is refused with a message naming the field, nothing saved', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'P', kind: 'PREP', lines: [] }, 'A PREP recipe needs yield_quantity and yield_unit (what one batch makes)'],
      [{ name: 'P', kind: 'PREP', yield_quantity: 1, yield_unit: 'kg', menu_price: 3, lines: [] }, 'menu_price is only for MENU recipes'],
      [{ name: 'P', kind: 'SIDE', lines: [] }, 'kind must be one of PREP, MENU'],
      [{ name: 'P', kind: 'MENU', lines: [{ item_id: 999999, quantity: 1, unit: 'g' }] }, 'Line item_id 999999 does not match an existing item'],
      [{ name: 'P', kind: 'MENU', lines: [{ quantity: 1, unit: 'g' }] }, 'Each line needs either item_id or recipe_id'],
      [{ name: 'P', kind: 'MENU', lines: [{ item_id: 1, quantity: 0, unit: 'g' }] }, 'quantity must be at least 0.01'],
      [{ name: 'P', kind: 'MENU', lines: [{ item_id: 1, quantity: 1.234, unit: 'g' }] }, 'quantity must have at most 2 decimal places'],
      [{ name: 'P', kind: 'MENU', target_food_cost_pct: 120, lines: [] }, 'target_food_cost_pct must be at most 100'],
    ]
    for (const [body, message] of cases) {
      const res = await env.call('POST', '/api/recipes', { token: chef, body })
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message })
    }
    expect((await env.call('GET', '/api/recipes?q=P&active=all', { token: chef })).body.data.filter((r: any) => r.name === 'P')).toEqual([])
  })

  test('the cost preview costs a draft as it is typed, and refuses a cycle for a saved recipe', async () => {
    const x = await b.item('Lentils', 'kg', 4)
    const res = await env.call('POST', '/api/recipes/cost-preview', { token: chef, body: { kind: 'MENU', menu_price: 2, lines: [{ item_id: x.id, quantity: 150, unit: 'g' }] } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ recipe_id: null, plate_cost: 0.6, food_cost_pct: 30 })
    const soup = await b.recipe({ name: 'Lentil soup', kind: 'PREP', yield_quantity: 1, yield_unit: 'L', lines: [{ item_id: x.id, quantity: 200, unit: 'g' }] })
    const cyc = await env.call('POST', '/api/recipes/cost-preview', { token: chef, body: { id: soup.id, name: 'Lentil soup', kind: 'PREP', yield_quantity: 1, yield_unit: 'L', lines: [{ recipe_id: soup.id, quantity: 1, unit: 'L' }] } })
    expect(cyc.status).toBe(400)
    expect(cyc.body.message).toBe('A recipe cannot use itself: Lentil soup > Lentil soup')
  })

  test('menu costing is sorted by food cost % descending and marks dishes over target; CSV for Chefs too', async () => {
    const beef = await b.item('Beef', 'kg', 100)
    await b.recipe({ name: 'Steak', kind: 'MENU', menu_price: 50, target_food_cost_pct: 35, lines: [{ item_id: beef.id, quantity: 200, unit: 'g' }] })
    const rows = (await env.call('GET', '/api/recipes/menu-costing', { token: chef })).body.data
    const pcts = rows.filter((r: any) => r.food_cost_pct !== null).map((r: any) => r.food_cost_pct)
    expect(pcts).toEqual([...pcts].sort((a: number, c: number) => c - a))
    expect(rows.find((r: any) => r.name === 'Steak')).toMatchObject({ plate_cost: 20, food_cost_pct: 40, target_food_cost_pct: 35, over_target: true, suggested_price: 57.14 })
    const csv = await env.call('GET', '/api/reports/download/menu-costing', { token: chef })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(String(csv.body)).toContain('"Steak"')
  })

  test('items carry density, each_weight and yield_pct; an item used in a recipe is deactivated, not deleted', async () => {
    const item = await b.item('Milk', 'L', 1, { density: 1.03 })
    const got = (await env.call('GET', `/api/items/${item.id}`, { token: manager })).body.data
    expect(got).toMatchObject({ density: 1.03, each_weight: null, yield_pct: 100 })
    const bad = await env.call('PUT', `/api/items/${item.id}`, { token: manager, body: { yield_pct: 0 } })
    expect(bad.status).toBe(400)
    expect((await env.call('PUT', `/api/items/${item.id}`, { token: manager, body: { yield_pct: 95.5, density: null } })).body.data).toMatchObject({ yield_pct: 95.5, density: null })
    await b.recipe({ name: 'Milk shake', kind: 'MENU', lines: [{ item_id: item.id, quantity: 300, unit: 'ml' }] })
    const del = await env.call('DELETE', `/api/items/${item.id}`, { token: manager })
    expect(del.body.data).toMatchObject({ deleted: false, deactivated: true })
  })
})

test("an item's packs are units of it: 2 bottles of a 0.75 L pack", async () => {
  const wine = (await env.call('POST', '/api/items', { token: manager, body: { name: 'House wine', unit: 'L', cost_price: 8, category_id: 1, supplier_id: 1, packs: [{ name: 'bottle', size: 0.75 }] } })).body.data
  const dish = await b.recipe({ name: 'Wine braise', kind: 'MENU', lines: [{ item_id: wine.id, quantity: 2, unit: 'Bottle' }] })
  expect((await b.cost(dish.id)).lines[0]).toMatchObject({ line_cost: 12, status: 'OK' })
  const preview = await env.call('POST', '/api/recipes/cost-preview', { token: manager, body: { kind: 'MENU', lines: [{ item_id: wine.id, quantity: 1, unit: 'bottle' }] } })
  expect(preview.body.data.lines[0].line_cost).toBe(6)
})
