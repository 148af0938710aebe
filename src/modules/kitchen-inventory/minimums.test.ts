import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { KITCHEN_MSG } from '../../contract/kitchen'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { kitchenBuilders } from '../../test/kitchen-builders'

// Kitchen minimums per item (issue 24): none by default, set on the kitchen row, used by the list's
// Low status, the statistics and the Chef's dashboard (its Low Stock card and 'Request More' list).
let env: TestEnv
let k: Awaited<ReturnType<typeof kitchenBuilders>>
beforeAll(async () => {
  env = await makeTestEnv()
  k = await kitchenBuilders(env)
}, 60_000)
afterAll(() => env.close())

const setMin = (itemId: number, body: unknown, token = k.chef.token) => env.call('PUT', `/api/kitchen-inventory/inventory/${itemId}/minimum`, { token, body: body as object })
const stored = (itemId: number) => (env.deps.db.query('SELECT min_quantity AS m FROM kitchen_stock WHERE item_id = $itemId').get({ itemId }) as { m: number | null }).m
const get = async (path: string, token = k.chef.token) => (await env.call('GET', path, { token })).body
const row = async (itemId: number) => (await get('/api/kitchen-inventory/inventory?limit=100')).data.find((r: any) => r.item_id === itemId)
const lowIds = async () => (await get('/api/kitchen-inventory/inventory?stock=low&limit=100')).data.map((r: any) => r.item_id)

describe('kitchen minimums', () => {
  test('a kitchen item has no minimum until one is set: 1 kg of anything is not Low', async () => {
    const item = await k.makeItem({ kitchen: 1, name: 'Garlic' })
    expect((await row(item.id)).min_quantity).toBeNull()
    expect(await lowIds()).not.toContain(item.id)
    expect((await get('/api/kitchen-inventory/inventory/statistics')).data.low_stock_items).toBe(0)
    expect((await get('/api/dashboard')).data.cards.low_stock).toBe(0)
  })

  test('set in hundredths, it makes the row Low at or below it, in the list, its counts and the Chef dashboard', async () => {
    const rice = await k.makeItem({ kitchen: 2.5, name: 'Basmati rice' })
    const oil = await k.makeItem({ kitchen: 8, name: 'Cooking oil', unit: 'liters' })
    const res = await setMin(rice.id, { min_quantity: 2.5 })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(KITCHEN_MSG.minimumSaved)
    expect(res.body.data).toMatchObject({ item_id: rice.id, quantity: 2.5, min_quantity: 2.5 })
    expect(stored(rice.id)).toBe(250)
    expect((await setMin(oil.id, { min_quantity: 7.99 }, k.manager.token)).status).toBe(200)
    expect(stored(oil.id)).toBe(799)

    expect(await lowIds()).toEqual([rice.id]) // 2.5 ≤ 2.5 is Low; 8 > 7.99 is not
    const before = (await get('/api/kitchen-inventory/inventory/statistics')).data.low_stock_items
    expect(before).toBe(1)
    const dash = (await get('/api/dashboard')).data
    expect(dash.cards.low_stock).toBe(1)
    expect(dash.low_stock_items).toEqual([{ item_id: rice.id, item_name: 'Basmati rice', unit: 'kg', quantity: 2.5 }])

    // Using 0.01 l of oil brings it to its minimum: Low now too.
    expect((await env.call('POST', '/api/kitchen-inventory/usage', { token: k.chef.token, body: { item_id: oil.id, quantity: 0.01 } })).status).toBe(201)
    expect(await lowIds()).toEqual([rice.id, oil.id])
    expect((await get('/api/kitchen-inventory/inventory/statistics')).data.low_stock_items).toBe(2)
    expect((await get('/api/dashboard')).data.cards.low_stock).toBe(2)

    // Cleared (null): never Low again; 0 likewise (0 < quantity ≤ 0 holds for nothing).
    const cleared = await setMin(rice.id, { min_quantity: null })
    expect(cleared.body.message).toBe(KITCHEN_MSG.minimumCleared)
    expect(stored(rice.id)).toBeNull()
    expect((await setMin(oil.id, { min_quantity: 0 })).status).toBe(200)
    expect(stored(oil.id)).toBe(0)
    expect(await lowIds()).toEqual([])
    expect((await get('/api/dashboard')).data.cards.low_stock).toBe(0)
  })

  test('an empty kitchen row stays Out of Stock, not Low, whatever its minimum', async () => {
    const item = await k.makeItem({ kitchen: 1, name: 'Okra' })
    await setMin(item.id, { min_quantity: 3 })
    await env.call('POST', '/api/kitchen-inventory/usage', { token: k.chef.token, body: { item_id: item.id, quantity: 1 } })
    expect(await lowIds()).not.toContain(item.id)
    expect((await get('/api/kitchen-inventory/inventory?stock=out&limit=100')).data.map((r: any) => r.item_id)).toContain(item.id)
  })

  test('bad input is refused with a message naming the field, and nothing changes', async () => {
    const item = await k.makeItem({ kitchen: 4, name: 'Tomatoes' })
    await setMin(item.id, { min_quantity: 1.5 })
    const refused = async (body: unknown, status: number, message: unknown, token?: string) => {
      const res = await setMin(item.id, body, token)
      expect(res.status).toBe(status)
      expect(res.body.message).toEqual(message)
      expect(stored(item.id)).toBe(150)
    }
    await refused({ min_quantity: -1 }, 400, 'min_quantity must be at least 0')
    await refused({ min_quantity: 1.255 }, 400, 'min_quantity must have at most 2 decimal places')
    await refused({ min_quantity: '2' }, 400, 'min_quantity must be a number')
    await refused({}, 400, 'min_quantity must be a number')
    await refused({ min_quantity: 2_000_000_000 }, 400, 'min_quantity is too large')
    await refused({ min_quantity: 2 }, 403, expect.any(String), k.store.token)
    const bad = await env.call('PUT', '/api/kitchen-inventory/inventory/abc/minimum', { token: k.chef.token, body: { min_quantity: 1 } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('item_id must be a whole number')
    expect((await env.call('PUT', '/api/kitchen-inventory/inventory/999999/minimum', { token: k.chef.token, body: { min_quantity: 1 } })).body.message).toBe('Item not found')
    // An item the kitchen has never held has no kitchen row to carry a minimum.
    const never = await k.makeItem({ store: 5, name: 'Cake flour' })
    const notYet = await setMin(never.id, { min_quantity: 1 })
    expect(notYet.status).toBe(404)
    expect(notYet.body.message).toBe(KITCHEN_MSG.notInKitchen)
  })

  test('a change is audited with who set what', async () => {
    const item = await k.makeItem({ kitchen: 4, name: 'Lemons' })
    await setMin(item.id, { min_quantity: 0.75 })
    const audit = env.deps.db.query("SELECT user_id, entity_id, details FROM audit_log WHERE entity = 'kitchen_minimum' ORDER BY id DESC LIMIT 1").get() as { user_id: number; entity_id: number; details: string }
    expect(audit).toEqual({ user_id: k.chef.id, entity_id: item.id, details: JSON.stringify({ item_id: item.id, min_quantity: 0.75 }) })
  })

  test('the shared kitchen_low_threshold setting is gone: not displayed, not taken', async () => {
    const display = (await env.call('GET', '/api/settings/display')).body.data
    expect(display).not.toHaveProperty('kitchen_low_threshold')
    await env.call('PUT', '/api/manager/settings', { token: k.manager.token, body: { kitchen_low_threshold: 1 } })
    expect(env.deps.db.query("SELECT count(*) AS n FROM settings WHERE key = 'kitchen_low_threshold'").get()).toEqual({ n: 0 })
  })
})
