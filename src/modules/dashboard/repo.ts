import type { DashboardItem } from '../../contract/dashboard'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

/**
 * The stock figures without a pass over the items: totals, value and low stock from item_totals (kept by
 * triggers, each item's value rounded before it is added), the stock status slices counted through
 * indexes. First match wins: expired, out of stock, low, in stock. Low items are the expired low ones,
 * the empty ones not expired (an empty shelf is always at or below its minimum) and the rest (low_only).
 * EXPLAIN QUERY PLAN: expired, expiring → COVERING INDEX items_expiry ranges; expired_low → items_expiry
 * range (the expired items only); out_of_stock → COVERING INDEX items_stats (is_active=? AND current_quantity=?).
 */
export const stockFigures = (db: Db, today: string, until: string) => {
  const f = db
    .query(
      `SELECT t.active_items AS total_items, t.value_cents, t.low_stock,
         (SELECT count(*) FROM items WHERE is_active = 1 AND expiry_date IS NOT NULL AND expiry_date >= $today AND expiry_date <= $until) AS expiring,
         (SELECT count(*) FROM items WHERE is_active = 1 AND expiry_date IS NOT NULL AND expiry_date < $today) AS expired,
         (SELECT count(*) FROM items WHERE is_active = 1 AND expiry_date IS NOT NULL AND expiry_date < $today AND current_quantity <= min_stock_level) AS expired_low,
         (SELECT count(*) FROM items WHERE is_active = 1 AND current_quantity = 0 AND (expiry_date IS NULL OR expiry_date >= $today)) AS out_of_stock
       FROM item_totals t WHERE t.id = 1`,
    )
    .get({ today, until }) as { total_items: number; value_cents: number; low_stock: number; expiring: number; expired: number; expired_low: number; out_of_stock: number }
  return { ...f, low_only: f.low_stock - f.expired_low - f.out_of_stock }
}

/** Active items and their value (each item rounded first), as the triggers keep them in item_totals. */
export const itemTotals = (db: Db) =>
  db.query('SELECT active_items, value_cents, low_stock FROM item_totals WHERE id = 1').get() as { active_items: number; value_cents: number; low_stock: number }

/** The same slices by a full pass over every active item (items_stats): what the counters must always equal. */
export const recountStockFigures = (db: Db, today: string, until: string) =>
  db
    .query(
      `SELECT count(*) AS total_items,
         coalesce(sum((cost_e5 * current_quantity + 50000) / 100000), 0) AS value_cents,
         coalesce(sum(current_quantity <= min_stock_level), 0) AS low_stock,
         coalesce(sum(expiry_date >= $today AND expiry_date <= $until), 0) AS expiring,
         coalesce(sum(expiry_date < $today), 0) AS expired,
         coalesce(sum(expiry_date < $today AND current_quantity <= min_stock_level), 0) AS expired_low,
         coalesce(sum(coalesce(expiry_date >= $today, 1) AND current_quantity = 0), 0) AS out_of_stock,
         coalesce(sum(coalesce(expiry_date >= $today, 1) AND current_quantity > 0 AND current_quantity <= min_stock_level), 0) AS low_only
       FROM items INDEXED BY items_stats WHERE is_active = 1`,
    )
    .get({ today, until }) as ReturnType<typeof stockFigures>

export const userFigures = (db: Db) =>
  db.query('SELECT count(*) AS total, coalesce(sum(is_active), 0) AS active FROM users').get() as { total: number; active: number }

export const movementTypeCounts = (db: Db) => db.query('SELECT type, n FROM stock_movement_counts').all() as { type: string; n: number }[]

export const requestStatusCounts = (db: Db, chefId?: number) =>
  (chefId === undefined
    ? db.query('SELECT status, sum(n) AS n FROM kitchen_request_counts GROUP BY status').all()
    : db.query('SELECT status, count(*) AS n FROM kitchen_requests WHERE chef_id = $chefId GROUP BY status').all({ chefId })) as { status: string; n: number }[]

export const itemsByCategory = (db: Db) =>
  db
    .query(
      `SELECT c.id AS category_id, c.name, count(*) AS count
       FROM items i JOIN categories c ON c.id = i.category_id WHERE i.is_active = 1
       GROUP BY c.id ORDER BY count DESC, c.name COLLATE NOCASE`,
    )
    .all() as { category_id: number; name: string; count: number }[]

export const countCategories = (db: Db) => (db.query('SELECT count(*) AS n FROM categories').get() as { n: number }).n

/** An item on a dashboard list, as stored (hundredths); the service adds the status and days left. */
export type ItemLine = Pick<DashboardItem, 'id' | 'name' | 'unit' | 'category_name' | 'current_quantity' | 'min_stock_level' | 'expiry_date'>
const ITEM_LINE = `SELECT i.id, i.name, i.unit, c.name AS category_name, i.current_quantity, i.min_stock_level, i.expiry_date
  FROM items i JOIN categories c ON c.id = i.category_id`

/**
 * Active items at or below their minimum: empty shelves first, then the lowest against their minimum.
 * The ORDER BY is the key of the partial index items_low_stock (migration 0005): SQLite reads the first
 * rows in order (EXPLAIN QUERY PLAN: SEARCH i USING INDEX items_low_stock, no temp b-tree).
 */
export const lowStockItems = (db: Db, limit: number, offset: number) =>
  db
    .query(
      `${ITEM_LINE} WHERE i.is_active = 1 AND i.current_quantity <= i.min_stock_level
       ORDER BY i.current_quantity > 0, CAST(i.current_quantity AS REAL) / max(i.min_stock_level, 1), i.name COLLATE NOCASE, i.id
       LIMIT ${sqlInteger(limit)} OFFSET $offset`,
    )
    .all({ offset }) as ItemLine[]

/**
 * Active items expiring from `from` to `until` (both inclusive), soonest first. `from` = today is the
 * expiring list (0 ≤ days left ≤ window, as expiryStatus says); no `from` adds the expired ones (expiry alerts).
 */
export const expiryItems = (db: Db, until: string, limit: number, offset: number, from = '') =>
  db
    .query(
      `${ITEM_LINE} WHERE i.is_active = 1 AND i.expiry_date IS NOT NULL AND i.expiry_date >= $from AND i.expiry_date <= $until
       ORDER BY i.expiry_date, i.name COLLATE NOCASE, i.id LIMIT ${sqlInteger(limit)} OFFSET $offset`,
    )
    .all({ from, until, offset }) as ItemLine[]

export const countExpiryItems = (db: Db, until: string) =>
  (db.query('SELECT count(*) AS n FROM items WHERE is_active = 1 AND expiry_date IS NOT NULL AND expiry_date <= $until').get({ until }) as { n: number }).n


/**
 * The newest main-store movements. The LIMIT is taken in a subquery on the ledger alone, so SQLite reads
 * the date index backwards and stops at `limit` rows whatever its statistics say (with sqlite_stat1 it
 * otherwise chose to walk every item's movements and sort them: seconds on a million rows).
 */
export const recentMovements = (db: Db, limit: number) =>
  db
    .query(
      `SELECT m.id, m.type, m.quantity, m.source_type, m.movement_date AS at, i.name AS item_name, i.unit, u.name AS user_name, r.role_name
       FROM (SELECT id, type, quantity, source_type, movement_date, item_id, user_id FROM stock_movements ORDER BY movement_date DESC, id DESC LIMIT ${sqlInteger(limit)}) m
       JOIN items i ON i.id = m.item_id JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = u.role_id
       ORDER BY m.movement_date DESC, m.id DESC`,
    )
    .all() as { id: number; type: string; quantity: number; source_type: string; at: string; item_name: string; unit: string; user_name: string; role_name: string }[]

/**
 * The newest kitchen movements. No index ends in (movement_date, id), so the `limit`-th newest date is read
 * first from kitchen_movements_date (backwards) and only the movements from that date on are sorted.
 */
export const recentKitchenMovements = (db: Db, limit: number) =>
  db
    .query(
      `SELECT m.id, m.movement_type AS type, m.quantity, m.source_type, m.movement_date AS at, i.name AS item_name, i.unit, u.name AS user_name, r.role_name
       FROM (SELECT id, movement_type, quantity, source_type, movement_date, item_id, user_id FROM kitchen_movements
             WHERE movement_date >= coalesce((SELECT movement_date FROM kitchen_movements ORDER BY movement_date DESC LIMIT 1 OFFSET ${sqlInteger(limit)} - 1), '')
             ORDER BY movement_date DESC, id DESC LIMIT ${sqlInteger(limit)}) m
       JOIN items i ON i.id = m.item_id JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = u.role_id
       ORDER BY m.movement_date DESC, m.id DESC`,
    )
    .all() as { id: number; type: string; quantity: number; source_type: string; at: string; item_name: string; unit: string; user_name: string; role_name: string }[]

export const recentRequests = (db: Db, limit: number) =>
  db
    .query(
      `SELECT k.id, k.request_number, k.status, k.quantity_requested AS quantity, k.requested_at AS at, i.name AS item_name, i.unit, u.name AS user_name, r.role_name
       FROM (SELECT id, request_number, status, quantity_requested, requested_at, item_id, chef_id FROM kitchen_requests ORDER BY requested_at DESC, id DESC LIMIT ${sqlInteger(limit)}) k
       JOIN items i ON i.id = k.item_id JOIN users u ON u.id = k.chef_id JOIN roles r ON r.id = u.role_id
       ORDER BY k.requested_at DESC, k.id DESC`,
    )
    .all() as { id: number; request_number: string; status: string; quantity: number; at: string; item_name: string; unit: string; user_name: string; role_name: string }[]

/** The activity counters (15-minute buckets) from a bucket key on. */
export const bucketsFrom = (db: Db, from: string) =>
  db.query('SELECT bucket, stock_in, stock_out, usage, wastage_value, value_delta FROM activity_buckets WHERE bucket >= $from ORDER BY bucket').all({ from }) as {
    bucket: string
    stock_in: number
    stock_out: number
    usage: number
    wastage_value: number
    value_delta: number
  }[]

export const chefRequestsBetween = (db: Db, chefId: number, from: string, to: string) =>
  (db.query('SELECT count(*) AS n FROM kitchen_requests WHERE chef_id = $chefId AND requested_at >= $from AND requested_at < $to').get({ chefId, from, to }) as { n: number }).n

/** Low: 0 < quantity ≤ the row's own minimum (none: never low), as kitchenStockStatus says. */
export const kitchenFigures = (db: Db) =>
  db
    .query('SELECT coalesce(sum(quantity > 0), 0) AS in_stock, coalesce(sum(quantity > 0 AND quantity <= coalesce(min_quantity, -1)), 0) AS low_stock FROM kitchen_stock')
    .get() as { in_stock: number; low_stock: number }

export const kitchenLowItems = (db: Db, limit: number) =>
  db
    .query(
      `SELECT k.item_id, i.name AS item_name, i.unit, k.quantity FROM kitchen_stock k JOIN items i ON i.id = k.item_id
       WHERE k.quantity > 0 AND k.quantity <= k.min_quantity ORDER BY k.quantity, i.name COLLATE NOCASE LIMIT ${sqlInteger(limit)}`,
    )
    .all() as { item_id: number; item_name: string; unit: string; quantity: number }[]

const BUCKET = (column: string) => `substr(${column}, 1, 14) || printf('%02d', CAST(substr(${column}, 15, 2) AS INTEGER) / 15 * 15)`

/**
 * Recounts the trend counters from the ledgers (as migration 0004 does). For bulk loads that drop
 * the ledger's triggers (the benchmark seeder); call inside a transaction.
 */
export function rebuildActivityBuckets(db: Db) {
  db.exec('DELETE FROM activity_buckets')
  db.exec(`INSERT INTO activity_buckets (bucket, stock_in, stock_out, adjustments, value_delta)
    SELECT ${BUCKET('m.movement_date')}, sum(m.type = 'IN'), sum(m.type = 'OUT'), sum(m.type = 'ADJUSTMENT'),
      sum(CASE WHEN i.is_active = 0 THEN 0 WHEN m.type = 'OUT' OR m.quantity < 0 THEN -((i.cost_e5 * abs(m.quantity) + 50000) / 100000) ELSE (i.cost_e5 * m.quantity + 50000) / 100000 END)
    FROM stock_movements m JOIN items i ON i.id = m.item_id GROUP BY 1`)
  db.exec(`INSERT INTO activity_buckets (bucket, usage, wastage_value)
    SELECT ${BUCKET('m.movement_date')}, sum(m.source_type = 'USAGE'), sum(CASE WHEN m.movement_type = 'WASTE' THEN (i.cost_e5 * m.quantity + 50000) / 100000 ELSE 0 END)
    FROM kitchen_movements m JOIN items i ON i.id = m.item_id WHERE true GROUP BY 1
    ON CONFLICT(bucket) DO UPDATE SET usage = usage + excluded.usage, wastage_value = wastage_value + excluded.wastage_value`)
}
