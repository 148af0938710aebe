import type { KitchenInventoryRow, KitchenMovement, KitchenMovementType, KitchenSourceType } from '../../contract/kitchen'
import { containsPattern } from '../../db/like'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

/** LIKE pattern for a user's text: %, _ and \ match themselves. */

// ---------- The kitchen balance ----------

export const itemForKitchen = (db: Db, id: number) =>
  db.query('SELECT id, name, unit, cost_e5, is_active FROM items WHERE id = $id').get({ id }) as { id: number; name: string; unit: string; cost_e5: number; is_active: number } | null

export const storeQuantity = (db: Db, itemId: number): number =>
  (db.query('SELECT current_quantity FROM items WHERE id = $itemId').get({ itemId }) as { current_quantity: number } | null)?.current_quantity ?? 0

export const kitchenQuantity = (db: Db, itemId: number): number =>
  (db.query('SELECT quantity FROM kitchen_stock WHERE item_id = $itemId').get({ itemId }) as { quantity: number } | null)?.quantity ?? 0

/** Adds to the kitchen balance, making the row on the item's first arrival. */
export const addToKitchen = (db: Db, itemId: number, quantity: number, at: string) =>
  db
    .query(
      `INSERT INTO kitchen_stock (item_id, quantity, last_updated) VALUES ($itemId, $quantity, $at)
       ON CONFLICT(item_id) DO UPDATE SET quantity = quantity + excluded.quantity, last_updated = excluded.last_updated`,
    )
    .run({ itemId, quantity, at })

/** The guarded decrease: changes nothing (0) when the kitchen holds less than `quantity`. */
export const takeFromKitchen = (db: Db, itemId: number, quantity: number, at: string): number =>
  db
    .query('UPDATE kitchen_stock SET quantity = quantity - $quantity, last_updated = $at WHERE item_id = $itemId AND quantity >= $quantity')
    .run({ itemId, quantity, at }).changes

export function insertKitchenMovement(
  db: Db,
  m: {
    item_id: number
    movement_type: KitchenMovementType
    quantity: number
    source_type: KitchenSourceType
    request_number: string | null
    user_id: number
    remarks: string | null
    movement_date: string
    at: string
  },
): number {
  return (
    db
      .query(
        `INSERT INTO kitchen_movements (item_id, movement_type, quantity, source_type, request_number, user_id, remarks, movement_date, created_at)
         VALUES ($item_id, $movement_type, $quantity, $source_type, $request_number, $user_id, $remarks, $movement_date, $at) RETURNING id`,
      )
      .get(m) as { id: number }
  ).id
}

// ---------- Inventory ----------

/** A kitchen inventory row as SQLite gives it: the contract's row with is_active as 0/1. */
export type InventoryRow = Omit<KitchenInventoryRow, 'is_active' | 'cost_price'> & { is_active: number; cost_e5: number }

const INVENTORY = `SELECT k.id, k.item_id, i.name AS item_name, c.name AS category, s.name AS supplier_name, i.cost_e5,
  k.quantity, i.unit, i.is_active, k.last_updated, k.min_quantity
  FROM kitchen_stock k
  JOIN items i ON i.id = k.item_id
  JOIN categories c ON c.id = i.category_id
  JOIN suppliers s ON s.id = i.supplier_id`

export interface InventoryFilter {
  q?: string
  /** low: 0 < quantity ≤ the row's own minimum (kitchenStockStatus in contract/kitchen.ts). */
  stock?: 'in' | 'low' | 'out'
}

function inventoryWhere(f: InventoryFilter) {
  const clauses: string[] = []
  const params: Record<string, string | number> = {}
  if (f.q) {
    clauses.push(`(i.name LIKE $q ESCAPE '\\' OR i.barcode LIKE $q ESCAPE '\\' OR c.name LIKE $q ESCAPE '\\' OR s.name LIKE $q ESCAPE '\\')`)
    params.q = containsPattern(f.q)
  }
  if (f.stock === 'in') clauses.push('k.quantity > 0')
  if (f.stock === 'out') clauses.push('k.quantity = 0')
  if (f.stock === 'low') clauses.push('k.quantity > 0 AND k.quantity <= k.min_quantity')
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

export function listInventory(db: Db, f: InventoryFilter, limit: number, offset: number): { rows: InventoryRow[]; total: number } {
  const w = inventoryWhere(f)
  const rows = db.query(`${INVENTORY} ${w.sql} ORDER BY i.name COLLATE NOCASE, k.id LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...w.params, offset }) as InventoryRow[]
  const { n } = db
    .query(`SELECT count(*) AS n FROM kitchen_stock k JOIN items i ON i.id = k.item_id JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id ${w.sql}`)
    .get(w.params) as { n: number }
  return { rows, total: n }
}

export const inventoryStatistics = (db: Db) =>
  db
    .query(
      `SELECT count(*) AS total_items,
         coalesce(sum(quantity > 0), 0) AS items_in_stock,
         coalesce(sum(quantity > 0 AND quantity <= coalesce(min_quantity, -1)), 0) AS low_stock_items,
         coalesce(sum(quantity = 0), 0) AS items_out_of_stock
       FROM kitchen_stock`,
    )
    .get() as { total_items: number; items_in_stock: number; low_stock_items: number; items_out_of_stock: number }

/** Sets (or clears, with null) the kitchen's minimum of an item in hundredths; 0 when the kitchen has no row for it. */
export const setKitchenMinimum = (db: Db, itemId: number, min: number | null): number =>
  db.query('UPDATE kitchen_stock SET min_quantity = $min WHERE item_id = $itemId').run({ itemId, min }).changes

export const findInventoryRow = (db: Db, itemId: number) => db.query(`${INVENTORY} WHERE k.item_id = $itemId`).get({ itemId }) as InventoryRow | null

// ---------- Movements ----------

/** A kitchen ledger row joined for display: the contract's KitchenMovement with the quantity in hundredths. */
export type MovementView = KitchenMovement

const MOVEMENTS = `SELECT m.id, m.item_id, i.name AS item_name, i.unit, m.movement_type, m.quantity, m.user_id, u.name AS user_name,
  r.role_name, m.source_type, m.request_number, m.movement_date, m.remarks, m.created_at
  FROM kitchen_movements m
  JOIN items i ON i.id = m.item_id
  JOIN users u ON u.id = m.user_id
  JOIN roles r ON r.id = u.role_id`

export interface MovementFilter {
  movement_type?: KitchenMovementType
  source_type?: KitchenSourceType
  item_id?: number
  /** UTC instants: from inclusive, to exclusive. */
  from?: string
  to?: string
  q?: string
}

/** Only the clauses a filter uses, so that SQLite picks the matching index (type, item or date). */
function movementWhere(f: MovementFilter) {
  const clauses: string[] = []
  const params: Record<string, string | number> = {}
  if (f.movement_type !== undefined) (clauses.push('m.movement_type = $movement_type'), (params.movement_type = f.movement_type))
  if (f.source_type !== undefined) (clauses.push('m.source_type = $source_type'), (params.source_type = f.source_type))
  if (f.item_id !== undefined) (clauses.push('m.item_id = $item_id'), (params.item_id = f.item_id))
  if (f.from !== undefined) (clauses.push('m.movement_date >= $from'), (params.from = f.from))
  if (f.to !== undefined) (clauses.push('m.movement_date < $to'), (params.to = f.to))
  if (f.q) {
    clauses.push(
      `(m.item_id IN (SELECT id FROM items WHERE name LIKE $q ESCAPE '\\') OR m.user_id IN (SELECT id FROM users WHERE name LIKE $q ESCAPE '\\')
        OR m.remarks LIKE $q ESCAPE '\\' OR m.request_number LIKE $q ESCAPE '\\')`,
    )
    params.q = containsPattern(f.q)
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

export function listMovements(db: Db, f: MovementFilter, limit: number, offset: number): { rows: MovementView[]; total: number } {
  const w = movementWhere(f)
  const rows = db.query(`${MOVEMENTS} ${w.sql} ORDER BY m.movement_date DESC, m.id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...w.params, offset }) as MovementView[]
  const onlyType = Object.entries(f).every(([k, v]) => v === undefined || v === '' || k === 'movement_type')
  let total: number
  if (onlyType) {
    // The trigger-kept totals answer at once instead of counting every row.
    const totals = movementTotals(db)
    total = f.movement_type ? (totals.find((t) => t.movement_type === f.movement_type)?.n ?? 0) : totals.reduce((s, t) => s + t.n, 0)
  } else {
    total = (db.query(`SELECT count(*) AS n FROM kitchen_movements m ${w.sql}`).get(w.params) as { n: number }).n
  }
  return { rows, total }
}

export const findMovementView = (db: Db, id: number) => db.query(`${MOVEMENTS} WHERE m.id = $id`).get({ id }) as MovementView | null

/** All-time count and quantity per type (kept by triggers). */
export const movementTotals = (db: Db) =>
  db.query('SELECT movement_type, n, quantity FROM kitchen_movement_totals').all() as { movement_type: KitchenMovementType; n: number; quantity: number }[]

type TypeTotals = { movement_type: KitchenMovementType; n: number; quantity: number }[]

/** Count and quantity per type between two instants, from the rows (a covering index: no table reads). */
const rowTotalsBetween = (db: Db, from: string, to: string) =>
  db
    .query(
      `SELECT movement_type, count(*) AS n, sum(quantity) AS quantity FROM kitchen_movements
       WHERE movement_date >= $from AND movement_date < $to GROUP BY movement_type`,
    )
    .all({ from, to }) as TypeTotals

/** Count and quantity per type over whole UTC days [fromDay, toDay), from the trigger-kept day totals. */
const dayTotalsBetween = (db: Db, fromDay: string, toDay: string) =>
  db
    .query('SELECT movement_type, sum(n) AS n, sum(quantity) AS quantity FROM kitchen_movement_days WHERE day >= $fromDay AND day < $toDay GROUP BY movement_type')
    .all({ fromDay, toDay }) as TypeTotals

const nextUtcDay = (day: string) => new Date(Date.parse(day + 'T00:00:00Z') + 86_400_000).toISOString().slice(0, 10)

/**
 * Count and quantity per type between two instants (from inclusive, to exclusive; either may be open).
 * Whole UTC days inside the range come from kitchen_movement_days, the partial days at its edges from
 * the rows, so a three-year range reads about a thousand day rows instead of every movement.
 */
export function movementTotalsBetween(db: Db, from: string | undefined, to: string | undefined): TypeTotals {
  const fromDay = from === undefined ? '0000-01-01' : from.slice(10) === 'T00:00:00.000Z' ? from.slice(0, 10) : nextUtcDay(from.slice(0, 10))
  const toDay = to === undefined ? '9999-12-31' : to.slice(0, 10)
  if (fromDay >= toDay) return rowTotalsBetween(db, from ?? '', to ?? '9999')
  const parts = [dayTotalsBetween(db, fromDay, toDay)]
  if (from !== undefined && from < fromDay + 'T00:00:00.000Z') parts.push(rowTotalsBetween(db, from, fromDay + 'T00:00:00.000Z'))
  if (to !== undefined && to > toDay + 'T00:00:00.000Z') parts.push(rowTotalsBetween(db, toDay + 'T00:00:00.000Z', to))
  const sum = new Map<KitchenMovementType, { movement_type: KitchenMovementType; n: number; quantity: number }>()
  for (const row of parts.flat()) {
    const s = sum.get(row.movement_type) ?? { movement_type: row.movement_type, n: 0, quantity: 0 }
    s.n += row.n
    s.quantity += row.quantity
    sum.set(row.movement_type, s)
  }
  return [...sum.values()]
}

/** Day totals that differ from the rows (for the doctor). */
export const dayTotalDifferences = (db: Db) =>
  db
    .query(
      `WITH real AS (SELECT substr(movement_date, 1, 10) AS day, movement_type, count(*) AS n, sum(quantity) AS quantity FROM kitchen_movements GROUP BY 1, 2)
       SELECT coalesce(r.day, d.day) AS day, coalesce(r.movement_type, d.movement_type) AS movement_type, coalesce(d.n, 0) AS kept, coalesce(r.n, 0) AS real
       FROM real r FULL OUTER JOIN kitchen_movement_days d ON d.day = r.day AND d.movement_type = r.movement_type
       WHERE coalesce(d.n, 0) <> coalesce(r.n, 0) OR coalesce(d.quantity, 0) <> coalesce(r.quantity, 0)`,
    )
    .all() as { day: string; movement_type: string; kept: number; real: number }[]

// ---------- Checks ----------

/** Items whose kitchen balance differs from the sum of their kitchen ledger rows (either side missing counts as 0). */
export const kitchenLedgerDifferences = (db: Db) =>
  db
    .query(
      `WITH ledger AS (
         SELECT item_id, sum(CASE WHEN movement_type IN ('OUT', 'WASTE') THEN -quantity ELSE quantity END) AS total
         FROM kitchen_movements GROUP BY item_id
       )
       SELECT k.item_id, k.quantity, coalesce(l.total, 0) AS ledger FROM kitchen_stock k LEFT JOIN ledger l ON l.item_id = k.item_id
       WHERE k.quantity <> coalesce(l.total, 0)
       UNION ALL
       SELECT l.item_id, 0, l.total FROM ledger l WHERE l.total <> 0 AND NOT EXISTS (SELECT 1 FROM kitchen_stock k WHERE k.item_id = l.item_id)`,
    )
    .all() as { item_id: number; quantity: number; ledger: number }[]

/** The kept totals against a real count. */
export const realMovementTotals = (db: Db) =>
  db.query('SELECT movement_type, count(*) AS n, sum(quantity) AS quantity FROM kitchen_movements GROUP BY movement_type').all() as {
    movement_type: KitchenMovementType
    n: number
    quantity: number
  }[]

/**
 * Puts back a kitchen row published off-site (`rims restore --from-s3`): the row as it was, its id
 * included, and its effect on the kitchen balance.
 */
export function replayKitchenMovement(db: Db, row: Record<string, unknown>) {
  const known = new Set((db.query('PRAGMA table_info(kitchen_movements)').all() as { name: string }[]).map((c) => c.name))
  const keys = Object.keys(row).filter((k) => known.has(k))
  db.query(`INSERT INTO kitchen_movements (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`).run(...(keys.map((k) => row[k]) as never[]))
  const quantity = row.quantity as number
  const delta = row.movement_type === 'OUT' || row.movement_type === 'WASTE' ? -quantity : quantity
  const itemId = row.item_id as number
  const at = row.created_at as string
  if (delta >= 0) addToKitchen(db, itemId, delta, at)
  else if (takeFromKitchen(db, itemId, -delta, at) !== 1) throw new Error(`Kitchen row ${row.id} cannot be replayed: the kitchen holds less than it takes`)
}
