import type { Db } from '../../db/open'

// What the period reports read: counts, balances and costs at an instant, receipts, returns and wastage in between.
// Quantities and money in hundredths; instants are ISO texts, compared as the ledger writes them.

export interface CountFacts {
  id: number
  status: string
  started_at: string
  approved_at: string | null
}

export const countFacts = (db: Db, id: number) => db.query('SELECT id, status, started_at, approved_at FROM stock_counts WHERE id = $id').get({ id }) as CountFacts | null

export const countedItemIds = (db: Db, countId: number) =>
  new Set((db.query('SELECT item_id FROM stock_count_items WHERE count_id = $countId').all({ countId }) as { item_id: number }[]).map((r) => r.item_id))

export interface ItemAt {
  id: number
  name: string
  unit: string
  /** Main store + kitchen, hundredths. */
  quantity: number
  /** Cost per stock unit at that instant, 1/100,000 (COST_SCALE). */
  cost_e5: number
}

/**
 * Every item's main-store plus kitchen balance at instant `at` (today's balance less every ledger row
 * after it) and its cost price then (the cost history row in force; the item's first cost before it).
 */
export function itemsAt(db: Db, at: string): ItemAt[] {
  return db
    .query(
      `WITH main_after AS (
         SELECT item_id, sum(CASE type WHEN 'IN' THEN quantity WHEN 'OUT' THEN -quantity ELSE quantity END) AS q
         FROM stock_movements WHERE movement_date > $at GROUP BY item_id),
       kitchen_after AS (
         SELECT item_id, sum(CASE movement_type WHEN 'IN' THEN quantity WHEN 'ADJUSTMENT' THEN quantity ELSE -quantity END) AS q
         FROM kitchen_movements WHERE movement_date > $at GROUP BY item_id)
       SELECT i.id, i.name, i.unit,
         i.current_quantity - coalesce(ma.q, 0) + coalesce(k.quantity, 0) - coalesce(ka.q, 0) AS quantity,
         coalesce(
           (SELECT h.cost_e5 FROM item_cost_history h WHERE h.item_id = i.id AND h.at <= $at ORDER BY h.at DESC, h.id DESC LIMIT 1),
           (SELECT h.cost_e5 FROM item_cost_history h WHERE h.item_id = i.id ORDER BY h.at, h.id LIMIT 1),
           i.cost_e5) AS cost_e5
       FROM items i
       LEFT JOIN main_after ma ON ma.item_id = i.id
       LEFT JOIN kitchen_stock k ON k.item_id = i.id
       LEFT JOIN kitchen_after ka ON ka.item_id = i.id`,
    )
    .all({ at }) as ItemAt[]
}

/** Received base quantity and value per item in (from, to], returns taken off at the line's cost. */
export function purchasesBetween(db: Db, from: string, to: string) {
  const received = db
    .query(
      `SELECT l.item_id, sum(l.base_quantity) AS quantity, sum(l.value) AS value
       FROM receipt_lines l JOIN receipts r ON r.id = l.receipt_id
       WHERE r.created_at > $from AND r.created_at <= $to GROUP BY l.item_id`,
    )
    .all({ from, to }) as { item_id: number; quantity: number; value: number }[]
  const returned = db
    .query(
      `SELECT x.item_id, x.quantity,
         coalesce((SELECT l.unit_cost_e5 FROM receipt_lines l WHERE l.receipt_id = x.receipt_id AND l.item_id = x.item_id ORDER BY l.id LIMIT 1), 0) AS unit_cost_e5
       FROM receipt_returns x WHERE x.created_at > $from AND x.created_at <= $to`,
    )
    .all({ from, to }) as { item_id: number; quantity: number; unit_cost_e5: number }[]
  return { received, returned }
}

/** Recorded wastage per item in (from, to]: the kitchen's WASTE rows (the main store records none of its own). */
export const wastageBetween = (db: Db, from: string, to: string) =>
  db
    .query(`SELECT item_id, sum(quantity) AS quantity FROM kitchen_movements WHERE movement_type = 'WASTE' AND movement_date > $from AND movement_date <= $to GROUP BY item_id`)
    .all({ from, to }) as { item_id: number; quantity: number }[]

/** Active MENU recipes with a category: the drinks among them are those of a bar category (issue 35). */
export const menuRecipesWithCategory = (db: Db) =>
  db.query("SELECT id, category FROM recipes WHERE kind = 'MENU' AND is_active = 1 AND category IS NOT NULL ORDER BY id").all() as { id: number; category: string }[]

/** Items with bottle facts (issue 35), as stored. */
export const bottleItems = (db: Db) =>
  db.query('SELECT id, unit, bottle_ml, tare_g, full_g, bottle_density FROM items WHERE bottle_ml IS NOT NULL AND tare_g IS NOT NULL').all() as {
    id: number
    unit: string
    bottle_ml: number
    tare_g: number
    full_g: number | null
    bottle_density: number | null
  }[]
