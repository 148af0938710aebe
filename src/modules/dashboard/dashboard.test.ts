import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DEMO_PASSWORD, seedDemo } from '../../cli/demo'
import { costValueCents } from '../../contract/fixed'
import { addDays, daysBetween, localDate } from '../../contract/dates'
import { makeTestEnv, type TestEnv } from '../../test/harness'

// Every figure is recomputed here from the raw tables of the demo restaurant, independently of the SQL under test.

let env: TestEnv
const tokens: Record<string, string> = {}
let today: string
let zone: string

interface RawItem { id: number; category_id: number; cost_e5: number; current_quantity: number; min_stock_level: number; expiry_date: string | null; is_active: number }

beforeAll(async () => {
  env = await makeTestEnv()
  await seedDemo(env.deps)
  for (const [role, email] of [['manager', 'manager@rims.local'], ['store', 'store@rims.local'], ['chef', 'chef@rims.local']]) {
    tokens[role] = (await env.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })).body.data.token
  }
  zone = env.deps.settings.get().time_zone
  today = localDate(new Date(), zone)
}, 60_000)
afterAll(() => env.close())

const get = async (path: string, role = 'manager') => {
  const res = await env.call('GET', path, { token: tokens[role] })
  expect(res.status).toBe(200)
  return res.body.data
}
const all = <T>(sql: string) => env.deps.db.query(sql).all() as T[]
const activeItems = () => all<RawItem>('SELECT * FROM items').filter((i) => i.is_active === 1)

describe('manager dashboard over the demo restaurant', () => {
  test('stats: stock and users equal the sums of the rows', async () => {
    const items = activeItems()
    const users = all<{ is_active: number }>('SELECT is_active FROM users')
    const stats = await get('/api/manager/dashboard/stats')
    expect(items.length).toBeGreaterThan(40)
    expect(stats.stock).toEqual({
      totalItems: items.length,
      lowStockItems: items.filter((i) => i.current_quantity <= i.min_stock_level).length,
      totalValue: items.reduce((sum, i) => sum + costValueCents(i.cost_e5, i.current_quantity), 0) / 100,
    })
    expect(stats.users).toEqual({ total: users.length, active: users.filter((u) => u.is_active).length, inactive: users.filter((u) => !u.is_active).length })
  })

  test('stats: chart counts (stock status first match wins, movement types, request statuses, items by category)', async () => {
    const items = activeItems()
    const status = { expired: 0, out_of_stock: 0, low_stock: 0, in_stock: 0 }
    for (const i of items) {
      if (i.expiry_date && i.expiry_date < today) status.expired++
      else if (i.current_quantity === 0) status.out_of_stock++
      else if (i.current_quantity <= i.min_stock_level) status.low_stock++
      else status.in_stock++
    }
    const countBy = (rows: { k: string }[]) => rows.reduce<Record<string, number>>((acc, r) => ((acc[r.k] = (acc[r.k] ?? 0) + 1), acc), {})
    const types = countBy(all('SELECT type AS k FROM stock_movements'))
    const statuses = countBy(all('SELECT status AS k FROM kitchen_requests'))
    const categories = all<{ id: number; name: string }>('SELECT id, name FROM categories ORDER BY id')
    const byCategory = categories
      .map((c) => ({ category_id: c.id, name: c.name, count: items.filter((i) => i.category_id === c.id).length }))
      .filter((c) => c.count > 0)

    const { charts } = await get('/api/manager/dashboard/stats')
    expect(charts.stock_status).toEqual(status)
    expect(charts.movement_types).toEqual({ IN: types.IN ?? 0, OUT: types.OUT ?? 0, ADJUSTMENT: types.ADJUSTMENT ?? 0 })
    expect(charts.request_statuses).toEqual({ PENDING: statuses.PENDING ?? 0, APPROVED: statuses.APPROVED ?? 0, REJECTED: statuses.REJECTED ?? 0, FULFILLED: statuses.FULFILLED ?? 0 })
    expect(Object.values(statuses).every((n) => n > 0)).toBe(true)
    expect([...charts.items_by_category].sort((a: any, b: any) => a.category_id - b.category_id)).toEqual(byCategory)
  })

  test('recent activity: movements and kitchen requests merged, newest first, 20 by default', async () => {
    const entries = await get('/api/manager/dashboard/recent-activity')
    const merged = [
      ...all<{ at: string }>("SELECT movement_date AS at FROM stock_movements"),
      ...all<{ at: string }>('SELECT requested_at AS at FROM kitchen_requests'),
    ]
      .map((r) => r.at)
      .sort()
      .reverse()
      .slice(0, 20)
    expect(entries).toHaveLength(20)
    expect(entries.map((e: any) => e.at)).toEqual(merged)
    expect(Object.keys(entries[0]).sort()).toEqual(['at', 'id', 'kind', 'role_name', 'title', 'user_name'])
    expect(new Set(entries.map((e: any) => e.kind)).size).toBeGreaterThan(0)
    expect(await get('/api/manager/dashboard/recent-activity?limit=5')).toHaveLength(5)
  })

  test('trends: daily columns in the restaurant zone equal the ledger, and the last stock value is today’s', async () => {
    const trends = await get('/api/manager/dashboard/trends?days=30')
    const dates = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29))
    expect(trends.dates).toEqual(dates)
    const perDay = (rows: { at: string; v: number }[]) => dates.map((d) => rows.filter((r) => localDate(new Date(r.at), zone) === d).reduce((a, r) => a + r.v, 0))
    expect(trends.stock_in).toEqual(perDay(all("SELECT movement_date AS at, 1 AS v FROM stock_movements WHERE type = 'IN'")))
    expect(trends.stock_out).toEqual(perDay(all("SELECT movement_date AS at, 1 AS v FROM stock_movements WHERE type = 'OUT'")))
    expect(trends.usage).toEqual(perDay(all("SELECT movement_date AS at, 1 AS v FROM kitchen_movements WHERE source_type = 'USAGE'")))
    const waste = perDay(all("SELECT m.movement_date AS at, (i.cost_e5 * m.quantity + 50000) / 100000 AS v FROM kitchen_movements m JOIN items i ON i.id = m.item_id WHERE m.movement_type = 'WASTE'"))
    expect(trends.wastage_value).toEqual(waste.map((c) => c / 100))
    expect(trends.stock_in.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0)

    // The closing value of each day: every active item at its cost, with its balance as it stood then.
    const items = activeItems()
    const costSpread = new Map(all<{ item_id: number; spread: number }>('SELECT item_id, max(cost_e5) - min(cost_e5) AS spread FROM item_cost_history GROUP BY item_id HAVING spread > 0').map((r) => [r.item_id, r.spread]))
    const moves = all<{ item_id: number; at: string; type: string; quantity: number }>('SELECT item_id, movement_date AS at, type, quantity FROM stock_movements')
    const stats = await get('/api/manager/dashboard/stats')
    expect(trends.stock_value[29]).toBe(stats.stock.totalValue)
    for (const day of [0, 15, 28]) {
      const end = dates[day]
      const qty = new Map(items.map((i) => [i.id, i.current_quantity]))
      for (const m of moves) {
        if (localDate(new Date(m.at), zone) <= end || !qty.has(m.item_id)) continue
        qty.set(m.item_id, qty.get(m.item_id)! - (m.type === 'OUT' ? -m.quantity : m.quantity))
      }
      const exact = items.reduce((sum, i) => sum + costValueCents(i.cost_e5, qty.get(i.id)!), 0) / 100
      // Each later movement is valued on its own, rounded to the ngwee: at most half a ngwee apart per movement.
      const laterMoves = moves.filter((m) => localDate(new Date(m.at), zone) > end)
      // A movement is valued at the cost it had when recorded, and a cost change counts its revaluation when it is
      // made: an item whose cost a receipt changed (the demo's T-bone, issue 32.11) may differ by the change times
      // its balance and the quantities moved since.
      const moved = (id: number) => items.find((i) => i.id === id)!.current_quantity + laterMoves.filter((m) => m.item_id === id).reduce((a, m) => a + Math.abs(m.quantity), 0)
      const slack = [...costSpread].reduce((a, [id, spread]) => a + (items.some((i) => i.id === id) ? spread * moved(id) : 0), 0) / 100_000 / 100
      expect(Math.abs(trends.stock_value[day] - exact)).toBeLessThanOrEqual(laterMoves.length * 0.005 + slack + 1e-9)
    }
  })

  test('stock and expiry alert lists', async () => {
    const items = activeItems()
    const low = await env.call('GET', '/api/manager/dashboard/stock-alerts?limit=3', { token: tokens.manager })
    expect(low.body.meta.total).toBe(items.filter((i) => i.current_quantity <= i.min_stock_level).length)
    expect(low.body.data.length).toBe(Math.min(3, low.body.meta.total))
    for (const i of low.body.data) expect(i.current_quantity).toBeLessThanOrEqual(i.min_stock_level)
    const until = addDays(today, env.deps.settings.get().expiring_days)
    const expiry = await env.call('GET', '/api/manager/dashboard/expiry-alerts', { token: tokens.manager })
    expect(expiry.body.meta.total).toBe(items.filter((i) => i.expiry_date && i.expiry_date <= until).length)
    for (const i of expiry.body.data) {
      expect(i.days_until_expiry).toBe(daysBetween(today, i.expiry_date))
      expect(i.priority).toBe(i.days_until_expiry <= 3 ? 'HIGH' : 'MEDIUM')
      expect(i.status).toBe(i.days_until_expiry < 0 ? 'expired' : 'expiring')
    }
  })
})

describe('role summaries (GET /dashboard)', () => {
  test("the Storekeeper's cards, alerts and five recent entries", async () => {
    const items = activeItems()
    const until = addDays(today, env.deps.settings.get().expiring_days)
    const s = await get('/api/dashboard', 'store')
    expect(s.role).toBe('Storekeeper')
    expect(s.cards).toEqual({
      total_items: items.length,
      total_categories: all('SELECT id FROM categories').length,
      low_stock: items.filter((i) => i.current_quantity <= i.min_stock_level).length,
      expiring_soon: items.filter((i) => i.expiry_date && i.expiry_date >= today && i.expiry_date <= until).length,
      expired: items.filter((i) => i.expiry_date && i.expiry_date < today).length,
    })
    expect(s.low_stock_items.length).toBeLessThanOrEqual(3)
    expect(s.expiring_items.length).toBeLessThanOrEqual(2)
    expect(s.recent_activity).toHaveLength(5)
  })

  test("the Chef's cards, kitchen low stock and a week-on-week trend from real requests", async () => {
    const chefId = (env.deps.db.query("SELECT id FROM users WHERE email = 'chef@rims.local'").get() as { id: number }).id
    const mine = all<{ chef_id: number; status: string; requested_at: string }>('SELECT chef_id, status, requested_at FROM kitchen_requests').filter((r) => r.chef_id === chefId)
    const kitchen = all<{ item_id: number; quantity: number; min_quantity: number | null }>('SELECT item_id, quantity, min_quantity FROM kitchen_stock')
    const daysAgo = (r: { requested_at: string }) => daysBetween(localDate(new Date(r.requested_at), zone), today)
    const thisWeek = mine.filter((r) => daysAgo(r) >= 0 && daysAgo(r) <= 6).length
    const lastWeek = mine.filter((r) => daysAgo(r) >= 7 && daysAgo(r) <= 13).length

    const s = await get('/api/dashboard', 'chef')
    expect(s.role).toBe('Chef')
    expect(s.cards).toEqual({
      total_requests: mine.length,
      pending: mine.filter((r) => r.status === 'PENDING').length,
      kitchen_items: kitchen.filter((k) => k.quantity > 0).length,
      low_stock: kitchen.filter((k) => k.quantity > 0 && k.min_quantity !== null && k.quantity <= k.min_quantity).length,
    })
    expect(s.low_stock_items.length).toBe(Math.min(5, s.cards.low_stock))
    expect(s.trend.this_week).toBe(thisWeek)
    expect(s.trend.last_week).toBe(lastWeek)
    if (lastWeek > 0) expect(s.trend.change_percent).toBe(Math.round(((thisWeek - lastWeek) / lastWeek) * 100))
    expect(s.recent_activity.every((e: any) => e.kind !== 'movement')).toBe(true)
  })

  test('manager dashboard endpoints are refused to the other roles', async () => {
    for (const role of ['store', 'chef']) {
      expect((await env.call('GET', '/api/manager/dashboard/stats', { token: tokens[role] })).status).toBe(403)
      expect((await env.call('GET', '/api/manager/dashboard/trends', { token: tokens[role] })).status).toBe(403)
    }
  })

  test("the store view lists the open orders due today or earlier, as purchasing does, without their money", async () => {
    const supplier = all<{ id: number }>('SELECT id FROM suppliers LIMIT 1')[0]
    const item = activeItems()[0]
    const order = async (expected_date: string) => {
      const made = await env.call('POST', '/api/purchase-orders', { token: tokens.manager, body: { supplier_id: supplier.id, expected_date, lines: [{ item_id: item.id, quantity: 2, unit_price: 3 }] } })
      expect(made.status).toBe(201)
      expect((await env.call('POST', `/api/purchase-orders/${made.body.data.id}/send`, { token: tokens.manager, body: {} })).status).toBe(200)
      return made.body.data.id as number
    }
    const due = await order(today)
    const later = await order(addDays(today, 3))
    const listed = await get('/api/purchase-orders?due=today&limit=20', 'store')
    for (const role of ['store', 'manager']) {
      const s = await get('/api/dashboard', role)
      expect(s.orders_due_today).toEqual(listed.map((o: any) => ({ id: o.id, number: o.number, supplier_name: o.supplier_name, expected_date: o.expected_date })))
      expect(s.orders_due_today.map((o: any) => o.id)).toContain(due)
      expect(s.orders_due_today.map((o: any) => o.id)).not.toContain(later)
    }
  })
})

/** Every key of an answer, nested ones included. */
const keysOf = (x: unknown): string[] =>
  Array.isArray(x) ? x.flatMap(keysOf) : x && typeof x === 'object' ? Object.entries(x).flatMap(([k, v]) => [k, ...keysOf(v)]) : []
const MONEY_KEYS = ['totalValue', 'total_value', 'value', 'stock_value', 'wastage_value', 'total', 'cost', 'cost_price', 'unit_price', 'price']

describe("the Manager's dashboard in one answer (GET /manager/dashboard)", () => {
  test('its figures are those of its five pieces, less the trends that load below the fold', async () => {
    const d = await get('/api/manager/dashboard')
    expect(Object.keys(d).sort()).toEqual(['expiry_alerts', 'recent_activity', 'stats', 'stock_alerts'])
    expect(d.stats).toEqual(await get('/api/manager/dashboard/stats'))
    expect(d.recent_activity).toEqual(await get('/api/manager/dashboard/recent-activity?limit=5'))
    expect(d.stock_alerts).toEqual(await get('/api/manager/dashboard/stock-alerts?limit=3'))
    expect(d.expiry_alerts).toEqual(await get('/api/manager/dashboard/expiry-alerts?limit=2'))
    expect(d.recent_activity).toHaveLength(5)
    expect(d.stock_alerts.length).toBeGreaterThan(0)
  })

  test('only the Manager gets it: the other roles are refused, a visitor must sign in', async () => {
    for (const role of ['store', 'chef']) {
      const res = await env.call('GET', '/api/manager/dashboard', { token: tokens[role] })
      expect(res.status).toBe(403)
      expect(res.body.data).toBeNull()
    }
    expect((await env.call('GET', '/api/manager/dashboard')).status).toBe(401)
  })

  test("each other role's one answer is its own and holds no money: the Chef's kitchen view, the Storekeeper's store view", async () => {
    const chef = await get('/api/dashboard', 'chef')
    expect(chef.role).toBe('Chef')
    expect(Object.keys(chef).sort()).toEqual(['cards', 'low_stock_items', 'recent_activity', 'role', 'trend'])
    const store = await get('/api/dashboard', 'store')
    expect(store.role).toBe('Storekeeper')
    expect(Object.keys(store).sort()).toEqual(['cards', 'expiring_items', 'low_stock_items', 'orders_due_today', 'recent_activity', 'role'])
    for (const answer of [chef, store]) expect(keysOf(answer).filter((k) => MONEY_KEYS.includes(k))).toEqual([])
    // The Manager's one answer does carry the stock's value: the same key list finds it there.
    expect(keysOf(await get('/api/manager/dashboard'))).toContain('totalValue')
  })
})
