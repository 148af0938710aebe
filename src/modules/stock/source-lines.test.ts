import { Database } from 'bun:sqlite'
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runDoctor } from '../../cli/doctor'
import { MIGRATIONS } from '../../db/migrations'
import { migrate } from '../../db/open'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { stockBuilders } from './builders'
import { stockLedgerCheck } from './doctor'

// Issue 29 (13): one ledger row per count line and per return line, held by a unique index and checked by `rims doctor`.

const MIGRATION = '0017_ledger_source_lines'

describe('one ledger row per count line and per return line', () => {
  let env: TestEnv
  let manager: { id: number; token: string }
  let b: ReturnType<typeof stockBuilders>
  beforeEach(async () => {
    env = await makeTestEnv()
    manager = await env.userOf('Manager')
    b = stockBuilders(env, manager.token)
  })
  afterEach(() => env.close())

  const call = (method: string, path: string, body?: unknown) => env.call(method, `/api${path}`, { token: manager.token, body })
  const insertRow = (r: { item_id: number; type: string; quantity: number; source_type: string; source_id: number; source_line_id?: number | null }) =>
    env.deps.db
      .query(
        `INSERT INTO stock_movements (item_id, type, quantity, user_id, source_type, source_id, source_line_id, movement_date, created_at, updated_at)
         VALUES ($item_id, $type, $quantity, $user_id, $source_type, $source_id, $source_line_id, 'x', 'x', 'x')`,
      )
      .run({ source_line_id: null, ...r, user_id: manager.id })

  async function approvedCount(itemId: number, counted: number) {
    const area = (await call('POST', '/storage-areas', { name: 'Dry store' })).body.data.id
    expect((await call('PUT', `/storage-areas/${area}/items`, { item_ids: [itemId] })).status).toBe(200)
    const c = (await call('POST', '/stock-counts', { area_ids: [area], blind: false })).body.data
    expect((await call('PUT', `/stock-counts/${c.id}/lines`, { area_id: area, item_id: itemId, counted, reason: 'Spilled' })).status).toBe(200)
    expect((await call('POST', `/stock-counts/${c.id}/submit`, { uncounted: 'UNCHANGED' })).status).toBe(200)
    const approved = await call('POST', `/stock-counts/${c.id}/approve`)
    expect(approved.status).toBe(200)
    return c.id as number
  }

  test('a second COUNT row for the same count line is refused by the database', async () => {
    const rice = await b.makeItem({ name: 'Rice', quantity: 10 })
    const countId = await approvedCount(rice.id, 9)
    const row = env.deps.db.query("SELECT source_id, source_line_id, quantity FROM stock_movements WHERE source_type = 'COUNT'").get()
    expect(row).toEqual({ source_id: countId, source_line_id: rice.id, quantity: -100 })
    expect(() => insertRow({ item_id: rice.id, type: 'ADJUSTMENT', quantity: -100, source_type: 'COUNT', source_id: countId, source_line_id: rice.id })).toThrow(/UNIQUE constraint failed/)
    // Without naming its line the row would slip past the index: refused too.
    expect(() => insertRow({ item_id: rice.id, type: 'ADJUSTMENT', quantity: -100, source_type: 'COUNT', source_id: countId })).toThrow(/names its item/)
    expect(runDoctor(env.deps.db).ok).toBe(true)
  })

  test('a second RETURN row for the same return line is refused by the database', async () => {
    const s = await b.makeSupplier()
    const oil = await b.makeItem({ name: 'Oil', supplier_id: s.id })
    const receipt = await call('POST', '/receipts', { supplier_id: s.id, invoice_number: 'INV-7', invoice_date: '2026-01-10', lines: [{ item_id: oil.id, received_quantity: 5, unit_price: 3 }] })
    expect(receipt.status).toBe(201)
    const back = await call('POST', `/receipts/${receipt.body.data.id}/returns`, { lines: [{ item_id: oil.id, quantity: 2, reason: 'Leaking' }] })
    expect(back.status).toBe(201)
    const ret = env.deps.db.query('SELECT id, movement_id FROM receipt_returns').get() as { id: number; movement_id: number }
    expect(env.deps.db.query('SELECT type, quantity, source_type, source_id, source_line_id FROM stock_movements WHERE id = $id').get({ id: ret.movement_id })).toEqual({
      type: 'OUT',
      quantity: 200,
      source_type: 'RETURN',
      source_id: receipt.body.data.id,
      source_line_id: ret.id,
    })
    expect(() => insertRow({ item_id: oil.id, type: 'OUT', quantity: 200, source_type: 'RETURN', source_id: receipt.body.data.id, source_line_id: ret.id })).toThrow(/UNIQUE constraint failed/)
    expect(() => insertRow({ item_id: oil.id, type: 'OUT', quantity: 200, source_type: 'RETURN', source_id: receipt.body.data.id })).toThrow(/return line/)
    expect(runDoctor(env.deps.db).ok).toBe(true)
  })
})

describe(`migration ${MIGRATION} on a database built with the earlier migrations`, () => {
  /**
   * A 0014 database holding an approved count (Rice counted 1 short) and a receipt of Oil with a return of 2,
   * every balance agreeing with its ledger. `doubled` posts the COUNT and the RETURN row a second time (balance
   * moved with them, as a double post through the ledger did), as an older RIMS could.
   */
  function oldDatabase(o: { doubled: boolean }) {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'rims-lines-')), 'old.db'))
    db.exec('PRAGMA foreign_keys = ON')
    // Built at 0014, the last release's schema (the rows below are written in its columns); the upgrade runs every later migration.
    const before = MIGRATIONS.findIndex((m) => m.name === '0014_kitchen_minimums') + 1
    expect(before).toBeLessThan(MIGRATIONS.findIndex((m) => m.name === MIGRATION) + 1)
    migrate(db, MIGRATIONS.slice(0, before))
    db.exec(`INSERT INTO users (id, name, email, password_hash, role_id, created_at, updated_at) VALUES (1, 'Mwila', 'm@test.local', 'x', 1, 'x', 'x');
      INSERT INTO categories (id, name, created_at, updated_at) VALUES (1, 'Dry', 'x', 'x');
      INSERT INTO suppliers (id, name, created_at, updated_at) VALUES (1, 'Wholesale', 'x', 'x');
      INSERT INTO items (id, name, category_id, supplier_id, unit, cost_price, current_quantity, created_at, updated_at) VALUES (1, 'Rice', 1, 1, 'kg', 100, 0, 'x', 'x'), (2, 'Oil', 1, 1, 'L', 300, 0, 'x', 'x');
      INSERT INTO stock_counts (id, status, blind, started_at, started_by, submitted_at, submitted_by, uncounted, approved_at, approved_by) VALUES (1, 'APPROVED', 0, 'x', 1, 'x', 1, 'UNCHANGED', 'x', 1);
      INSERT INTO stock_count_areas (count_id, area_id, area_name, position) VALUES (1, 1, 'Dry store', 0);
      INSERT INTO stock_count_items (count_id, item_id, expected, reason) VALUES (1, 1, 1000, 'Spilled');
      INSERT INTO stock_count_lines (count_id, area_id, item_id, position, counted, counted_by, counted_at) VALUES (1, 1, 1, 0, 900, 1, 'x');
      INSERT INTO receipts (id, supplier_id, invoice_number, invoice_key, invoice_date, lines_total, user_id, created_at) VALUES (1, 1, 'INV-7', 'INV-7', '2026-01-10', 1500, 1, 'x');`)
    const move = (itemId: number, type: string, quantity: number, sourceType: string, sourceId: number | null) => {
      db.query('UPDATE items SET current_quantity = current_quantity + $delta WHERE id = $itemId').run({ itemId, delta: type === 'OUT' ? -quantity : quantity })
      return (
        db
          .query(
            `INSERT INTO stock_movements (item_id, type, quantity, user_id, source_type, source_id, movement_date, created_at, updated_at)
             VALUES ($itemId, $type, $quantity, 1, $sourceType, $sourceId, '2026-01-10T08:00:00.000Z', 'x', 'x') RETURNING id`,
          )
          .get({ itemId, type, quantity, sourceType, sourceId }) as { id: number }
      ).id
    }
    move(1, 'IN', 1000, 'MANUAL', null)
    const count = move(1, 'ADJUSTMENT', -100, 'COUNT', 1)
    const received = move(2, 'IN', 500, 'RECEIPT', 1)
    db.query(`INSERT INTO receipt_lines (receipt_id, item_id, pack_size, received_quantity, unit_price, base_quantity, unit_cost, value, movement_id) VALUES (1, 2, 100, 500, 300, 500, 300, 1500, $received)`).run({ received })
    const returned = move(2, 'OUT', 200, 'RETURN', 1)
    db.query(`INSERT INTO receipt_returns (id, receipt_id, item_id, quantity, reason, movement_id, user_id, created_at) VALUES (1, 1, 2, 200, 'Leaking', $returned, 1, 'x')`).run({ returned })
    const doubled = o.doubled ? { count: move(1, 'ADJUSTMENT', -100, 'COUNT', 1), returned: move(2, 'OUT', 200, 'RETURN', 1) } : null
    return { db, count, returned, doubled, upgrade: () => migrate(db) }
  }
  const ledger = (db: Database) => db.query('SELECT id, item_id, type, quantity, source_type, source_id FROM stock_movements ORDER BY id').all()
  const problems = (db: Database) => runDoctor(db).results.flatMap((r) => r.problems)

  test('a clean database: every COUNT and RETURN row gets its line, and the doctor passes', () => {
    const old = oldDatabase({ doubled: false })
    old.upgrade()
    expect(old.db.query("SELECT id, source_line_id FROM stock_movements WHERE source_type IN ('COUNT', 'RETURN') ORDER BY id").all()).toEqual([
      { id: old.count, source_line_id: 1 },
      { id: old.returned, source_line_id: 1 },
    ])
    expect(problems(old.db)).toEqual([])
  })

  test('a doubled COUNT and RETURN row: the upgrade goes through, keeps every row, and the doctor names both', () => {
    const old = oldDatabase({ doubled: true })
    const rows = ledger(old.db)
    expect(() => old.upgrade()).not.toThrow()
    expect(ledger(old.db)).toEqual(rows)
    // The balance check sees nothing: each balance agrees with its (doubled) rows.
    expect(stockLedgerCheck.run(old.db)).toEqual([])
    expect(problems(old.db)).toEqual([
      `movement ${old.doubled!.returned}: a RETURN row of receipt 1 (Oil, 2) that no return line names; a return line posts one`,
      `count #1: 2 COUNT ledger rows for item 1 (Rice), movements ${old.count}, ${old.doubled!.count}; a count line posts one`,
    ])
    // From now on the database refuses a third.
    expect(() =>
      old.db
        .query(`INSERT INTO stock_movements (item_id, type, quantity, user_id, source_type, source_id, source_line_id, movement_date, created_at, updated_at) VALUES (1, 'ADJUSTMENT', -100, 1, 'COUNT', 1, 1, 'x', 'x', 'x')`)
        .run(),
    ).toThrow(/UNIQUE constraint failed/)
  })
})
