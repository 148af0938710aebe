import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../app'
import { createDeps } from '../../deps'
import { migrate, openDb, type Db } from '../../db/open'
import { MIGRATIONS } from '../../db/migrations'
import { createLogger } from '../../lib/log'
import { hashPassword } from '../../lib/passwords'
import { stockLedgerCheck } from './doctor'

// Migration 0015 (exact costs) on a database built by 0001–0014 holding data: every figure survives.

const BEFORE = MIGRATIONS.findIndex((m) => m.name.startsWith('0015_'))
let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

const AT = '2026-01-05T10:00:00.000Z'

/** Items, movements, kitchen wastage, a receipt, prices, cost history and a recipe, written as 0014 stored them (cents). */
async function oldDatabase(): Promise<Db> {
  dir = mkdtempSync(join(tmpdir(), 'rims-exact-costs-'))
  const db = openDb(join(dir, 'rims.db'))
  migrate(db, MIGRATIONS.slice(0, BEFORE))
  const hash = await hashPassword('correct-horse-9')
  db.query(`INSERT INTO users (name, email, password_hash, role_id, created_at, updated_at) VALUES ('Mwila', 'm@test.local', ?, 1, ?, ?)`).run(hash, AT, AT)
  db.exec(`INSERT INTO categories (name, created_at, updated_at) VALUES ('Meat', '${AT}', '${AT}');
    INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Zambeef', '${AT}', '${AT}')`)
  const item = (name: string, unit: string, cost: number) =>
    db.query(`INSERT INTO items (name, category_id, supplier_id, unit, cost_price, current_quantity, min_stock_level, is_active, created_at, updated_at)
      VALUES (?, 1, 1, ?, ?, 0, 100, 1, ?, ?) RETURNING id`).get(name, unit, cost, AT, AT) as { id: number }
  const beef = item('Beef', 'kg', 1250)
  const salt = item('Salt', 'kg', 333)
  const cups = item('Cups', 'pcs', 1)
  const old = item('Old stock', 'kg', 999)
  const move = (id: number, type: string, qty: number, date: string) => {
    db.query(`INSERT INTO stock_movements (item_id, type, quantity, user_id, source_type, movement_date, created_at, updated_at) VALUES (?, ?, ?, 1, 'MANUAL', ?, ?, ?)`).run(id, type, qty, date, date, date)
    db.query('UPDATE items SET current_quantity = current_quantity + ? WHERE id = ?').run(type === 'OUT' ? -qty : qty, id)
  }
  move(beef.id, 'IN', 1050, '2026-01-05T10:00:00.000Z')
  move(beef.id, 'OUT', 333, '2026-01-05T12:20:00.000Z')
  move(salt.id, 'IN', 7, '2026-01-06T08:00:00.000Z')
  move(cups.id, 'IN', 49, '2026-01-06T09:00:00.000Z')
  move(salt.id, 'ADJUSTMENT', -3, '2026-01-06T09:10:00.000Z')
  move(old.id, 'IN', 300, '2026-01-04T09:00:00.000Z')
  db.query(`UPDATE items SET is_active = 0 WHERE id = ?`).run(old.id)
  db.query(`INSERT INTO kitchen_movements (item_id, movement_type, quantity, source_type, user_id, movement_date, created_at) VALUES (?, 'WASTE', 75, 'WASTE', 1, ?, ?)`).run(beef.id, '2026-01-06T11:00:00.000Z', AT)
  // A receipt of 2 cases of 9 kg at 27.00: 3.00 per kg.
  db.exec(`INSERT INTO receipts (supplier_id, invoice_number, invoice_key, invoice_date, lines_total, user_id, created_at) VALUES (1, 'INV-1', 'INV-1', '2026-01-04', 5400, 1, '${AT}');
    INSERT INTO receipt_lines (receipt_id, item_id, pack_name, pack_size, received_quantity, unit_price, base_quantity, unit_cost, value) VALUES (1, ${salt.id}, 'case', 900, 200, 2700, 1800, 300, 5400);
    INSERT INTO item_prices (item_id, supplier_id, receipt_id, price, date, created_at) VALUES (${salt.id}, 1, 1, 300, '2026-01-04', '${AT}')`)
  db.query(`UPDATE items SET cost_price = 1300, updated_at = '2026-01-07T08:00:00.000Z' WHERE id = ?`).run(beef.id)
  db.query(`UPDATE items SET cost_price = 1250, updated_at = '2026-01-08T08:00:00.000Z' WHERE id = ?`).run(beef.id)
  db.exec(`INSERT INTO recipes (name, kind, yield_quantity, yield_unit, menu_price, created_at, updated_at) VALUES ('Stew', 'MENU', 100, 'portion', 2000, '${AT}', '${AT}');
    INSERT INTO recipe_lines (recipe_id, position, item_id, quantity, unit) VALUES (1, 1, ${beef.id}, 15000, 'g'), (1, 2, ${cups.id}, 300, 'pcs')`)
  return db
}

/** Every row of every table, the renamed cost columns read back in cents: what 0015 must leave as it was. */
function everyRow(db: Db) {
  const renamed: Record<string, [string, string]> = { items: ['cost_e5', 'cost_price'], receipt_lines: ['unit_cost_e5', 'unit_cost'], item_prices: ['price_e5', 'price'], item_cost_history: ['cost_e5', 'cost_price'] }
  const tables = (db.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]).map((t) => t.name)
  return Object.fromEntries(
    tables.map((t) => {
      const rows = db.query(`SELECT * FROM "${t}" ORDER BY 1`).all() as Record<string, unknown>[]
      const r = renamed[t]
      return [t, r ? rows.map((row) => (r[0] in row ? Object.fromEntries(Object.entries(row).map(([k, v]) => (k === r[0] ? [r[1], (v as number) / 1000] : [k, v]))) : row)) : rows]
    }),
  )
}

const figures = (db: Db) => ({
  totals: db.query('SELECT * FROM item_totals').all(),
  buckets: db.query('SELECT * FROM activity_buckets ORDER BY bucket').all(),
  receipts: db.query('SELECT id, lines_total FROM receipts').all(),
  values: db.query('SELECT id, value FROM receipt_lines').all(),
  quantities: db.query('SELECT id, current_quantity, is_active FROM items ORDER BY id').all(),
})

test('0015 scales every stored cost by 1,000 and keeps every value, total and aggregate', async () => {
  const db = await oldDatabase()
  const old = figures(db)
  const before = everyRow(db)
  const oldCosts = db.query('SELECT id, cost_price FROM items ORDER BY id').all() as { id: number; cost_price: number }[]
  const oldHistory = db.query('SELECT id, item_id, cost_price, at FROM item_cost_history ORDER BY id').all() as any[]
  expect(oldHistory).toHaveLength(6)
  expect((old.totals[0] as any).value_cents).toBe(8963 + 13) // beef 7.17 kg × 12.50 = 89.625 → 89.63; salt 0.04 × 3.33 = 0.1332 → 0.13; cups 0.49 × 0.01 → 0

  migrate(db, MIGRATIONS.slice(0, BEFORE + 1))
  expect(figures(db)).toEqual(old)
  // Nothing else moved: every table (item_totals, activity_buckets, the kitchen's daily counters, receipts…) row for row.
  expect(everyRow(db)).toEqual(before)
  expect(db.query('SELECT id, cost_e5 FROM items ORDER BY id').all()).toEqual(oldCosts.map((c) => ({ id: c.id, cost_e5: c.cost_price * 1000 })))
  expect(db.query('SELECT id, item_id, cost_e5, at FROM item_cost_history ORDER BY id').all()).toEqual(oldHistory.map(({ cost_price, ...h }) => ({ ...h, cost_e5: cost_price * 1000 })))
  expect(db.query('SELECT unit_cost_e5 FROM receipt_lines').all()).toEqual([{ unit_cost_e5: 300_000 }])
  expect(db.query('SELECT price_e5 FROM item_prices').all()).toEqual([{ price_e5: 300_000 }])
  expect(stockLedgerCheck.run(db)).toEqual([])

  // The app over the file migrated to the head shows the same figures, and the recreated triggers keep the counters.
  migrate(db)
  const deps = createDeps({ db, secret: 'migration-secret', serverUrl: 'http://rims.test:3000', logger: createLogger(() => {}) })
  const app = buildApp(deps)
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await app.handle(new Request(`http://localhost/api${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) }))
    return (await res.json()) as any
  }
  const token = (await call('POST', '/auth/login', undefined, { email: 'm@test.local', password: 'correct-horse-9' })).data.token
  expect((await call('GET', '/items/1', token)).data).toMatchObject({ cost_price: 12.5, current_quantity: 7.17, total_value: 89.63 })
  expect((await call('GET', '/items/2', token)).data).toMatchObject({ cost_price: 3.33, total_value: 0.13 })
  expect((await call('GET', '/items/statistics', token)).data.total_value).toBe(89.76)
  expect((await call('GET', '/items/2/prices', token)).data.map((p: any) => p.price)).toEqual([3])
  expect((await call('GET', '/receipts/1', token)).data.lines[0]).toMatchObject({ unit_cost: 3, value: 54 })
  // 150 g of beef at 12.50/kg = 1.875 and 3 cups at 0.01 = 0.03: 1.905 → 1.91.
  expect((await call('GET', '/recipes/1/cost', token)).data).toMatchObject({ complete: true, batch_cost: 1.91 })
  const put = await call('PUT', '/items/1', token, { cost_price: 12.75 })
  expect(put.data.cost_price).toBe(12.75)
  expect((await call('POST', '/stock-movements', token, { item_id: 3, type: 'IN', quantity: 1000 })).success).toBe(true)
  expect((await call('GET', '/items/statistics', token)).data.total_value).toBe(101.55) // 91.4175 → 91.42, 0.13, 1,000.49 cups × 0.01 = 10.0049 → 10.00
  expect(stockLedgerCheck.run(db)).toEqual([])
  expect((db.query('SELECT cost_e5 FROM item_cost_history WHERE item_id = 1 ORDER BY id DESC LIMIT 1').get() as any).cost_e5).toBe(1_275_000)
})
