import type { PoStatus, PriceBasis } from '../../contract/purchasing'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'
import { packRowsOf, type PackRow } from '../stock'

// SQL of ordering and receiving. Quantities and money in hundredths, as stored.

export interface SuggestionRow {
  item_id: number
  item_name: string
  unit: string
  supplier_id: number
  supplier_name: string
  supplier_code: string | null
  current_quantity: number
  par_level: number
  on_order: number
  pack_id: number | null
  pack_name: string | null
  pack_size: number | null
  /** Every pack of the item (sizes in hundredths), in its order. */
  packs: PackRow[]
}

/** Base-unit hundredths still expected per item over SENT and PARTIALLY_RECEIVED orders (never below 0 per line). */
const ON_ORDER = `SELECT l.item_id, sum((max(0, l.quantity - l.received_quantity) * l.pack_size + 50) / 100) AS on_order
  FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.order_id
  WHERE po.status IN ('SENT', 'PARTIALLY_RECEIVED') GROUP BY l.item_id`

/**
 * Active items with a par level that on hand and on order do not reach, by supplier and name. The order pack is
 * read through stock's face (packRowsOf, one query for all the rows); a pack that is gone or belongs to another
 * item gives nulls (the suggestion falls back to base units).
 */
export function suggestionRows(db: Db, supplierIds?: readonly number[]): SuggestionRow[] {
  const bySupplier = supplierIds?.length ? `AND i.supplier_id IN (${supplierIds.map(Number).join(',')})` : ''
  const rows = db
    .query(
      `SELECT i.id AS item_id, i.name AS item_name, i.unit, i.supplier_id, s.name AS supplier_name, i.supplier_code,
         i.current_quantity, i.par_level, coalesce(o.on_order, 0) AS on_order, i.order_pack_id
       FROM items i JOIN suppliers s ON s.id = i.supplier_id
       LEFT JOIN (${ON_ORDER}) o ON o.item_id = i.id
       WHERE i.is_active = 1 AND i.par_level IS NOT NULL ${bySupplier}
         AND i.par_level - i.current_quantity - coalesce(o.on_order, 0) > 0
       ORDER BY s.name COLLATE NOCASE, s.id, i.name COLLATE NOCASE, i.id`,
    )
    .all() as (Omit<SuggestionRow, 'pack_id' | 'pack_name' | 'pack_size' | 'packs'> & { order_pack_id: number | null })[]
  const all = packRowsOf(db, rows.map((r) => r.item_id))
  const packs = new Map(all.map((p) => [p.id, p]))
  const ofItem = groupByItem(all)
  return rows.map(({ order_pack_id, ...r }) => {
    const pack = order_pack_id === null ? undefined : packs.get(order_pack_id)
    const own = pack !== undefined && pack.item_id === r.item_id ? pack : null
    return { ...r, pack_id: own?.id ?? null, pack_name: own?.name ?? null, pack_size: own?.size ?? null, packs: ofItem.get(r.item_id) ?? [] }
  })
}

const groupByItem = (rows: PackRow[]) => {
  const out = new Map<number, PackRow[]>()
  for (const p of rows) out.set(p.item_id, [...(out.get(p.item_id) ?? []), p])
  return out
}

const supplierFilter = (supplierIds?: readonly number[]) => (supplierIds?.length ? `AND i.supplier_id IN (${supplierIds.map(Number).join(',')})` : '')

/** Active items with a par level, and active items low or out (at or below the minimum) without one (issue 32). */
export function parCounts(db: Db, supplierIds?: readonly number[]): { with_par: number; without_par_low: number } {
  const r = db
    .query(
      `SELECT coalesce(sum(i.par_level IS NOT NULL), 0) AS with_par,
         coalesce(sum(i.par_level IS NULL AND i.current_quantity <= i.min_stock_level), 0) AS without_par_low
       FROM items i WHERE i.is_active = 1 ${supplierFilter(supplierIds)}`,
    )
    .get() as { with_par: number; without_par_low: number }
  return { with_par: r.with_par, without_par_low: r.without_par_low }
}

export interface ParlessRow {
  item_id: number
  item_name: string
  unit: string
  supplier_name: string
  current_quantity: number
  min_stock_level: number
  order_pack_id: number | null
  packs: PackRow[]
}

/** The low or out active items without a par level: empty shelves first, then by name; at most `limit`. */
export function parlessRows(db: Db, limit: number, supplierIds?: readonly number[]): ParlessRow[] {
  const rows = db
    .query(
      `SELECT i.id AS item_id, i.name AS item_name, i.unit, s.name AS supplier_name, i.current_quantity, i.min_stock_level, i.order_pack_id
       FROM items i JOIN suppliers s ON s.id = i.supplier_id
       WHERE i.is_active = 1 AND i.par_level IS NULL AND i.current_quantity <= i.min_stock_level ${supplierFilter(supplierIds)}
       ORDER BY i.current_quantity = 0 DESC, i.name COLLATE NOCASE, i.id LIMIT $limit`,
    )
    .all({ limit }) as Omit<ParlessRow, 'packs'>[]
  const ofItem = groupByItem(packRowsOf(db, rows.map((r) => r.item_id)))
  return rows.map((r) => ({ ...r, packs: ofItem.get(r.item_id) ?? [] }))
}

/** The last ordered quantity of each item (base hundredths), over orders that were sent. */
export function lastOrdered(db: Db): Map<number, number> {
  const rows = db
    .query(
      `SELECT l.item_id, (l.quantity * l.pack_size + 50) / 100 AS base FROM purchase_order_lines l
       WHERE l.id IN (SELECT max(l2.id) FROM purchase_order_lines l2 JOIN purchase_orders po ON po.id = l2.order_id
                      WHERE po.status NOT IN ('DRAFT', 'CANCELLED') GROUP BY l2.item_id)`,
    )
    .all() as { item_id: number; base: number }[]
  return new Map(rows.map((r) => [r.item_id, r.base]))
}

/** The last received price per base unit (1/100,000) of each item. */
export function lastPrices(db: Db, itemIds?: readonly number[]): Map<number, number> {
  const only = itemIds ? `WHERE item_id IN (${itemIds.map(Number).join(',') || 0})` : ''
  const rows = db.query(`SELECT item_id, price_e5 AS price FROM item_prices WHERE id IN (SELECT max(id) FROM item_prices ${only} GROUP BY item_id)`).all() as { item_id: number; price: number }[]
  return new Map(rows.map((r) => [r.item_id, r.price]))
}

export const lastPrice = (db: Db, itemId: number) =>
  (db.query('SELECT price_e5 AS price FROM item_prices WHERE item_id = $itemId ORDER BY id DESC LIMIT 1').get({ itemId }) as { price: number } | null)?.price ?? null

// ---------- Orders ----------

export interface OrderRow {
  id: number
  number: string
  supplier_id: number
  supplier_name: string
  status: PoStatus
  expected_date: string | null
  note: string | null
  from_suggestions: number
  line_count: number
  total: number
  created_by_name: string
  created_at: string
  sent_at: string | null
  closed_at: string | null
  close_reason: string | null
}

const ORDER_SELECT = `SELECT po.id, po.number, po.supplier_id, s.name AS supplier_name, po.status, po.expected_date, po.note, po.from_suggestions,
  (SELECT count(*) FROM purchase_order_lines l WHERE l.order_id = po.id) AS line_count,
  (SELECT coalesce(sum((l.quantity * l.unit_price + 50) / 100), 0) FROM purchase_order_lines l WHERE l.order_id = po.id) AS total,
  u.name AS created_by_name, po.created_at, po.sent_at, po.closed_at, po.close_reason
  FROM purchase_orders po JOIN suppliers s ON s.id = po.supplier_id JOIN users u ON u.id = po.created_by`

export const findOrder = (db: Db, id: number) => db.query(`${ORDER_SELECT} WHERE po.id = $id`).get({ id }) as OrderRow | null

export function listOrders(db: Db, f: { status?: PoStatus; supplier_id?: number; dueBy?: string; q?: string }, limit: number, offset: number) {
  const clauses: string[] = []
  const params: Record<string, string | number> = {}
  if (f.status) (clauses.push('po.status = $status'), (params.status = f.status))
  if (f.supplier_id) (clauses.push('po.supplier_id = $supplier_id'), (params.supplier_id = f.supplier_id))
  if (f.dueBy) (clauses.push(`po.status IN ('SENT', 'PARTIALLY_RECEIVED') AND po.expected_date <= $dueBy`), (params.dueBy = f.dueBy))
  if (f.q) (clauses.push('(po.number LIKE $q OR s.name LIKE $q)'), (params.q = `%${f.q.replace(/[%_]/g, '')}%`))
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''
  const rows = db.query(`${ORDER_SELECT} ${where} ORDER BY po.created_at DESC, po.id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...params, offset }) as OrderRow[]
  const { n } = db.query(`SELECT count(*) AS n FROM purchase_orders po JOIN suppliers s ON s.id = po.supplier_id ${where}`).get(params) as { n: number }
  return { rows, total: n }
}

export interface OrderLineRow {
  id: number
  order_id: number
  item_id: number
  item_name: string
  unit: string
  supplier_code: string | null
  pack_id: number | null
  pack_name: string | null
  pack_size: number
  quantity: number
  unit_price: number
  received_quantity: number
  refused_quantity: number
  /** The item's cost per base unit now (1/100,000): what a first delivery's price is compared with. */
  cost_e5: number
}

export const orderLines = (db: Db, orderId: number) =>
  db
    .query(
      `SELECT l.id, l.order_id, l.item_id, i.name AS item_name, i.unit, i.supplier_code, l.pack_id, l.pack_name, l.pack_size,
         l.quantity, l.unit_price, l.received_quantity, l.refused_quantity, i.cost_e5
       FROM purchase_order_lines l JOIN items i ON i.id = l.item_id WHERE l.order_id = $orderId ORDER BY l.position, l.id`,
    )
    .all({ orderId }) as OrderLineRow[]

/** The next number of the day: PO-YYYYMMDD-NNN. */
export function nextOrderNumber(db: Db, day: string): string {
  const prefix = `PO-${day.replaceAll('-', '')}-`
  const { n } = db.query(`SELECT count(*) AS n FROM purchase_orders WHERE number LIKE $p`).get({ p: prefix + '%' }) as { n: number }
  return prefix + String(n + 1).padStart(3, '0')
}

export function insertOrder(db: Db, o: { number: string; supplier_id: number; expected_date: string | null; note: string | null; from_suggestions: number; user_id: number; at: string }): number {
  return (
    db
      .query(
        `INSERT INTO purchase_orders (number, supplier_id, status, expected_date, note, from_suggestions, created_by, created_at, updated_at)
         VALUES ($number, $supplier_id, 'DRAFT', $expected_date, $note, $from_suggestions, $user_id, $at, $at) RETURNING id`,
      )
      .get(o) as { id: number }
  ).id
}

export const updateOrderHead = (db: Db, id: number, o: { supplier_id: number; expected_date: string | null; note: string | null; at: string }) =>
  db.query('UPDATE purchase_orders SET supplier_id = $supplier_id, expected_date = $expected_date, note = $note, updated_at = $at WHERE id = $id').run({ ...o, id })

export const touchOrder = (db: Db, id: number, at: string) => db.query('UPDATE purchase_orders SET updated_at = $at WHERE id = $id').run({ id, at })

export interface NewOrderLine {
  item_id: number
  pack_id: number | null
  pack_name: string | null
  pack_size: number
  quantity: number
  unit_price: number
}

export function replaceOrderLines(db: Db, orderId: number, lines: NewOrderLine[]) {
  db.query('DELETE FROM purchase_order_lines WHERE order_id = $orderId').run({ orderId })
  const insert = db.query(
    `INSERT INTO purchase_order_lines (order_id, position, item_id, pack_id, pack_name, pack_size, quantity, unit_price)
     VALUES ($order_id, $position, $item_id, $pack_id, $pack_name, $pack_size, $quantity, $unit_price)`,
  )
  lines.forEach((l, i) => insert.run({ ...l, order_id: orderId, position: i + 1 }))
}

export const setStatus = (db: Db, id: number, status: PoStatus, at: string) => db.query('UPDATE purchase_orders SET status = $status, updated_at = $at WHERE id = $id').run({ id, status, at })
export const markSent = (db: Db, id: number, userId: number, expectedDate: string, at: string) =>
  db.query(`UPDATE purchase_orders SET status = 'SENT', expected_date = $expectedDate, sent_at = $at, sent_by = $userId, updated_at = $at WHERE id = $id`).run({ id, userId, expectedDate, at })
export const markClosed = (db: Db, id: number, userId: number, reason: string, at: string) =>
  db.query(`UPDATE purchase_orders SET status = 'CLOSED', closed_at = $at, closed_by = $userId, close_reason = $reason, updated_at = $at WHERE id = $id`).run({ id, userId, reason, at })

/** The DRAFT made from suggestions for a supplier, if one is still a draft (from-suggestions refreshes it instead of adding another). */
export const suggestedDraft = (db: Db, supplierId: number) =>
  (db.query(`SELECT id FROM purchase_orders WHERE supplier_id = $supplierId AND status = 'DRAFT' AND from_suggestions = 1 ORDER BY id DESC LIMIT 1`).get({ supplierId }) as { id: number } | null)?.id ?? null

export const addReceived = (db: Db, lineId: number, received: number, refused: number) =>
  db.query('UPDATE purchase_order_lines SET received_quantity = received_quantity + $received, refused_quantity = refused_quantity + $refused WHERE id = $lineId').run({ lineId, received, refused })

// ---------- Items (the facts receiving needs) ----------

export interface ItemFacts {
  id: number
  name: string
  unit: string
  supplier_id: number
  /** Cost per base unit, 1/100,000. */
  cost_e5: number
  current_quantity: number
  expiry_date: string | null
  is_active: number
}

export const itemFacts = (db: Db, id: number) =>
  db.query('SELECT id, name, unit, supplier_id, cost_e5, current_quantity, expiry_date, is_active FROM items WHERE id = $id').get({ id }) as ItemFacts | null

export const supplierName = (db: Db, id: number) => (db.query('SELECT name FROM suppliers WHERE id = $id').get({ id }) as { name: string } | null)?.name ?? null

// ---------- Receipts ----------

export const invoiceKey = (invoice: string) => invoice.replace(/\s+/g, '').toUpperCase()

export const receiptWithInvoice = (db: Db, supplierId: number, key: string) =>
  (db.query('SELECT id FROM receipts WHERE supplier_id = $supplierId AND invoice_key = $key ORDER BY id LIMIT 1').get({ supplierId, key }) as { id: number } | null)?.id ?? null

export function insertReceipt(
  db: Db,
  r: { order_id: number | null; supplier_id: number; invoice_number: string; invoice_date: string; invoice_total: number | null; lines_total: number; total_mismatch: number; user_id: number; at: string; draft_id: number | null },
): number {
  return (
    db
      .query(
        `INSERT INTO receipts (order_id, supplier_id, invoice_number, invoice_key, invoice_date, invoice_total, lines_total, total_mismatch, user_id, created_at, draft_id)
         VALUES ($order_id, $supplier_id, $invoice_number, $invoice_key, $invoice_date, $invoice_total, $lines_total, $total_mismatch, $user_id, $at, $draft_id) RETURNING id`,
      )
      .get({ ...r, invoice_key: invoiceKey(r.invoice_number) }) as { id: number }
  ).id
}

/** A receipt line as stored: the row read back, without its id and the item's joined name and unit. */
export function insertReceiptLine(db: Db, l: Omit<ReceiptLineRow, 'id' | 'item_name' | 'unit'> & { receipt_id: number }): number {
  return (
    db
      .query(
        `INSERT INTO receipt_lines (receipt_id, order_line_id, item_id, pack_id, pack_name, pack_size, received_quantity, refused_quantity, unit_price,
           base_quantity, unit_cost_e5, value, expiry_date, note, movement_id, compared_price_e5, compared_with)
         VALUES ($receipt_id, $order_line_id, $item_id, $pack_id, $pack_name, $pack_size, $received_quantity, $refused_quantity, $unit_price,
           $base_quantity, $unit_cost_e5, $value, $expiry_date, $note, $movement_id, $compared_price_e5, $compared_with) RETURNING id`,
      )
      .get(l) as { id: number }
  ).id
}

export const insertPrice = (db: Db, p: { item_id: number; supplier_id: number; receipt_id: number; price_e5: number; date: string; at: string }) =>
  db.query('INSERT INTO item_prices (item_id, supplier_id, receipt_id, price_e5, date, created_at) VALUES ($item_id, $supplier_id, $receipt_id, $price_e5, $date, $at)').run(p)

export interface ReceiptRow {
  id: number
  order_id: number | null
  order_number: string | null
  supplier_id: number
  supplier_name: string
  invoice_number: string
  invoice_date: string
  invoice_total: number | null
  lines_total: number
  total_mismatch: number
  user_name: string
  created_at: string
  draft_id: number | null
}

const RECEIPT_SELECT = `SELECT r.id, r.order_id, po.number AS order_number, r.supplier_id, s.name AS supplier_name, r.invoice_number, r.invoice_date,
  r.invoice_total, r.lines_total, r.total_mismatch, u.name AS user_name, r.created_at, r.draft_id
  FROM receipts r JOIN suppliers s ON s.id = r.supplier_id JOIN users u ON u.id = r.user_id LEFT JOIN purchase_orders po ON po.id = r.order_id`

export const findReceipt = (db: Db, id: number) => db.query(`${RECEIPT_SELECT} WHERE r.id = $id`).get({ id }) as ReceiptRow | null
export const orderReceipts = (db: Db, orderId: number) => db.query(`${RECEIPT_SELECT} WHERE r.order_id = $orderId ORDER BY r.id`).all({ orderId }) as ReceiptRow[]

export function listReceipts(db: Db, f: { supplier_id?: number }, limit: number, offset: number) {
  const where = f.supplier_id ? 'WHERE r.supplier_id = $supplier_id' : ''
  const params: Record<string, number> = f.supplier_id ? { supplier_id: f.supplier_id } : {}
  const rows = db.query(`${RECEIPT_SELECT} ${where} ORDER BY r.id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...params, offset }) as ReceiptRow[]
  const { n } = db.query(`SELECT count(*) AS n FROM receipts r ${where}`).get(params) as { n: number }
  return { rows, total: n }
}

export interface ReceiptLineRow {
  id: number
  order_line_id: number | null
  item_id: number
  item_name: string
  unit: string
  pack_id: number | null
  pack_name: string | null
  pack_size: number
  received_quantity: number
  refused_quantity: number
  unit_price: number
  base_quantity: number
  unit_cost_e5: number
  value: number
  expiry_date: string | null
  note: string | null
  movement_id: number | null
  /** What the price was compared with when received (issue 32.5), per base unit in 1/100,000. */
  compared_price_e5: number | null
  compared_with: PriceBasis | null
}

export const receiptLines = (db: Db, receiptId: number) =>
  db
    .query(
      `SELECT l.id, l.order_line_id, l.item_id, i.name AS item_name, i.unit, l.pack_id, l.pack_name, l.pack_size, l.received_quantity, l.refused_quantity,
         l.unit_price, l.base_quantity, l.unit_cost_e5, l.value, l.expiry_date, l.note, l.movement_id, l.compared_price_e5, l.compared_with
       FROM receipt_lines l JOIN items i ON i.id = l.item_id WHERE l.receipt_id = $receiptId ORDER BY l.id`,
    )
    .all({ receiptId }) as ReceiptLineRow[]

export const receiptReturns = (db: Db, receiptId: number) =>
  db
    .query(
      `SELECT x.id, x.item_id, i.name AS item_name, i.unit, x.quantity, x.reason, x.movement_id, u.name AS user_name, x.created_at
       FROM receipt_returns x JOIN items i ON i.id = x.item_id JOIN users u ON u.id = x.user_id WHERE x.receipt_id = $receiptId ORDER BY x.id`,
    )
    .all({ receiptId }) as { id: number; item_id: number; item_name: string; unit: string; quantity: number; reason: string; movement_id: number | null; user_name: string; created_at: string }[]

/** A return line without its ledger row yet (setReturnMovement names it once written); returns its id. */
export const insertReturn = (db: Db, r: { receipt_id: number; item_id: number; quantity: number; reason: string; user_id: number; at: string }) =>
  (
    db
      .query('INSERT INTO receipt_returns (receipt_id, item_id, quantity, reason, user_id, created_at) VALUES ($receipt_id, $item_id, $quantity, $reason, $user_id, $at) RETURNING id')
      .get(r) as { id: number }
  ).id

export const setReturnMovement = (db: Db, id: number, movementId: number) => db.query('UPDATE receipt_returns SET movement_id = $movementId WHERE id = $id').run({ id, movementId })

export const itemPrices = (db: Db, itemId: number) =>
  db
    .query(
      `SELECT p.date, p.supplier_id, s.name AS supplier_name, p.price_e5, p.receipt_id, r.invoice_number, p.created_at
       FROM item_prices p JOIN suppliers s ON s.id = p.supplier_id JOIN receipts r ON r.id = p.receipt_id
       WHERE p.item_id = $itemId ORDER BY p.id DESC LIMIT 500`,
    )
    .all({ itemId }) as { date: string; supplier_id: number; supplier_name: string; price_e5: number; receipt_id: number; invoice_number: string; created_at: string }[]

export const itemExists = (db: Db, id: number) => db.query('SELECT 1 FROM items WHERE id = $id').get({ id }) !== null

/** The receipt lines of an order's receipts, oldest first: what each order line received, at which price (issue 32.5). */
export const receivedLinesOfOrder = (db: Db, orderId: number) =>
  db
    .query(
      `SELECT l.order_line_id, l.received_quantity, l.unit_price, l.value
       FROM receipts r JOIN receipt_lines l ON l.receipt_id = r.id WHERE r.order_id = $orderId ORDER BY l.id`,
    )
    .all({ orderId }) as { order_line_id: number | null; received_quantity: number; unit_price: number; value: number }[]

/**
 * Every return from the order's receipts, with the order line and cost per base unit of the receipt line that
 * brought the item in (a return names its receipt and item; the first such line of the receipt).
 */
export const returnsOfOrder = (db: Db, orderId: number) =>
  db
    .query(
      `SELECT rl.order_line_id, x.quantity, rl.unit_cost_e5
       FROM receipt_returns x JOIN receipts r ON r.id = x.receipt_id
       JOIN receipt_lines rl ON rl.id = (SELECT min(l.id) FROM receipt_lines l WHERE l.receipt_id = x.receipt_id AND l.item_id = x.item_id AND l.base_quantity > 0)
       WHERE r.order_id = $orderId`,
    )
    .all({ orderId }) as { order_line_id: number | null; quantity: number; unit_cost_e5: number }[]

export interface PriceChangeRow {
  receipt_line_id: number
  receipt_id: number
  order_id: number | null
  order_number: string | null
  invoice_number: string
  invoice_date: string
  supplier_name: string
  item_id: number
  item_name: string
  unit: string
  pack_id: number | null
  pack_name: string | null
  pack_size: number
  unit_price: number
  unit_cost_e5: number
  compared_price_e5: number
  compared_with: PriceBasis
  created_at: string
}

/** The newest received lines whose price differed from what it was compared with (index receipt_lines_price_changes). */
export const recentPriceChanges = (db: Db, limit: number) =>
  db
    .query(
      `SELECT l.id AS receipt_line_id, l.receipt_id, r.order_id, po.number AS order_number, r.invoice_number, r.invoice_date, s.name AS supplier_name,
         l.item_id, i.name AS item_name, i.unit, l.pack_id, l.pack_name, l.pack_size, l.unit_price, l.unit_cost_e5, l.compared_price_e5, l.compared_with, r.created_at
       FROM receipt_lines l JOIN receipts r ON r.id = l.receipt_id JOIN suppliers s ON s.id = r.supplier_id JOIN items i ON i.id = l.item_id
       LEFT JOIN purchase_orders po ON po.id = r.order_id
       WHERE l.compared_price_e5 IS NOT NULL AND l.compared_price_e5 <> l.unit_cost_e5
       ORDER BY l.id DESC LIMIT ${sqlInteger(limit)}`,
    )
    .all() as PriceChangeRow[]
