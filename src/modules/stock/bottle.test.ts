import { afterEach, beforeEach, expect, test } from 'bun:test'
import { BAR_MSG } from '../../contract/bar'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from './builders'

// Issue 35: bottle facts on an item. Managers and Storekeepers set them; a Chef may not.

let env: TestEnv
let manager: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

const put = (id: number, token: string, body: unknown) => env.call('PUT', `/api/items/${id}`, { token, body })

test('either pair is enough: full weight or density, the other derived; the one given is kept exactly', async () => {
  const gin = await b.makeItem({ name: 'Gin', unit: 'L' })
  const keeper = await env.userOf('Storekeeper')
  const weighed = await put(gin.id, keeper.token, { bottle_ml: 700, tare_g: 500, full_g: 1165 })
  expect(weighed.status).toBe(200)
  expect(weighed.body.data.bottle).toEqual({ bottle_ml: 700, tare_g: 500, full_g: 1165, density_g_ml: 0.95, given: 'full_g' })
  // A density replaces the full weight; a later tare alone keeps the density given.
  const byDensity = await put(gin.id, manager.token, { density_g_ml: 0.948 })
  expect(byDensity.body.data.bottle).toEqual({ bottle_ml: 700, tare_g: 500, full_g: 1163.6, density_g_ml: 0.948, given: 'density_g_ml' })
  const tare = await put(gin.id, manager.token, { tare_g: 480.5 })
  expect(tare.body.data.bottle).toEqual({ bottle_ml: 700, tare_g: 480.5, full_g: 1144.1, density_g_ml: 0.948, given: 'density_g_ml' })
  expect(env.deps.db.query('SELECT bottle_ml, tare_g, full_g, bottle_density FROM items WHERE id = ?').get(gin.id)).toEqual({ bottle_ml: 70000, tare_g: 48050, full_g: null, bottle_density: 948 })
  // bottle_ml null clears them.
  expect((await put(gin.id, manager.token, { bottle_ml: null })).body.data.bottle).toBeNull()
})

test('wrong facts are refused and change nothing; a Chef may not set them', async () => {
  const gin = await b.makeItem({ name: 'Gin', unit: 'L' })
  const flour = await b.makeItem({ name: 'Flour', unit: 'kg' })
  await put(gin.id, manager.token, { bottle_ml: 700, tare_g: 500, full_g: 1165 })
  const cases: [number, Record<string, unknown>, string][] = [
    [gin.id, { full_g: 400 }, BAR_MSG.fullNotAboveTare(500)],
    [gin.id, { full_g: 3000 }, BAR_MSG.implausibleDensity(3.571)],
    [gin.id, { full_g: 1165, density_g_ml: 0.95 }, BAR_MSG.bothGiven],
    [gin.id, { density_g_ml: 0.9555 }, 'density_g_ml must have at most 3 decimal places'],
    [gin.id, { unit: 'kg' }, BAR_MSG.massUnit('kg')],
    [flour.id, { bottle_ml: 700, tare_g: 500, full_g: 1165 }, BAR_MSG.massUnit('kg')],
    [flour.id, { bottle_ml: 700, full_g: 1165 }, BAR_MSG.needsPair],
  ]
  for (const [id, body, message] of cases) {
    const res = await put(id, manager.token, body)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
  }
  const chef = await env.userOf('Chef')
  expect((await put(gin.id, chef.token, { tare_g: 450 })).status).toBe(403)
  const after = (await env.call('GET', `/api/items/${gin.id}`, { token: chef.token })).body.data
  expect(after.bottle).toEqual({ bottle_ml: 700, tare_g: 500, full_g: 1165, density_g_ml: 0.95, given: 'full_g' })
  expect(after.unit).toBe('L')
})
