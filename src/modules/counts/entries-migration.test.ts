import { afterEach, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { migrate } from '../../db/open'
import { databaseBefore } from '../../test/older-db'

// Migration 0021 (issue 33) on a database built by 0001–0020 with an open count: a line counted before keeps its
// figure and becomes one entry of its counter (so a second counter compares with it); an uncounted line has none.

const AT = '2026-11-20T10:00:00.000Z'
let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

test('a counted line becomes its counter\'s entry; lines keep their figures and have no double count', () => {
  const older = databaseBefore('0021_count_entries', AT)
  dir = older.dir
  const db = older.db
  db.exec(`INSERT INTO items (name, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, is_active, created_at, updated_at)
      VALUES ('Gin', 1, 1, 'bottle', 80000, 400, 0, 1, '${AT}', '${AT}'), ('Rum', 1, 1, 'bottle', 80000, 300, 0, 1, '${AT}', '${AT}');
    INSERT INTO storage_areas (name, created_at, updated_at) VALUES ('Bar', '${AT}', '${AT}');
    INSERT INTO stock_counts (status, blind, started_at, started_by) VALUES ('OPEN', 0, '${AT}', 1);
    INSERT INTO stock_count_areas (count_id, area_id, area_name, position) VALUES (1, 1, 'Bar', 0);
    INSERT INTO stock_count_items (count_id, item_id, expected) VALUES (1, 1, 400), (1, 2, 300);
    INSERT INTO stock_count_lines (count_id, area_id, item_id, position, counted, counted_by, counted_at) VALUES (1, 1, 1, 0, 350, 1, '${AT}'), (1, 1, 2, 1, NULL, NULL, NULL)`)
  migrate(db)
  expect(db.query('SELECT id, count_id, area_id, item_id, user_id, source, device_id, packs, loose, counted, counted_at FROM stock_count_entries').all()).toEqual([
    { id: 'legacy-1-1-1', count_id: 1, area_id: 1, item_id: 1, user_id: 1, source: 'SHEET', device_id: null, packs: '[]', loose: null, counted: 350, counted_at: AT },
  ])
  expect(db.query('SELECT item_id, counted, double_count, entry_floor, resolution FROM stock_count_lines ORDER BY item_id').all()).toEqual([
    { item_id: 1, counted: 350, double_count: 0, entry_floor: 0, resolution: null },
    { item_id: 2, counted: null, double_count: 0, entry_floor: 0, resolution: null },
  ])
  expect(() => db.query("UPDATE stock_count_lines SET resolution = 'GUESS'").run()).toThrow()
  expect(() => db.query("INSERT INTO stock_count_entries (id, count_id, area_id, item_id, user_id, source, packs, counted, counted_at, stored_at) VALUES ('x', 1, 1, 99, 1, 'PHONE', '[]', 1, 'a', 'a')").run()).toThrow()
  db.close()
})
