import { MAX_VALUE_PRODUCT, type Item, type ItemFields } from '../../contract/stock'
import type { Pack } from '../../contract/packs'
import type { Db } from '../../db/open'
import { containsPattern } from '../../db/like'
import { readTogether } from '../../db/read-together'
import { sqlInteger } from '../../db/sql-integer'
import { toPack } from './packs-repo'

/** An item row as stored: the contract's Item with amounts in hundredths, the cost in 1/100,000 (cost_e5) and is_active 0/1 (no derived fields). */
export type ItemRow = Omit<Item, 'is_active' | 'barcode_checked' | 'total_value' | 'days_until_expiry' | 'packs' | 'cost_price' | 'bottle'> & {
  is_active: number
  barcode_checked: number
  cost_e5: number
} & BottleColumns
/** Bottle facts as stored (issue 35): hundredths of a ml and a g, density in thousandths; bottle_ml NULL: none. */
export interface BottleColumns {
  bottle_ml: number | null
  tare_g: number | null
  full_g: number | null
  bottle_density: number | null
}
/** An item's own fields as the repo writes them: the cost per base unit in 1/100,000 (COST_SCALE). */
export type StoredItemFields = Omit<ItemFields, 'cost_price'> & { cost_e5: number }

/** 0 when the item's barcode is a code saved before RIMS checked check digits (issue 29); one lookup by the unique code. */
export const BARCODE_CHECKED = 'NOT EXISTS (SELECT 1 FROM item_barcodes b WHERE b.code = i.barcode AND b.item_id = i.id AND b.checked = 0) AS barcode_checked'

const COLUMNS = `SELECT i.id, i.name, i.sku, i.barcode, ${BARCODE_CHECKED}, i.category_id, c.name AS category_name, i.supplier_id, s.name AS supplier_name,
  i.unit, i.cost_e5, i.current_quantity, i.min_stock_level, i.expiry_date, i.is_active, i.created_at, i.updated_at, i.last_verified_at,
  i.density, i.each_weight, i.yield_pct, i.bottle_ml, i.tare_g, i.full_g, i.bottle_density,
  i.par_level, i.order_pack_id, i.supplier_code`
const JOINS = 'JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id'
/**
 * The row's packs as one JSON array of [id, name, size] in the item's order: a list page reads them in its own statement.
 * The EXISTS first: the aggregate's set-up alone costs ≈ 1 µs a row, and most items have no packs.
 */
const PACKS = `CASE WHEN EXISTS (SELECT 1 FROM item_packs p WHERE p.item_id = i.id)
  THEN (SELECT json_group_array(json_array(p.id, p.name, p.size) ORDER BY p.position) FROM item_packs p WHERE p.item_id = i.id) ELSE '[]' END AS packs`
const SELECT = `${COLUMNS} FROM items i ${JOINS}`

export type ItemStatus = 'low' | 'out' | 'expiring' | 'expired' | 'expiring_or_expired' | 'unverified'

export interface ItemFilter {
  q?: string
  category_id?: number
  supplier_id?: number
  status?: ItemStatus
  /** Calendar dates in the restaurant's zone, for the expiry statuses. */
  today: string
  expiringUntil: string
  /** For 'unverified': an instant; items verified before it (or never) are listed. */
  verifiedSince?: string
}

const ORDER: Record<string, string> = {
  name: 'i.name COLLATE NOCASE',
  quantity: 'i.current_quantity',
  cost_price: 'i.cost_e5',
  value: 'i.cost_e5 * i.current_quantity',
  expiry_date: 'i.expiry_date IS NULL, i.expiry_date',
  created_at: 'i.created_at',
}

/** Active items only (deactivated ones leave lists); only the clauses in use, so the matching index is chosen. */
function where(f: ItemFilter) {
  const clauses = ['i.is_active = 1']
  const params: Record<string, string | number> = {}
  if (f.q) (clauses.push(`(i.name LIKE $q ESCAPE '\\' OR i.barcode LIKE $q ESCAPE '\\')`), (params.q = containsPattern(f.q)))
  if (f.category_id !== undefined) (clauses.push('i.category_id = $category_id'), (params.category_id = f.category_id))
  if (f.supplier_id !== undefined) (clauses.push('i.supplier_id = $supplier_id'), (params.supplier_id = f.supplier_id))
  if (f.status === 'low') clauses.push('i.current_quantity <= i.min_stock_level')
  if (f.status === 'out') clauses.push('i.current_quantity = 0')
  if (f.status === 'expiring') (clauses.push('i.expiry_date >= $today AND i.expiry_date <= $until'), (params.today = f.today), (params.until = f.expiringUntil))
  if (f.status === 'expired') (clauses.push('i.expiry_date < $today'), (params.today = f.today))
  if (f.status === 'expiring_or_expired') (clauses.push('i.expiry_date <= $until'), (params.until = f.expiringUntil))
  if (f.status === 'unverified') (clauses.push('(i.last_verified_at IS NULL OR i.last_verified_at < $since)'), (params.since = f.verifiedSince ?? ''))
  return { sql: `WHERE ${clauses.join(' AND ')}`, params }
}

/** A list row: the item row with its packs. */
export type ListedItemRow = ItemRow & { packs: Pack[] }

export function listItems(db: Db, f: ItemFilter, sort: string, limit: number, offset: number): { rows: ListedItemRow[]; total: number } {
  const w = where(f)
  const desc = sort.startsWith('-')
  const key = desc ? sort.slice(1) : sort
  const order = ORDER[key]
    .split(', ')
    .map((part) => (part.endsWith('IS NULL') ? part : `${part} ${desc ? 'DESC' : 'ASC'}`))
    .join(', ')
  const orderBy = `ORDER BY ${order}, i.id ${desc ? 'DESC' : 'ASC'}`
  // The page's ids come from the index alone; only those 50 rows are joined (OFFSET skips cheap index entries, not joined
  // rows). Materialized and scanned first (CROSS JOIN keeps it the outer loop), the page keeps its order without a second
  // sort: a few µs more than a plain join on page 1, 3 × faster at offset 5,000 of 10,000 items (docs/performance.md).
  // Page and total in one read transaction: each statement outside one takes and drops the WAL read lock (≈ 10 µs).
  return readTogether(db, () => {
    const rows = db
      .query(`WITH page AS MATERIALIZED (SELECT i.id FROM items i ${w.sql} ${orderBy} LIMIT ${sqlInteger(limit)} OFFSET $offset) ${COLUMNS}, ${PACKS} FROM page CROSS JOIN items i ON i.id = page.id ${JOINS}`)
      .all({ ...w.params, offset }) as (ItemRow & { packs: string })[]
    // Every row's packs parsed by one JSON.parse.
    const packs = JSON.parse(`[${rows.map((r) => r.packs).join(',')}]`) as [number, string, number][][]
    const listed = rows.map((r, n) => Object.assign(r, { packs: packs[n].map(([id, name, size]) => toPack({ id, name, size })) }))
    return { rows: listed, total: Object.keys(w.params).length === 0 && !f.status ? activeItemCount(db) : countItems(db, w) }
  })
}

const countItems = (db: Db, w: ReturnType<typeof where>) => (db.query(`SELECT count(*) AS total FROM items i ${w.sql}`).get(w.params) as { total: number }).total
/** The unfiltered list's total, from the trigger-kept row rather than a count of every item. */
const activeItemCount = (db: Db) => (db.query('SELECT active_items FROM item_totals WHERE id = 1').get() as { active_items: number }).active_items

export const findItem = (db: Db, id: number) => db.query(`${SELECT} WHERE i.id = $id`).get({ id }) as ItemRow | null

export const categoryExists = (db: Db, id: number) => db.query('SELECT 1 FROM categories WHERE id = $id').get({ id }) !== null
export const supplierExists = (db: Db, id: number) => db.query('SELECT 1 FROM suppliers WHERE id = $id').get({ id }) !== null


/** A new item starts at 0: its opening stock is written through the ledger. */
export function insertItem(db: Db, v: StoredItemFields, at: string): number {
  return (
    db
      .query(
        `INSERT INTO items (name, sku, barcode, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, expiry_date, is_active, created_at, updated_at,
           par_level, order_pack_id, supplier_code)
         VALUES ($name, $sku, $barcode, $category_id, $supplier_id, $unit, $cost_e5, 0, $min_stock_level, $expiry_date, 1, $at, $at,
           $par_level, $order_pack_id, $supplier_code) RETURNING id`,
      )
      .get({ ...v, sku: v.sku ?? null, par_level: v.par_level ?? null, order_pack_id: v.order_pack_id ?? null, supplier_code: v.supplier_code ?? null, at }) as { id: number }
  ).id
}

/** Never current_quantity: only the ledger moves a balance. */
export function updateItem(db: Db, id: number, v: StoredItemFields & { is_active: boolean }, at: string) {
  db.query(
    `UPDATE items SET name = $name, sku = $sku, barcode = $barcode, category_id = $category_id, supplier_id = $supplier_id, unit = $unit,
       cost_e5 = $cost_e5, min_stock_level = $min_stock_level, expiry_date = $expiry_date, is_active = $is_active, updated_at = $at,
       par_level = $par_level, order_pack_id = $order_pack_id, supplier_code = $supplier_code
     WHERE id = $id`,
  ).run({ ...v, sku: v.sku ?? null, par_level: v.par_level ?? null, order_pack_id: v.order_pack_id ?? null, supplier_code: v.supplier_code ?? null, is_active: v.is_active ? 1 : 0, id, at })
}

/** The recipe fields (issue 22), in hundredths; written after the item's own fields. */
export const setCostingFields = (db: Db, id: number, v: { density: number | null; each_weight: number | null; yield_pct: number }) =>
  db.query('UPDATE items SET density = $density, each_weight = $each_weight, yield_pct = $yield_pct WHERE id = $id').run({ ...v, id })

/** Bottle facts (issue 35), checked by the service; all NULL clears them. */
export const setBottle = (db: Db, id: number, b: BottleColumns) =>
  db.query('UPDATE items SET bottle_ml = $bottle_ml, tare_g = $tare_g, full_g = $full_g, bottle_density = $bottle_density WHERE id = $id').run({ ...b, id })

export const deactivateItem = (db: Db, id: number, at: string) => db.query('UPDATE items SET is_active = 0, updated_at = $at WHERE id = $id').run({ id, at })
export const deleteItem = (db: Db, id: number) => db.query('DELETE FROM items WHERE id = $id').run({ id })

/** The trigger-kept totals (one row) and the expiring count (a range of the expiry index). */
export function itemTotals(db: Db, today: string, until: string) {
  const totals = db.query('SELECT active_items AS total_items, value_cents, low_stock AS low_stock_count FROM item_totals WHERE id = 1').get() as {
    total_items: number
    value_cents: number
    low_stock_count: number
  }
  const { n } = db.query('SELECT count(*) AS n FROM items WHERE is_active = 1 AND expiry_date >= $today AND expiry_date <= $until').get({ today, until }) as { n: number }
  const expired = db.query('SELECT count(*) AS n FROM items WHERE is_active = 1 AND expiry_date < $today').get({ today }) as { n: number }
  return { ...totals, expiring_count: n, expired_count: expired.n }
}

/** The same totals recounted from every row (for the doctor). */
export const recountItemTotals = (db: Db) =>
  db
    .query(
      `SELECT count(*) AS total_items, coalesce(sum((cost_e5 * current_quantity + 50000) / 100000), 0) AS value_cents,
         coalesce(sum(current_quantity <= min_stock_level), 0) AS low_stock_count
       FROM items WHERE is_active = 1`,
    )
    .get() as { total_items: number; value_cents: number; low_stock_count: number }

export const countCategories = (db: Db) => (db.query('SELECT count(*) AS n FROM categories').get() as { n: number }).n

/** The item fields the ledger needs. */
export const itemForLedger = (db: Db, id: number) =>
  db.query('SELECT id, name, unit, cost_e5, current_quantity, is_active FROM items WHERE id = $id').get({ id }) as
    | { id: number; name: string; unit: string; cost_e5: number; current_quantity: number; is_active: number }
    | null

/**
 * The guarded balance change: it updates nothing when the balance would go below zero, so two
 * requests racing for the last units can never both succeed. Returns the number of rows changed (0 or 1).
 */
// A raise keeps cost × quantity at or below the value ceiling (a product past 2^63 turns REAL in SQLite, still comparable).
const BELOW_CEILING = '($delta <= 0 OR cost_e5 * (current_quantity + $delta) <= $max)'
const MAX = BigInt(MAX_VALUE_PRODUCT)

export const changeBalance = (db: Db, itemId: number, delta: number, at: string): number =>
  db
    .query(`UPDATE items SET current_quantity = current_quantity + $delta, updated_at = $at WHERE id = $id AND current_quantity + $delta >= 0 AND ${BELOW_CEILING}`)
    .run({ id: itemId, delta, at, max: MAX }).changes

/** The same guarded change for an active item only: 0 rows when the item is missing, inactive or too low. */
export const changeActiveBalance = (db: Db, itemId: number, delta: number, at: string): number =>
  db
    .query(`UPDATE items SET current_quantity = current_quantity + $delta, updated_at = $at WHERE id = $id AND is_active = 1 AND current_quantity + $delta >= 0 AND ${BELOW_CEILING}`)
    .run({ id: itemId, delta, at, max: MAX }).changes

/**
 * Whether anything refers to the item: main-store or kitchen movements, kitchen stock or requests.
 * Such an item is deactivated instead of deleted, so its history stays reportable. (Alerts refer to
 * items too, but cascade: they are not history.)
 */
export const itemHasHistory = (db: Db, itemId: number) =>
  (
    db
      .query(
        `SELECT EXISTS (SELECT 1 FROM stock_movements WHERE item_id = $itemId)
           OR EXISTS (SELECT 1 FROM kitchen_movements WHERE item_id = $itemId)
           OR EXISTS (SELECT 1 FROM kitchen_requests WHERE item_id = $itemId)
           OR EXISTS (SELECT 1 FROM kitchen_stock WHERE item_id = $itemId)
           OR EXISTS (SELECT 1 FROM stock_count_items WHERE item_id = $itemId)
           OR EXISTS (SELECT 1 FROM recipe_lines WHERE item_id = $itemId)
           OR EXISTS (SELECT 1 FROM purchase_order_lines WHERE item_id = $itemId)
           OR EXISTS (SELECT 1 FROM receipt_lines WHERE item_id = $itemId) AS used`,
      )
      .get({ itemId }) as { used: number }
  ).used === 1

/** The larger of the item's main-store and kitchen balances: a new cost_price must keep both under the value ceiling. */
export const largestBalance = (db: Db, id: number): number =>
  (db.query('SELECT max(i.current_quantity, coalesce(k.quantity, 0)) AS q FROM items i LEFT JOIN kitchen_stock k ON k.item_id = i.id WHERE i.id = $id').get({ id }) as { q: number } | null)?.q ?? 0

/** An approved stock count confirmed these items' balances (issue 17). */
export const markVerified = (db: Db, itemIds: readonly number[], at: string) =>
  db.query('UPDATE items SET last_verified_at = $at WHERE id IN (SELECT value FROM json_each($ids))').run({ at, ids: JSON.stringify(itemIds) })

/** Ordering (issue 18): the pack an item is ordered in (checked against its packs by the caller). */
export const setOrderPack = (db: Db, id: number, packId: number | null) => db.query('UPDATE items SET order_pack_id = $packId WHERE id = $id').run({ id, packId })

/** Receiving (purchasing): the new cost per base unit; the ceiling is checked by the caller (item-rules.ts setItemCost). */
export const setCost = (db: Db, id: number, cost: number, at: string) => db.query('UPDATE items SET cost_e5 = $cost, updated_at = $at WHERE id = $id').run({ id, cost, at })
/** Receiving (purchasing): the earlier expiry date of a delivery. */
export const setExpiry = (db: Db, id: number, expiry: string, at: string) => db.query('UPDATE items SET expiry_date = $expiry, updated_at = $at WHERE id = $id').run({ id, expiry, at })

/** The bulk edit (imports): the same values on many items; only the columns given. */
export function bulkUpdate(db: Db, ids: number[], set: { category_id?: number; supplier_id?: number; min_stock_level?: number; par_level?: number | null; is_active?: boolean }, at: string) {
  const cols: string[] = []
  const params: (string | number | null)[] = []
  if (set.category_id !== undefined) cols.push('category_id = ?'), params.push(set.category_id)
  if (set.supplier_id !== undefined) cols.push('supplier_id = ?'), params.push(set.supplier_id)
  if (set.min_stock_level !== undefined) cols.push('min_stock_level = ?'), params.push(set.min_stock_level)
  if (set.par_level !== undefined) cols.push('par_level = ?'), params.push(set.par_level)
  if (set.is_active !== undefined) cols.push('is_active = ?'), params.push(set.is_active ? 1 : 0)
  cols.push('updated_at = ?')
  params.push(at)
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    db.query(`UPDATE items SET ${cols.join(', ')} WHERE id IN (${chunk.map(() => '?').join(',')})`).run(...params, ...chunk)
  }
}

/** items.barcode follows the item's unit codes in item_barcodes (barcodes asks for it): kept while still one of them, else the first, else NULL. */
export function refreshUnitCopy(db: Db, itemId: number) {
  db.query(
    `UPDATE items SET barcode = COALESCE(
       (SELECT code FROM item_barcodes WHERE item_id = $itemId AND pack_id IS NULL AND code = items.barcode),
       (SELECT code FROM item_barcodes WHERE item_id = $itemId AND pack_id IS NULL ORDER BY id LIMIT 1))
     WHERE id = $itemId`,
  ).run({ itemId })
}

/** The item holding a sku (any case), other than `exceptId`: the holder named in a refusal. */
export const skuHolder = (db: Db, sku: string, exceptId = 0) =>
  db.query('SELECT id, name FROM items WHERE sku = $sku COLLATE NOCASE AND id <> $exceptId').get({ sku, exceptId }) as { id: number; name: string } | null

/** The item holding a code as its unit or a pack code (item_barcodes), other than `exceptId`. */
export const barcodeHolder = (db: Db, code: string, exceptId = 0) =>
  db.query('SELECT i.id, i.name FROM item_barcodes b JOIN items i ON i.id = b.item_id WHERE b.code = $code AND b.item_id <> $exceptId').get({ code, exceptId }) as
    | { id: number; name: string }
    | null
