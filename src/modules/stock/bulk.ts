import type { Db } from '../../db/open'

// The CSV import's write, set-based: 20,000 staged rows go into items and stock_movements with a handful of statements
// (the triggers keep item totals and activity as for single rows). The import checked every row with item-rules.ts first.

/**
 * The staged rows (a TEMP table of the caller's connection), one per item to create or update, in the file's order:
 * seq INTEGER (the file's row), kind 'create' | 'update', new_no (1, 2 … for creates), item_id (updates),
 * name, sku, barcode, category_id, supplier_id, unit, cost_e5, min_stock_level, expiry_date, par_level (the item's fields as written),
 * quantity (hundredths: opening stock for a create, the signed count difference for an update, or NULL),
 * pack_name, pack_size (a create's one pack, size in hundredths of its unit, or NULL: a "750ml" unit cell, issue 32).
 */
export type StagedTable = string

/** A staged table's name is put into SQL: only a plain (optionally temp.) identifier is taken. */
export const checkedTable = (table: StagedTable) => {
  if (!/^(temp\.)?[a-z_][a-z0-9_]*$/i.test(table)) throw new Error(`not a table name: ${table}`)
  return table
}

/** The id a staged row's item has once written: new items get the ids after `base`, in the file's order. */
export const stagedItemId = (base: string) => `CASE kind WHEN 'create' THEN ${base} + new_no ELSE item_id END`

export interface BulkSetResult {
  /** New items have the ids base + new_no. */
  base: number
  /** Opening stock rows written. */
  opening: number
  /** The stock count rows written (for the alerts). */
  counted: { id: number; item_id: number; type: string; quantity: number; source_type: string; movement_date: string }[]
}

/**
 * Creates and updates the staged items and writes their opening stock (IN, OPENING) and stock counts (signed ADJUSTMENT,
 * COUNT): call inside the caller's IMMEDIATE transaction. Raises no events: the caller tells the stock events once for all.
 */
export function bulkSetItems(db: Db, staged: StagedTable, at: string, userId: number): BulkSetResult {
  const t = checkedTable(staged)
  // New items get the ids after the largest one, in the file's order (what one INSERT per row would have given them).
  const base = (db.query('SELECT coalesce(max(id), 0) AS id FROM items').get() as { id: number }).id
  const lastMovement = (db.query('SELECT coalesce(max(id), 0) AS id FROM stock_movements').get() as { id: number }).id
  db.query(
    `INSERT INTO items (id, name, sku, barcode, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, expiry_date, par_level, is_active, created_at, updated_at)
     SELECT $base + new_no, name, sku, barcode, category_id, supplier_id, unit, cost_e5, quantity, min_stock_level, expiry_date, par_level, 1, $at, $at
     FROM ${t} WHERE kind = 'create' ORDER BY seq`,
  ).run({ base, at })
  db.query(
    `INSERT INTO item_packs (item_id, name, size, position)
     SELECT $base + new_no, pack_name, pack_size, 0 FROM ${t} WHERE kind = 'create' AND pack_name IS NOT NULL ORDER BY seq`,
  ).run({ base })
  db.query(
    `UPDATE items SET name = r.name, sku = r.sku, barcode = r.barcode, category_id = r.category_id, supplier_id = r.supplier_id, unit = r.unit,
       cost_e5 = r.cost_e5, min_stock_level = r.min_stock_level, expiry_date = r.expiry_date, par_level = r.par_level, updated_at = $at
     FROM ${t} r WHERE r.kind = 'update' AND items.id = r.item_id`,
  ).run({ at })
  // The count after the new cost, as the ledger did it row by row (the activity triggers value each step apart).
  db.query(
    `UPDATE items SET current_quantity = current_quantity + r.quantity, updated_at = $at
     FROM ${t} r WHERE r.kind = 'update' AND r.quantity IS NOT NULL AND items.id = r.item_id`,
  ).run({ at })
  // Opening stock for new items, stock counts for existing ones, in the file's order.
  db.query(
    `INSERT INTO stock_movements (item_id, type, quantity, remarks, user_id, source_type, source_id, reference, movement_date, created_at, updated_at)
     SELECT ${stagedItemId('$base')},
       CASE kind WHEN 'create' THEN 'IN' ELSE 'ADJUSTMENT' END, quantity,
       CASE kind WHEN 'create' THEN 'Opening stock' ELSE 'Stock count (CSV import)' END, $userId,
       CASE kind WHEN 'create' THEN 'OPENING' ELSE 'COUNT' END, NULL, NULL, $at, $at, $at
     FROM ${t} WHERE (kind = 'create' AND quantity > 0) OR (kind = 'update' AND quantity IS NOT NULL) ORDER BY seq`,
  ).run({ base, at, userId })
  const counted = db
    .query(`SELECT id, item_id, type, quantity, source_type, movement_date FROM stock_movements WHERE id > $lastMovement AND source_type = 'COUNT' ORDER BY id`)
    .all({ lastMovement }) as BulkSetResult['counted']
  const opening = (db.query(`SELECT count(*) AS n FROM stock_movements WHERE id > $lastMovement AND source_type = 'OPENING'`).get({ lastMovement }) as { n: number }).n
  return { base, opening, counted }
}
