import { afterEach, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { migrate } from '../../db/open'
import { databaseBefore } from '../../test/older-db'

// Migration 0023 (issue 35) on a database built by 0001–0022 with an item and a counted line: every figure stays,
// the item has no bottle facts and the entry no open bottles; the new checks hold.

const AT = '2026-11-20T10:00:00.000Z'
let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

test('items keep every figure and get no bottle facts; entries keep their figure and get no open bottles', () => {
  const older = databaseBefore('0023_bar', AT)
  dir = older.dir
  const db = older.db
  db.exec(`INSERT INTO items (name, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, is_active, created_at, updated_at, density)
      VALUES ('Gin', 1, 1, 'L', 80000, 400, 0, 1, '${AT}', '${AT}', 95);
    INSERT INTO storage_areas (name, created_at, updated_at) VALUES ('Bar', '${AT}', '${AT}');
    INSERT INTO stock_counts (status, blind, started_at, started_by) VALUES ('OPEN', 0, '${AT}', 1);
    INSERT INTO stock_count_areas (count_id, area_id, area_name, position) VALUES (1, 1, 'Bar', 0);
    INSERT INTO stock_count_items (count_id, item_id, expected) VALUES (1, 1, 400);
    INSERT INTO stock_count_lines (count_id, area_id, item_id, position, counted, counted_by, counted_at) VALUES (1, 1, 1, 0, 350, 1, '${AT}');
    INSERT INTO stock_count_entries (id, count_id, area_id, item_id, user_id, source, packs, loose, counted, counted_at, stored_at)
      VALUES ('e1', 1, 1, 1, 1, 'SHEET', '[]', 350, 350, '${AT}', '${AT}')`)
  migrate(db)
  expect(db.query('SELECT unit, cost_e5, current_quantity, density, bottle_ml, tare_g, full_g, bottle_density FROM items').get()).toEqual({
    unit: 'L', cost_e5: 80000, current_quantity: 400, density: 95, bottle_ml: null, tare_g: null, full_g: null, bottle_density: null,
  })
  expect(db.query('SELECT counted, loose, open_weights, open_tenths, open_ml FROM stock_count_entries').get()).toEqual({ counted: 350, loose: 350, open_weights: null, open_tenths: null, open_ml: null })
  expect(db.query('SELECT counted FROM stock_count_lines').get()).toEqual({ counted: 350 })
  expect(() => db.query('UPDATE items SET bottle_ml = 0').run()).toThrow()
  expect(() => db.query('UPDATE stock_count_entries SET open_ml = -1').run()).toThrow()
  db.close()
})
