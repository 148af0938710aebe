import { afterEach, beforeEach, expect, test } from 'bun:test'
import { BAR_MSG } from '../../contract/bar'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'

// Issue 35: a count line of a bottle item counts full bottles as packs and each open bottle by its weight (or in
// tenths by eye), stored in the item's unit to the hundredth; the line keeps the weights for the sheet and review.

let env: TestEnv
let manager: { id: number; token: string }
let keeper: { id: number; token: string }
let b: ReturnType<typeof stockBuilders>
beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
  keeper = await env.userOf('Storekeeper')
  b = stockBuilders(env, manager.token)
})
afterEach(() => env.close())

const call = (method: string, path: string, token: string, body?: unknown) => env.call(method, path, { token, body })

async function setUp() {
  const gin = await b.makeItem({ name: 'Gin', unit: 'L', quantity: 12 })
  const set = await call('PUT', `/api/items/${gin.id}`, manager.token, {
    packs: [{ name: 'bottle', size: 0.7 }, { name: 'case', size: 8.4 }],
    bottle_ml: 700, tare_g: 500, density_g_ml: 0.95,
  })
  expect(set.status).toBe(200)
  const [bottle, kase] = set.body.data.packs
  const area = await call('POST', '/api/storage-areas', manager.token, { name: 'Bar' })
  await call('PUT', `/api/storage-areas/${area.body.data.id}/items`, manager.token, { item_ids: [gin.id] })
  const count = await call('POST', '/api/stock-counts', keeper.token, { area_ids: [area.body.data.id], blind: false })
  return { gin, bottle, kase, area: area.body.data.id as number, count: count.body.data.id as number }
}

test('one case, three full bottles and three open bottles by weight: 11.33 L, the weights kept on the line', async () => {
  const s = await setUp()
  const res = await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, {
    area_id: s.area, item_id: s.gin.id, packs: [{ pack_id: s.kase.id, quantity: 1 }, { pack_id: s.bottle.id, quantity: 3 }], open_weights_g: [832.5, 612, 845],
  })
  expect(res.status).toBe(200)
  // 8.4 + 2.1 + (350 + 117.894… + 363.157… ml = 831.052… ml → 0.83 L, rounded once).
  expect(res.body.data.counted).toBe(11.33)
  expect(res.body.data.open).toEqual({ weights_g: [832.5, 612, 845], tenths: [], ml: 831.05 })
  const sheet = await call('GET', `/api/stock-counts/${s.count}`, keeper.token)
  expect(sheet.body.data.lines[0].open).toEqual({ weights_g: [832.5, 612, 845], tenths: [], ml: 831.05 })
  expect(sheet.body.data.lines[0].entries.at(-1)).toMatchObject({ packs: [{ pack_id: s.kase.id, quantity: 1 }, { pack_id: s.bottle.id, quantity: 3 }], counted: 11.33 })
  // A weight at the tare is an empty bottle: 0.
  const empty = await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: s.gin.id, open_weights_g: [500] })
  expect(empty.body.data.counted).toBe(0)
  expect(empty.body.data.open).toEqual({ weights_g: [500], tenths: [], ml: 0 })
})

test('tenths by eye; a weight over the full bottle is refused naming both limits and changes nothing', async () => {
  const s = await setUp()
  const tenths = await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: s.gin.id, packs: [{ pack_id: s.bottle.id, quantity: 2 }], open_tenths: [3, 7] })
  expect(tenths.status).toBe(200)
  expect(tenths.body.data.counted).toBe(2.1)
  expect(tenths.body.data.open).toEqual({ weights_g: [], tenths: [3, 7], ml: 700 })
  const over = await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: s.gin.id, open_weights_g: [832.5, 1200] })
  expect(over.status).toBe(400)
  expect(over.body.message).toBe(BAR_MSG.weightOutside(1200, 500, 1165))
  const under = await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: s.gin.id, open_weights_g: [499] })
  expect(under.body.message).toBe(BAR_MSG.weightOutside(499, 500, 1165))
  expect((await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: s.gin.id, open_tenths: [11] })).body.message).toBe('open_tenths must be whole tenths (0–10)')
  expect((await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: s.gin.id, counted: 3, open_tenths: [1] })).status).toBe(400)
  const line = (await call('GET', `/api/stock-counts/${s.count}`, keeper.token)).body.data.lines[0]
  expect(line.counted).toBe(2.1)
  expect(line.entries).toHaveLength(1)
})

test('an item without bottle facts cannot be weighed; a phone entry may carry weights too; the review shows the volume', async () => {
  const s = await setUp()
  const rum = await b.makeItem({ name: 'Rum', unit: 'L' })
  await call('PUT', `/api/items/${rum.id}`, manager.token, {})
  await call('POST', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: rum.id })
  const refused = await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: rum.id, open_weights_g: [700] })
  expect(refused.status).toBe(400)
  expect(refused.body.message).toBe(BAR_MSG.noBottle('Rum'))
  const id = crypto.randomUUID()
  const batch = await call('POST', `/api/stock-counts/${s.count}/entries`, keeper.token, {
    entries: [{ id, area_id: s.area, item_id: s.gin.id, packs: [{ pack_id: s.kase.id, quantity: 1 }], open_weights_g: [832.5], counted_at: '2026-11-27T09:30:00Z' }],
  })
  expect(batch.status).toBe(200)
  const line = (await call('GET', `/api/stock-counts/${s.count}`, keeper.token)).body.data.lines.find((l: any) => l.item_id === s.gin.id)
  expect(line.counted).toBe(8.75)
  expect(line.open).toEqual({ weights_g: [832.5], tenths: [], ml: 350 })
  await call('PUT', `/api/stock-counts/${s.count}/lines`, keeper.token, { area_id: s.area, item_id: rum.id, counted: 0 })
  expect((await call('POST', `/api/stock-counts/${s.count}/submit`, keeper.token, { uncounted: 'UNCHANGED' })).status).toBe(200)
  const review = (await call('GET', `/api/stock-counts/${s.count}/review`, manager.token)).body.data
  expect(review.lines.find((l: any) => l.item_id === s.gin.id)).toMatchObject({ counted: 8.75, expected: 12, open_ml: 350 })
})
