import { afterEach, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { migrate } from '../../db/open'
import { databaseBefore } from '../../test/older-db'

// Migration 0018 (issue 32.5) on a database built by 0001–0017 with two receipts of one item: the second line
// learns the price it followed, the first (no earlier receipt) compares with nothing; nothing else changes.

const AT = '2026-01-05T10:00:00.000Z'
let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

test('older receipt lines get the previous price as LAST_PRICE; a first line keeps NULL', () => {
  const older = databaseBefore('0018_purchasing_price_basis', AT)
  dir = older.dir
  const db = older.db
  db.exec(`INSERT INTO items (name, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, is_active, created_at, updated_at)
      VALUES ('Cola', 1, 1, 'bottle', 80000, 4800, 0, 1, '${AT}', '${AT}');
    INSERT INTO receipts (supplier_id, invoice_number, invoice_key, invoice_date, lines_total, user_id, created_at) VALUES (1, 'A', 'A', '2026-01-04', 3600, 1, '${AT}'), (1, 'B', 'B', '2026-01-05', 3840, 1, '${AT}');
    INSERT INTO receipt_lines (receipt_id, item_id, pack_name, pack_size, received_quantity, unit_price, base_quantity, unit_cost_e5, value)
      VALUES (1, 1, 'case', 2400, 200, 1800, 4800, 75000, 3600), (2, 1, 'case', 2400, 200, 1920, 4800, 80000, 3840);
    INSERT INTO item_prices (item_id, supplier_id, receipt_id, price_e5, date, created_at) VALUES (1, 1, 1, 75000, '2026-01-04', '${AT}'), (1, 1, 2, 80000, '2026-01-05', '${AT}')`)
  migrate(db)
  expect(db.query('SELECT id, unit_cost_e5, compared_price_e5, compared_with FROM receipt_lines ORDER BY id').all()).toEqual([
    { id: 1, unit_cost_e5: 75000, compared_price_e5: null, compared_with: null },
    { id: 2, unit_cost_e5: 80000, compared_price_e5: 75000, compared_with: 'LAST_PRICE' },
  ])
  expect(() => db.query(`UPDATE receipt_lines SET compared_with = 'GUESS' WHERE id = 1`).run()).toThrow()
  db.close()
})
