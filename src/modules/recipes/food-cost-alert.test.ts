import { afterAll, beforeAll, expect, test } from 'bun:test'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recipeBuilders } from '../../test/recipe-builders'

let env: TestEnv
let manager: string
beforeAll(async () => {
  env = await makeTestEnv()
  manager = (await env.userOf('Manager')).token
}, 60_000)
afterAll(() => env.close())

const foodCostAlerts = async () => (await env.call('GET', '/api/alerts?type=FOOD_COST&limit=50', { token: manager })).body.data as any[]

test('a price change at receiving pushes a dish over its target: FOOD_COST (MEDIUM) names the dish and the old and new %; it resolves itself once back under', async () => {
  const b = recipeBuilders(env, manager)
  const beef = await b.item('Beef mince', 'kg', 20)
  const supplier = (await env.call('GET', '/api/items/' + beef.id, { token: manager })).body.data.supplier_id
  const dish = await b.recipe({ name: 'Burger', kind: 'MENU', menu_price: 10, lines: [{ item_id: beef.id, quantity: 100, unit: 'g' }] })
  expect((await b.cost(dish.id)).food_cost_pct).toBe(20)
  const receive = (n: string, quantity: number, price: number) =>
    env.call('POST', '/api/receipts', {
      token: manager,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { supplier_id: supplier, invoice_number: n, invoice_date: '2026-03-01', lines: [{ item_id: beef.id, pack_id: null, received_quantity: quantity, unit_price: price }] },
    })
  // Nothing in stock: the average is the new price, 40.00/kg → 4.00 a plate, 40% of 10.00.
  expect((await receive('INV-1', 1, 40)).status).toBe(201)
  const raised = await foodCostAlerts()
  expect(raised).toHaveLength(1)
  expect(raised[0]).toMatchObject({ type: 'FOOD_COST', priority: 'MEDIUM', status: 'NEW', title: 'Food cost over target: Burger' })
  expect(raised[0].message).toContain('food cost 40.00% (was 20.00%)')
  expect(raised[0].details).toMatchObject({ recipe_name: 'Burger', old_pct: 20, new_pct: 40, target_pct: 30 })

  // 9 kg more at 10.00: (1 × 40 + 9 × 10) / 10 = 13.00/kg → 13%: back under, the alert resolves itself.
  expect((await receive('INV-2', 9, 10)).status).toBe(201)
  const after = await foodCostAlerts()
  expect(after).toHaveLength(1)
  expect(after[0].status).toBe('RESOLVED')
})

test('a dish priced back under its target resolves its alert', async () => {
  const b = recipeBuilders(env, manager)
  const fish = await b.item('Tuna', 'kg', 10)
  const dish = await b.recipe({ name: 'Tuna steak', kind: 'MENU', menu_price: 8, lines: [{ item_id: fish.id, quantity: 200, unit: 'g' }] })
  expect((await env.call('PUT', `/api/items/${fish.id}`, { token: manager, body: { cost_price: 20 } })).status).toBe(200)
  const open = (await foodCostAlerts()).find((a) => a.details.recipe_name === 'Tuna steak')
  expect(open).toMatchObject({ status: 'NEW' })
  expect(open.message).toContain('food cost 50.00% (was 25.00%)')
  expect((await env.call('PUT', `/api/recipes/${dish.id}`, { token: manager, body: { menu_price: 16 } })).status).toBe(200)
  expect((await foodCostAlerts()).find((a) => a.details.recipe_name === 'Tuna steak').status).toBe('RESOLVED')
})
