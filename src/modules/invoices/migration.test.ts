import { afterEach, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { migrate } from '../../db/open'
import { databaseBefore } from '../../test/older-db'

// Migration 0022 (issue 34) on a database built by 0001–0021 with a supplier, an item and a receipt: every figure
// comes through, the supplier gains an empty tax id, the receipt no draft, and the new tables take a draft.

const AT = '2026-11-20T10:00:00.000Z'
let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

test('an older database keeps its suppliers and receipts; drafts, files, aliases and layouts can be stored', () => {
  const older = databaseBefore('0022_invoices', AT)
  dir = older.dir
  const db = older.db
  db.exec(`INSERT INTO items (name, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, is_active, created_at, updated_at, supplier_code)
      VALUES ('Flour', 1, 1, 'kg', 150000, 3200, 0, 1, '${AT}', '${AT}', 'FL-16');
    INSERT INTO receipts (supplier_id, invoice_number, invoice_key, invoice_date, invoice_total, lines_total, user_id, created_at)
      VALUES (1, 'A 17', 'A17', '2026-11-19', 4800, 4800, 1, '${AT}')`)
  migrate(db)
  expect(db.query('SELECT id, name, tax_id FROM suppliers').all()).toEqual([{ id: 1, name: 'Zambeef', tax_id: null }])
  expect(db.query('SELECT id, invoice_key, invoice_total, lines_total, draft_id FROM receipts').all()).toEqual([{ id: 1, invoice_key: 'A17', invoice_total: 4800, lines_total: 4800, draft_id: null }])
  expect(db.query('SELECT current_quantity, cost_e5, supplier_code FROM items').all()).toEqual([{ current_quantity: 3200, cost_e5: 150000, supplier_code: 'FL-16' }])
  db.exec(`INSERT INTO invoice_drafts (status, source, reader, supplier_id, invoice_number, invoice_key, invoice_date, net, tax, gross, created_by, created_at, updated_at)
      VALUES ('READY', 'XML', 'UBL', 1, 'B 1', 'B1', '2026-11-20', 1000, 160, 1160, 1, '${AT}', '${AT}');
    INSERT INTO invoice_files (draft_id, file_name, media_type, size, bytes) VALUES (1, 'b1.xml', 'application/xml', 3, x'3c612f');
    INSERT INTO invoice_draft_lines (draft_id, n, description, quantity, unit_price, amount, item_id, matched_by) VALUES (1, 1, 'Flour type 00 / 16 kg', 100, 1000, 1000, 1, 'SUPPLIER_CODE');
    INSERT INTO supplier_item_aliases (supplier_id, alias_key, item_id, confirmed_at) VALUES (1, 'C:FL-16', 1, '${AT}');
    INSERT INTO supplier_invoice_layouts (supplier_id, kind, layout, signature, confirmed_at) VALUES (1, 'PDF', '[]', 'code|description', '${AT}')`)
  expect(db.query('SELECT length(bytes) AS n FROM invoice_files').get()).toEqual({ n: 3 })
  expect(() => db.query("INSERT INTO invoice_draft_lines (draft_id, n, description, quantity, unit_price, amount) VALUES (1, 0, 'x', 1, 1, 1)").run()).toThrow()
  expect(() => db.query("UPDATE invoice_drafts SET status = 'OPEN'").run()).toThrow()
  db.query('UPDATE receipts SET draft_id = 1').run()
  expect(() => db.query(`INSERT INTO receipts (supplier_id, invoice_number, invoice_key, invoice_date, lines_total, user_id, created_at, draft_id) VALUES (1, 'B 1', 'B1', '2026-11-20', 0, 1, '${AT}', 1)`).run()).toThrow()
  db.close()
})
