import type { Db } from '../../db/open'
import { BARCODE_CHECKED, type ItemRow } from '../stock'

// Reads for export and import: every row of a kind at once (a restaurant has hundreds to a few thousand).

/** A stored item as the import reads it: with its order pack's name (null without one, or when the pack is gone). */
export type ImportItemRow = ItemRow & { order_pack_name: string | null }

const ITEM_SELECT = `SELECT i.id, i.name, i.sku, i.barcode, ${BARCODE_CHECKED}, i.category_id, c.name AS category_name, i.supplier_id, s.name AS supplier_name,
  i.unit, i.cost_e5, i.current_quantity, i.min_stock_level, i.expiry_date, i.par_level, i.order_pack_id,
  (SELECT p.name FROM item_packs p WHERE p.id = i.order_pack_id AND p.item_id = i.id) AS order_pack_name, i.is_active, i.created_at, i.updated_at
  FROM items i JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id`

/** Active items by name: what the export writes. */
export const activeItems = (db: Db) => db.query(`${ITEM_SELECT} WHERE i.is_active = 1 ORDER BY i.name COLLATE NOCASE, i.id`).all() as ImportItemRow[]
/** Every item, active first: what an import matches against. */
export const allItems = (db: Db) => db.query(`${ITEM_SELECT} ORDER BY i.is_active DESC, i.id`).all() as ImportItemRow[]

export { allCategories } from '../categories'
export { allSuppliers } from '../suppliers'

/** The ids among `ids` that name no item. */
export function missingItemIds(db: Db, ids: number[]): number[] {
  const found = new Set<number>()
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    for (const r of db.query(`SELECT id FROM items WHERE id IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as { id: number }[]) found.add(r.id)
  }
  return ids.filter((id) => !found.has(id))
}
