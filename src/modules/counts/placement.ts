import type { Db } from '../../db/open'

// Storage areas named by an items import (issue 32.7): an area is matched by name whatever its case, created when
// missing, and the item is put at the end of its shelf order. Never taken out of another area: a file says where an
// item stands, not where it does not.

/** The names of the areas an item stands in, in name order. */
export const areaNamesOfItem = (db: Db, itemId: number) =>
  (db.query('SELECT a.name FROM storage_area_items ai JOIN storage_areas a ON a.id = ai.area_id WHERE ai.item_id = $itemId ORDER BY a.name COLLATE NOCASE').all({ itemId }) as { name: string }[]).map((r) => r.name)

/** Every area's name (a restaurant has a handful). */
export const allAreaNames = (db: Db) => (db.query('SELECT name FROM storage_areas ORDER BY name COLLATE NOCASE').all() as { name: string }[]).map((r) => r.name)

/** Puts the item in each named area (created when missing); an item already there keeps its place. */
export function placeInAreas(db: Db, itemId: number, names: readonly string[], at: string) {
  for (const name of names) {
    const found = db.query('SELECT id FROM storage_areas WHERE name = $name').get({ name }) as { id: number } | null
    const areaId = found?.id ?? (db.query('INSERT INTO storage_areas (name, created_at, updated_at) VALUES ($name, $at, $at) RETURNING id').get({ name, at }) as { id: number }).id
    const placed = db
      .query('INSERT INTO storage_area_items (area_id, item_id, position) SELECT $areaId, $itemId, coalesce(max(position) + 1, 0) FROM storage_area_items WHERE area_id = $areaId ON CONFLICT DO NOTHING')
      .run({ areaId, itemId })
    if (placed.changes) db.query('UPDATE storage_areas SET updated_at = $at WHERE id = $areaId').run({ areaId, at })
  }
}
