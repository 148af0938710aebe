import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { localDate, addDays } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from '../stock/builders'
import { kitchenBuilders } from '../../test/kitchen-builders'
import { raiseSystemAlert } from './events'

let env: TestEnv
let offsetMs = 0
let token: string
let b: ReturnType<typeof stockBuilders>

beforeEach(async () => {
  offsetMs = 0
  env = await makeTestEnv({ clock: () => new Date(Date.now() + offsetMs) })
  token = (await env.userOf('Manager')).token
  b = stockBuilders(env, token)
})
afterEach(() => env.close())

const alertsOf = async (query = '') => (await env.call('GET', `/api/alerts${query}`, { token })).body.data as any[]
const ofItem = async (itemId: number, type?: string) => (await alertsOf('?limit=500')).filter((a) => a.item_id === itemId && (!type || a.type === type))
const today = () => localDate(env.deps.clock(), env.deps.settings.get().time_zone)
const rescan = () => env.deps.alerts.rescan()

describe('stock alerts', () => {
  test('a low-stock alert appears once when stock drops to the minimum and resolves itself when restocked', async () => {
    const item = await b.makeItem({ name: 'Tomatoes', quantity: 10, min: 5 })
    await b.move(item.id, 'OUT', 3)
    expect(await ofItem(item.id)).toEqual([])

    await b.move(item.id, 'OUT', 2) // 5: at the minimum
    await b.move(item.id, 'OUT', 1) // 4: still low, no second alert
    let low = await ofItem(item.id, 'LOW_STOCK')
    expect(low).toHaveLength(1)
    expect(low[0]).toMatchObject({ type: 'LOW_STOCK', priority: 'HIGH', status: 'NEW', item_id: item.id, title: 'Low stock: Tomatoes', resolved_at: null })
    expect(low[0].details).toMatchObject({ item_name: 'Tomatoes', current_quantity: 4, min_stock_level: 5, unit: 'kg' })
    expect(typeof low[0].created_at).toBe('string')

    await b.move(item.id, 'IN', 10)
    low = await ofItem(item.id, 'LOW_STOCK')
    expect(low).toHaveLength(1)
    expect(low[0].status).toBe('RESOLVED')
    expect(low[0].resolved_at).not.toBeNull()

    // Dropping again is a new condition: a new alert.
    await b.move(item.id, 'OUT', 9)
    expect((await ofItem(item.id, 'LOW_STOCK')).map((a) => a.status).sort()).toEqual(['NEW', 'RESOLVED'])
  })

  test('an empty shelf raises OUT_OF_STOCK (high) beside LOW_STOCK, and both clear on delivery', async () => {
    const item = await b.makeItem({ quantity: 2, min: 1 })
    await b.move(item.id, 'OUT', 2)
    const open = await alertsOf('/low-stock')
    expect(open.filter((a) => a.item_id === item.id).map((a) => [a.type, a.priority]).sort()).toEqual([
      ['LOW_STOCK', 'HIGH'],
      ['OUT_OF_STOCK', 'HIGH'],
    ])
    await b.move(item.id, 'IN', 5)
    expect((await alertsOf('/low-stock')).filter((a) => a.item_id === item.id)).toEqual([])
    expect((await ofItem(item.id)).every((a) => a.status === 'RESOLVED')).toBe(true)
  })

  test('read, dismiss and resolve by hand; a condition put away is not raised again while it holds', async () => {
    const item = await b.makeItem({ quantity: 3, min: 5 })
    const [alert] = await ofItem(item.id, 'LOW_STOCK')
    const put = (action: string) => env.call('PUT', `/api/alerts/${alert.id}/${action}`, { token })

    let res = await put('read')
    expect(res.status).toBe(200)
    expect(res.body.data.status).toBe('READ')
    expect(res.body.message).toBe('Alert marked as read')
    res = await put('dismiss')
    expect(res.body.data.status).toBe('DISMISSED')
    res = await put('read')
    expect(res.status).toBe(409)
    res = await put('resolve')
    expect(res.body.data).toMatchObject({ status: 'RESOLVED' })
    expect(res.body.data.resolved_at).not.toBeNull()
    expect((await put('dismiss')).status).toBe(409)

    await b.move(item.id, 'OUT', 1) // still low: the resolved alert stays the only one
    expect(await ofItem(item.id, 'LOW_STOCK')).toHaveLength(1)
    expect((await env.call('GET', `/api/alerts/${alert.id}`, { token })).body.data.status).toBe('RESOLVED')
    expect((await env.call('PUT', '/api/alerts/99999/read', { token })).status).toBe(404)
  })

  test('expiry priorities: 3 days left is HIGH, 4 days MEDIUM, past the date EXPIRED; the hourly rescan moves them on', async () => {
    const t = today()
    const three = await b.makeItem({ name: 'Milk', quantity: 10, expiry: addDays(t, 3) })
    const four = await b.makeItem({ name: 'Cream', quantity: 10, expiry: addDays(t, 4) })
    const past = await b.makeItem({ name: 'Yoghurt', quantity: 10, expiry: addDays(t, -1) })
    const later = await b.makeItem({ name: 'Cheese', quantity: 10, expiry: addDays(t, 8) })

    expect((await ofItem(three.id)).map((a) => [a.type, a.priority])).toEqual([['EXPIRING', 'HIGH']])
    expect((await ofItem(four.id)).map((a) => [a.type, a.priority])).toEqual([['EXPIRING', 'MEDIUM']])
    expect((await ofItem(past.id)).map((a) => [a.type, a.priority])).toEqual([['EXPIRED', 'HIGH']])
    expect(await ofItem(later.id)).toEqual([])
    const fourAlert = (await ofItem(four.id))[0]
    expect(fourAlert.details).toMatchObject({ expiry_date: addDays(t, 4), days_until_expiry: 4 })

    offsetMs = 86_400_000 // a day later
    rescan()
    rescan() // scanning twice raises nothing twice
    expect((await ofItem(four.id)).map((a) => [a.id, a.type, a.priority])).toEqual([[fourAlert.id, 'EXPIRING', 'HIGH']])
    expect((await ofItem(later.id)).map((a) => [a.type, a.priority])).toEqual([['EXPIRING', 'MEDIUM']])

    offsetMs = 4 * 86_400_000 // Milk is now past its date
    rescan()
    const milk = await ofItem(three.id)
    expect(milk.map((a) => [a.type, a.status]).sort()).toEqual([
      ['EXPIRED', 'NEW'],
      ['EXPIRING', 'RESOLVED'],
    ])
    expect((await alertsOf('/expiry')).every((a) => a.type === 'EXPIRING' || a.type === 'EXPIRED')).toBe(true)
  })

  test('a new expiry date resolves the expiry alert', async () => {
    const item = await b.makeItem({ quantity: 10, expiry: addDays(today(), 2) })
    expect((await ofItem(item.id, 'EXPIRING'))[0].status).toBe('NEW')
    await env.call('PUT', `/api/items/${item.id}`, { token, body: { expiry_date: addDays(today(), 60) } })
    rescan()
    expect((await ofItem(item.id, 'EXPIRING'))[0].status).toBe('RESOLVED')
  })

  test('a stock count that changes a balance by more than the threshold raises one MEDIUM discrepancy', async () => {
    await env.deps.settings.update({ discrepancy_count_change: 10 }, null)
    const item = await b.makeItem({ name: 'Rice', quantity: 50 })
    const count = (quantity: number) => env.call('PATCH', `/api/items/${item.id}/quantity`, { token, body: { quantity, remarks: 'Monthly count' } })
    expect((await count(45)).status).toBe(200) // −5: within the threshold
    expect(await ofItem(item.id, 'DISCREPANCY')).toEqual([])
    await count(30) // −15
    const [d] = await alertsOf('/discrepancy')
    expect(d).toMatchObject({ type: 'DISCREPANCY', priority: 'MEDIUM', item_id: item.id, title: 'Stock count discrepancy: Rice' })
    expect(d.details).toMatchObject({ change: -15, threshold: 10 })
    await b.move(item.id, 'IN', 1)
    expect(await alertsOf('/discrepancy')).toHaveLength(1)
  })

  test("a day's kitchen wastage above the threshold raises one discrepancy for that day", async () => {
    await env.deps.settings.update({ discrepancy_wastage_value: 100 }, null)
    const k = await kitchenBuilders(env)
    const item = await k.makeItem({ kitchen: 30 }) // cost 10 a unit
    const waste = (quantity: number) => env.call('POST', '/api/kitchen-inventory/wastage', { token: k.chef.token, body: { item_id: item.id, quantity, remarks: 'Spoiled' } })
    expect((await waste(6)).status).toBe(201) // 60
    expect(await alertsOf('/discrepancy')).toEqual([])
    await waste(5) // 110 in the day
    await waste(1) // 120: the same alert, brought up to date
    const list = await alertsOf('/discrepancy')
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ priority: 'MEDIUM', item_id: null })
    expect(list[0].details).toMatchObject({ wastage_value: 120, records: 3, threshold: 100 })
  })

  test('a SYSTEM alert is raised once while open and again after it was resolved', async () => {
    raiseSystemAlert(env.deps.db, env.deps, { title: 'Backup failed', message: 'disk full' })
    raiseSystemAlert(env.deps.db, env.deps, { title: 'Backup failed', message: 'disk still full' })
    let list = await alertsOf('/system')
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ type: 'SYSTEM', priority: 'HIGH', message: 'disk still full' })
    expect(list[0].details.occurrences).toBe(2)
    await env.call('PUT', `/api/alerts/${list[0].id}/resolve`, { token })
    raiseSystemAlert(env.deps.db, env.deps, { title: 'Backup failed', message: 'again' })
    list = await alertsOf('/system?status=NEW')
    expect(list.map((a) => a.message)).toEqual(['again'])
  })

  test('filters, search, paging and statistics', async () => {
    const onions = await b.makeItem({ name: 'Onions', quantity: 1, min: 2 })
    await b.move(onions.id, 'OUT', 1)
    await b.makeItem({ name: 'Garlic', quantity: 10, min: 1, expiry: addDays(today(), 5) })
    const res = await env.call('GET', '/api/alerts?type=low_stock&priority=high&q=onion&page=1&limit=10', { token })
    expect(res.body.meta).toEqual({ total: 1, page: 1, limit: 10 })
    expect(res.body.data[0].title).toBe('Low stock: Onions')
    expect((await env.call('GET', '/api/alerts?status=bogus', { token })).status).toBe(400)

    const stats = (await env.call('GET', '/api/alerts/statistics', { token })).body.data
    expect(stats).toMatchObject({ total: 3, open: 3, high_priority_open: 2 })
    expect(stats.by_type).toMatchObject({ LOW_STOCK: 1, OUT_OF_STOCK: 1, EXPIRING: 1, EXPIRED: 0 })
    expect(stats.by_priority).toEqual({ HIGH: 2, MEDIUM: 1, LOW: 0 })
    expect(stats.by_status).toEqual({ NEW: 3, READ: 0, DISMISSED: 0, RESOLVED: 0 })
  })

  test('alerts are for the Manager only', async () => {
    const store = await env.userOf('Storekeeper')
    expect((await env.call('GET', '/api/alerts', { token: store.token })).status).toBe(403)
    expect((await env.call('GET', '/api/alerts/statistics', { token: store.token })).status).toBe(403)
  })
})
