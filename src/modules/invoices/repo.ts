import type { DraftStatus, InvoiceReader, InvoiceSource, MatchedBy, RefusedReason } from '../../contract/invoices'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'
import type { ReadLine } from './read-types'

// SQL of invoice drafts, their files, lines, supplier aliases and layouts. Money and quantities in hundredths.

export interface DraftRow {
  id: number
  status: DraftStatus
  source: InvoiceSource
  reader: InvoiceReader
  supplier_id: number
  supplier_name: string
  order_id: number | null
  order_number: string | null
  invoice_number: string | null
  invoice_date: string | null
  credit_note: number
  currency: string | null
  net: number | null
  tax: number | null
  gross: number | null
  lines_total: number | null
  layout: string | null
  csv_map: string | null
  dispute_reason: string | null
  created_by_name: string
  created_at: string
  received_at: string | null
  disputed_at: string | null
  file_name: string
  receipt_id: number | null
}

/** A stored line: the line as written (NewLine) with its item's and pack's names and what a person did with it. */
export interface LineRow extends NewLine {
  item_name: string | null
  unit: string | null
  category_name: string | null
  pack_name: string | null
  pack_size: number | null
  confirmed: number
  received_quantity: number | null
  refused_quantity: number | null
  refused_reason: RefusedReason | null
}

const DRAFT_SELECT = `SELECT d.id, d.status, d.source, d.reader, d.supplier_id, s.name AS supplier_name, d.order_id, po.number AS order_number,
  d.invoice_number, d.invoice_date, d.credit_note, d.currency, d.net, d.tax, d.gross, d.lines_total, d.layout, d.csv_map, d.dispute_reason,
  u.name AS created_by_name, d.created_at, d.received_at, d.disputed_at, f.file_name, r.id AS receipt_id
  FROM invoice_drafts d JOIN suppliers s ON s.id = d.supplier_id JOIN users u ON u.id = d.created_by
  JOIN invoice_files f ON f.draft_id = d.id LEFT JOIN purchase_orders po ON po.id = d.order_id LEFT JOIN receipts r ON r.draft_id = d.id`

export const findDraft = (db: Db, id: number) => db.query(`${DRAFT_SELECT} WHERE d.id = $id`).get({ id }) as DraftRow | null

export function listDrafts(db: Db, f: { status?: DraftStatus; supplier_id?: number; from?: string; to?: string }, limit: number, offset: number) {
  const clauses: string[] = []
  const params: Record<string, string | number> = {}
  if (f.status) clauses.push('d.status = $status'), (params.status = f.status)
  if (f.supplier_id) clauses.push('d.supplier_id = $supplier_id'), (params.supplier_id = f.supplier_id)
  if (f.from) clauses.push('d.invoice_date >= $from'), (params.from = f.from)
  if (f.to) clauses.push('d.invoice_date <= $to'), (params.to = f.to)
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''
  const rows = db.query(`${DRAFT_SELECT} ${where} ORDER BY d.id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...params, offset }) as DraftRow[]
  const { n } = db.query(`SELECT count(*) AS n FROM invoice_drafts d ${where}`).get(params) as { n: number }
  return { rows, total: n }
}

export const draftLines = (db: Db, draftId: number) =>
  db
    .query(
      `SELECT l.n, l.supplier_code, l.gtin, l.description, l.pack_text, l.quantity, l.unit_price, l.amount, l.tax_rate, l.price_rounded,
         l.item_id, i.name AS item_name, i.unit, c.name AS category_name, l.pack_id, p.name AS pack_name, p.size AS pack_size,
         l.matched_by, l.confirmed, l.received_quantity, l.refused_quantity, l.refused_reason
       FROM invoice_draft_lines l LEFT JOIN items i ON i.id = l.item_id LEFT JOIN categories c ON c.id = i.category_id
       LEFT JOIN item_packs p ON p.id = l.pack_id AND p.item_id = l.item_id
       WHERE l.draft_id = $draftId ORDER BY l.n`,
    )
    .all({ draftId }) as LineRow[]

export function insertDraft(
  db: Db,
  d: Pick<DraftRow, 'status' | 'source' | 'reader' | 'supplier_id' | 'order_id' | 'invoice_number' | 'invoice_date' | 'credit_note' | 'currency' | 'net' | 'tax' | 'gross' | 'lines_total' | 'layout' | 'csv_map'> & {
    invoice_key: string | null
    /** OCR: the words found on the photo (JSON), read again when a person names the columns. */
    ocr_words: string | null
    created_by: number
    at: string
  },
): number {
  return (
    db
      .query(
        `INSERT INTO invoice_drafts (status, source, reader, supplier_id, order_id, invoice_number, invoice_key, invoice_date, credit_note, currency,
           net, tax, gross, lines_total, layout, csv_map, ocr_words, created_by, created_at, updated_at)
         VALUES ($status, $source, $reader, $supplier_id, $order_id, $invoice_number, $invoice_key, $invoice_date, $credit_note, $currency,
           $net, $tax, $gross, $lines_total, $layout, $csv_map, $ocr_words, $created_by, $at, $at) RETURNING id`,
      )
      .get(d) as { id: number }
  ).id
}

export const insertFile = (db: Db, f: { draft_id: number; file_name: string; media_type: string; bytes: Uint8Array }) =>
  db
    .query('INSERT INTO invoice_files (draft_id, file_name, media_type, size, bytes) VALUES ($draft_id, $file_name, $media_type, $size, $bytes)')
    .run({ ...f, size: f.bytes.byteLength })

/** OCR drafts: the words found on the photo, as sent (null for other drafts). */
export const ocrWords = (db: Db, id: number) => (db.query('SELECT ocr_words FROM invoice_drafts WHERE id = $id').get({ id }) as { ocr_words: string | null } | null)?.ocr_words ?? null

export const draftFile = (db: Db, draftId: number) =>
  db.query('SELECT file_name, media_type, bytes FROM invoice_files WHERE draft_id = $draftId').get({ draftId }) as { file_name: string; media_type: string; bytes: Uint8Array } | null

/** A line as the reader gave it (hundredths, `rounded` kept as a 0/1 column) with its number and its match. */
export interface NewLine extends Omit<ReadLine, 'rounded'> {
  n: number
  price_rounded: number
  item_id: number | null
  pack_id: number | null
  matched_by: MatchedBy | null
}

export function insertLines(db: Db, draftId: number, lines: NewLine[]) {
  const q = db.query(
    `INSERT INTO invoice_draft_lines (draft_id, n, supplier_code, gtin, description, pack_text, quantity, unit_price, amount, tax_rate, price_rounded, item_id, pack_id, matched_by)
     VALUES ($draft_id, $n, $supplier_code, $gtin, $description, $pack_text, $quantity, $unit_price, $amount, $tax_rate, $price_rounded, $item_id, $pack_id, $matched_by)`,
  )
  for (const l of lines) q.run({ ...l, draft_id: draftId })
}

export const deleteLines = (db: Db, draftId: number) => db.query('DELETE FROM invoice_draft_lines WHERE draft_id = $draftId').run({ draftId })

export const confirmLine = (db: Db, draftId: number, n: number, l: { item_id: number; pack_id: number | null; quantity: number; unit_price: number }) =>
  db
    .query(`UPDATE invoice_draft_lines SET item_id = $item_id, pack_id = $pack_id, quantity = $quantity, unit_price = $unit_price, matched_by = 'ALIAS', confirmed = 1 WHERE draft_id = $draftId AND n = $n`)
    .run({ ...l, draftId, n })

export const setLineReceived = (db: Db, draftId: number, n: number, l: { received: number; refused: number; reason: RefusedReason | null }) =>
  db
    .query('UPDATE invoice_draft_lines SET received_quantity = $received, refused_quantity = $refused, refused_reason = $reason WHERE draft_id = $draftId AND n = $n')
    .run({ ...l, draftId, n })

export const setStatus = (db: Db, id: number, status: DraftStatus, at: string) =>
  db.query('UPDATE invoice_drafts SET status = $status, updated_at = $at WHERE id = $id').run({ id, status, at })

export const markReceived = (db: Db, id: number, at: string) =>
  db.query("UPDATE invoice_drafts SET status = 'RECEIVED', received_at = $at, updated_at = $at WHERE id = $id").run({ id, at })

export const markDisputed = (db: Db, id: number, reason: string, at: string) =>
  db.query("UPDATE invoice_drafts SET status = 'DISPUTED', dispute_reason = $reason, disputed_at = $at, updated_at = $at WHERE id = $id").run({ id, reason, at })

export const setHead = (db: Db, id: number, h: { invoice_number: string | null; invoice_key: string | null; invoice_date: string | null; order_id: number | null }, at: string) =>
  db
    .query('UPDATE invoice_drafts SET invoice_number = $invoice_number, invoice_key = $invoice_key, invoice_date = $invoice_date, order_id = $order_id, updated_at = $at WHERE id = $id')
    .run({ ...h, id, at })

export const setLayout = (db: Db, id: number, layout: string, at: string) => db.query('UPDATE invoice_drafts SET layout = $layout, updated_at = $at WHERE id = $id').run({ id, layout, at })

/** A draft of the same supplier and invoice number, other than `exceptId`. */
export const draftWithInvoice = (db: Db, supplierId: number, key: string, exceptId = 0) =>
  (db.query('SELECT id FROM invoice_drafts WHERE supplier_id = $supplierId AND invoice_key = $key AND id <> $exceptId ORDER BY id LIMIT 1').get({ supplierId, key, exceptId }) as { id: number } | null)?.id ?? null

export const receiptWithInvoice = (db: Db, supplierId: number, key: string) =>
  (db.query('SELECT id FROM receipts WHERE supplier_id = $supplierId AND invoice_key = $key ORDER BY id LIMIT 1').get({ supplierId, key }) as { id: number } | null)?.id ?? null

// ---------- Who sent it, and what it is ----------

export const suppliers = (db: Db) => db.query('SELECT id, name, tax_id FROM suppliers ORDER BY id').all() as { id: number; name: string; tax_id: string | null }[]
export const supplierName = (db: Db, id: number) => (db.query('SELECT name FROM suppliers WHERE id = $id').get({ id }) as { name: string } | null)?.name ?? null

export const orderHead = (db: Db, id: number) =>
  db.query('SELECT id, number, supplier_id, status FROM purchase_orders WHERE id = $id').get({ id }) as { id: number; number: string; supplier_id: number; status: string } | null

/** An open order (SENT or PARTIALLY_RECEIVED) of the supplier by its number, as an invoice quotes it. */
export const openOrderByNumber = (db: Db, supplierId: number, number: string) =>
  (db.query("SELECT id FROM purchase_orders WHERE supplier_id = $supplierId AND upper(number) = upper($number) AND status IN ('SENT', 'PARTIALLY_RECEIVED')").get({ supplierId, number }) as { id: number } | null)?.id ??
  null

export const orderLines = (db: Db, orderId: number) =>
  db.query('SELECT id, item_id, pack_id, quantity, unit_price, received_quantity FROM purchase_order_lines WHERE order_id = $orderId ORDER BY position, id').all({ orderId }) as {
    id: number
    item_id: number
    pack_id: number | null
    quantity: number
    unit_price: number
    received_quantity: number
  }[]

export interface MatchItem {
  id: number
  name: string
  supplier_id: number
  supplier_code: string | null
  order_pack_id: number | null
}
export const activeItems = (db: Db) => db.query('SELECT id, name, supplier_id, supplier_code, order_pack_id FROM items WHERE is_active = 1').all() as MatchItem[]

export const codeHolder = (db: Db, code: string) =>
  db.query('SELECT b.item_id, b.pack_id FROM item_barcodes b JOIN items i ON i.id = b.item_id WHERE b.code = $code AND i.is_active = 1').get({ code }) as { item_id: number; pack_id: number | null } | null

export const itemBrief = (db: Db, id: number) =>
  db.query('SELECT id, name, is_active, order_pack_id FROM items WHERE id = $id').get({ id }) as { id: number; name: string; is_active: number; order_pack_id: number | null } | null

export const packOf = (db: Db, itemId: number, packId: number) =>
  db.query('SELECT id, size FROM item_packs WHERE id = $packId AND item_id = $itemId').get({ itemId, packId }) as { id: number; size: number } | null

// ---------- What a person confirmed ----------

export const aliases = (db: Db, supplierId: number) =>
  new Map(
    (db.query('SELECT alias_key, item_id, pack_id FROM supplier_item_aliases WHERE supplier_id = $supplierId').all({ supplierId }) as { alias_key: string; item_id: number; pack_id: number | null }[]).map((a) => [
      a.alias_key,
      a,
    ]),
  )

export const saveAlias = (db: Db, a: { supplier_id: number; alias_key: string; item_id: number; pack_id: number | null; user_id: number; at: string }) =>
  db
    .query(
      `INSERT INTO supplier_item_aliases (supplier_id, alias_key, item_id, pack_id, confirmed_by, confirmed_at) VALUES ($supplier_id, $alias_key, $item_id, $pack_id, $user_id, $at)
       ON CONFLICT (supplier_id, alias_key) DO UPDATE SET item_id = excluded.item_id, pack_id = excluded.pack_id, confirmed_by = excluded.confirmed_by, confirmed_at = excluded.confirmed_at`,
    )
    .run(a)

export const layouts = (db: Db, kind: 'CSV' | 'PDF', supplierId?: number) =>
  db
    .query(`SELECT supplier_id, layout, signature FROM supplier_invoice_layouts WHERE kind = $kind ${supplierId ? 'AND supplier_id = $supplierId' : ''} ORDER BY confirmed_at DESC`)
    .all(supplierId ? { kind, supplierId } : { kind }) as { supplier_id: number; layout: string; signature: string }[]

/** The layout a received draft was read with becomes the supplier's (a PDF's columns, a CSV's mapping). */
export const replaceLayout = (db: Db, l: { supplier_id: number; kind: 'CSV' | 'PDF'; layout: string; signature: string; at: string }) =>
  db
    .query(
      `INSERT INTO supplier_invoice_layouts (supplier_id, kind, layout, signature, confirmed_at) VALUES ($supplier_id, $kind, $layout, $signature, $at)
       ON CONFLICT (supplier_id, kind) DO UPDATE SET layout = excluded.layout, signature = excluded.signature, confirmed_at = excluded.confirmed_at`,
    )
    .run(l)

// ---------- The bookkeeper's CSV ----------

/** Received invoices by invoice date with their lines' amounts per item category (unmatched lines: category null). */
export const receivedForExport = (db: Db, f: { from?: string; to?: string }) =>
  db
    .query(
      `SELECT d.id, d.invoice_date, s.name AS supplier_name, d.invoice_number, d.net, d.tax, d.gross, c.name AS category_name, sum(l.amount) AS amount
       FROM invoice_drafts d JOIN suppliers s ON s.id = d.supplier_id JOIN receipts r ON r.draft_id = d.id
       JOIN invoice_draft_lines l ON l.draft_id = d.id LEFT JOIN items i ON i.id = l.item_id LEFT JOIN categories c ON c.id = i.category_id
       WHERE ($from IS NULL OR d.invoice_date >= $from) AND ($to IS NULL OR d.invoice_date <= $to)
       GROUP BY d.id, c.name ORDER BY d.invoice_date, d.id, c.name`,
    )
    .all({ from: f.from ?? null, to: f.to ?? null }) as {
    id: number
    invoice_date: string
    supplier_name: string
    invoice_number: string
    net: number | null
    tax: number | null
    gross: number | null
    category_name: string | null
    amount: number
  }[]
