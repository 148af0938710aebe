import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DEMO_PASSWORD, seedDemo } from '../../cli/demo'
import { addDays, localDate } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { recountStockFigures } from './repo'

// The dashboard reads its stock figures from counters kept by triggers and from index ranges, never by
// a pass over the items. After every kind of change they must equal a full recount of the items.

let env: TestEnv
const tokens: Record<string, string> = {}

interface RawItem { id: number; name: string; current_quantity: number; min_stock_level: number; is_active: number }

beforeAll(async () => {
  env = await makeTestEnv()
  await seedDemo(env.deps)
  for (const [role, email] of [['manager', 'manager@rims.local'], ['store', 'store@rims.local']]) {
    tokens[role] = (await env.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })).body.data.token
  }
}, 60_000)
afterAll(() => env.close())

const call = async (method: string, path: string, body?: unknown, role = 'manager') => {
  const res = await env.call(method, path, { token: tokens[role], body })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}
const items = () => env.deps.db.query('SELECT id, name, current_quantity, min_stock_level, is_active FROM items ORDER BY id').all() as RawItem[]

/** Every figure the dashboards show, against the recount over every active item. */
async function expectFiguresEqualRecount() {
  const today = localDate(new Date(), env.deps.settings.get().time_zone)
  const until = addDays(today, env.deps.settings.get().expiring_days)
  const full = recountStockFigures(env.deps.db, today, until)
  const stats = (await call('GET', '/api/manager/dashboard/stats')).data
  expect(stats.stock).toEqual({ totalItems: full.total_items, lowStockItems: full.low_stock, totalValue: full.value_cents / 100 })
  expect(stats.charts.stock_status).toEqual({
    expired: full.expired,
    out_of_stock: full.out_of_stock,
    low_stock: full.low_only,
    in_stock: full.total_items - full.expired - full.out_of_stock - full.low_only,
  })
  const trends = (await call('GET', '/api/manager/dashboard/trends?days=7')).data
  expect(trends.stock_value[6]).toBe(full.value_cents / 100)
  const summary = (await call('GET', '/api/dashboard', undefined, 'store')).data
  expect(summary.cards.low_stock).toBe(full.low_stock)
  expect(summary.cards.expiring_soon).toBe(full.expiring)
  expect(summary.cards.total_items).toBe(full.total_items)

  // The low-stock list, read in the order of its index, is the whole list sorted here.
  const low = items()
    .filter((i) => i.is_active === 1 && i.current_quantity <= i.min_stock_level)
    .sort(
      (a, b) =>
        Number(a.current_quantity > 0) - Number(b.current_quantity > 0) ||
        a.current_quantity / Math.max(a.min_stock_level, 1) - b.current_quantity / Math.max(b.min_stock_level, 1) ||
        (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id),
    )
  const alerts = await call('GET', '/api/manager/dashboard/stock-alerts?limit=100')
  expect(alerts.meta.total).toBe(low.length)
  expect(alerts.data.map((i: { id: number }) => i.id)).toEqual(low.slice(0, 100).map((i) => i.id))
  expect(summary.low_stock_items.map((i: { id: number }) => i.id)).toEqual(low.slice(0, 3).map((i) => i.id))
  return full
}

describe('dashboard stock figures from the counters', () => {
  test('equal a full recount over the demo data, then after movements, counts, edits and a deactivation', async () => {
    const first = await expectFiguresEqualRecount()
    expect(first.low_stock).toBeGreaterThan(0)
    const today = localDate(new Date(), env.deps.settings.get().time_zone)
    const [a, b, c, d, e] = items().filter((i) => i.is_active === 1 && i.current_quantity > 0)

    await call('POST', '/api/stock-movements', { item_id: a.id, type: 'OUT', quantity: a.current_quantity / 100, remarks: 'Emptied' }, 'store')
    await expectFiguresEqualRecount()
    await call('POST', '/api/stock-movements', { item_id: b.id, type: 'IN', quantity: 12.35, remarks: 'Delivery' }, 'store')
    await expectFiguresEqualRecount()
    await call('PATCH', `/api/items/${c.id}/quantity`, { quantity: 0.5, remarks: 'Count' }, 'store')
    await call('PUT', `/api/items/${c.id}`, { min_stock_level: 3, cost_price: 17.33 })
    await expectFiguresEqualRecount()
    await call('PUT', `/api/items/${d.id}`, { expiry_date: addDays(today, -1) })
    await call('PUT', `/api/items/${a.id}`, { expiry_date: addDays(today, 2) })
    await expectFiguresEqualRecount()
    await call('PUT', `/api/items/${e.id}`, { is_active: false })
    const last = await expectFiguresEqualRecount()
    expect(last.total_items).toBe(first.total_items - 1)
    expect(last.out_of_stock + last.expired).toBeGreaterThan(0)
  })
})
