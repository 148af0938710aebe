import { afterEach, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { migrate } from '../../db/open'
import { databaseBefore } from '../../test/older-db'

// Migration 0024 (issue 34, 2d) rebuilds invoice_drafts to take photos read by OCR: every draft keeps its id and
// figures, its file, lines and receipt still point at it, and a draft may now be an IMAGE read by OCR.

const AT = '2026-11-26T10:00:00.000Z'
let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

test('an older database keeps its drafts, files, lines and the receipt’s draft; an OCR draft can be stored', () => {
  const older = databaseBefore('0024_invoice_ocr', AT)
  dir = older.dir
  const db = older.db
  db.exec(`INSERT INTO invoice_drafts (id, status, source, reader, supplier_id, invoice_number, invoice_key, invoice_date, net, tax, gross, lines_total, layout, created_by, created_at, updated_at, received_at)
      VALUES (7, 'RECEIVED', 'PDF', 'PDF_TEXT', 1, 'B 1', 'B1', '2026-11-20', 1000, 160, 1160, 1000, '[]', 1, '${AT}', '${AT}', '${AT}');
    INSERT INTO invoice_files (draft_id, file_name, media_type, size, bytes) VALUES (7, 'b1.pdf', 'application/pdf', 3, x'255044');
    INSERT INTO invoice_draft_lines (draft_id, n, description, quantity, unit_price, amount) VALUES (7, 1, 'Flour type 00 / 16 kg', 100, 1000, 1000);
    INSERT INTO receipts (supplier_id, invoice_number, invoice_key, invoice_date, invoice_total, lines_total, user_id, created_at, draft_id)
      VALUES (1, 'B 1', 'B1', '2026-11-20', 1000, 1000, 1, '${AT}', 7)`)
  migrate(db)
  expect(db.query('SELECT id, status, source, reader, invoice_key, net, tax, gross, lines_total, layout, received_at, ocr_words FROM invoice_drafts').all()).toEqual([
    { id: 7, status: 'RECEIVED', source: 'PDF', reader: 'PDF_TEXT', invoice_key: 'B1', net: 1000, tax: 160, gross: 1160, lines_total: 1000, layout: '[]', received_at: AT, ocr_words: null },
  ])
  expect(db.query('SELECT draft_id, size FROM invoice_files').all()).toEqual([{ draft_id: 7, size: 3 }])
  expect(db.query('SELECT draft_id, n, amount FROM invoice_draft_lines').all()).toEqual([{ draft_id: 7, n: 1, amount: 1000 }])
  expect(db.query('SELECT draft_id FROM receipts').all()).toEqual([{ draft_id: 7 }])
  expect(db.query('PRAGMA foreign_key_check').all()).toEqual([])
  expect(db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoice_drafts' ORDER BY name").all()).toEqual([{ name: 'invoice_drafts_invoice' }, { name: 'invoice_drafts_status' }])
  db.exec(`INSERT INTO invoice_drafts (status, source, reader, supplier_id, created_by, created_at, updated_at, ocr_words) VALUES ('NEEDS_REVIEW', 'IMAGE', 'OCR', 1, 1, '${AT}', '${AT}', '{}')`)
  expect(() => db.query(`INSERT INTO invoice_drafts (status, source, reader, supplier_id, created_by, created_at, updated_at) VALUES ('READY', 'FAX', 'OCR', 1, 1, '${AT}', '${AT}')`).run()).toThrow()
  // The references still hold: a file for a draft that does not exist is refused.
  db.exec('PRAGMA foreign_keys = ON')
  expect(() => db.query("INSERT INTO invoice_files (draft_id, file_name, media_type, size, bytes) VALUES (99, 'x', 'x', 1, x'00')").run()).toThrow()
  db.close()
})
