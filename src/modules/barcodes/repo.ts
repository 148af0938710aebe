import type { Db } from '../../db/open'
import { checkedTable, packRowsOf, stagedItemId, type StagedTable } from '../stock'

// item_barcodes: an item's codes (unit and packs). items.barcode is kept as the copy of the
// item's first unit code, so the searches and reports that read it need no change.

export interface BarcodeRow {
  id: number
  item_id: number
  code: string
  pack_id: number | null
  pack_name: string | null
  pack_size: number | null
  /** 0: saved before RIMS checked check digits, kept as it was (migration 0016). */
  checked: number
  created_at: string
}

export interface FoundRow extends BarcodeRow {
  item_name: string
  unit: string
  is_active: number
  current_quantity: number
}

type Stored<R> = Omit<R, 'pack_name' | 'pack_size'>

/** The pack's name and size (hundredths) from stock's one pack query: item_barcodes keeps only the pack's id. */
function withPacks<R extends { item_id: number; pack_id: number | null }>(db: Db, rows: R[]): (R & { pack_name: string | null; pack_size: number | null })[] {
  const itemIds = [...new Set(rows.filter((r) => r.pack_id !== null).map((r) => r.item_id))]
  const packs = new Map(packRowsOf(db, itemIds).map((p) => [p.id, p]))
  return rows.map((r) => {
    const p = r.pack_id === null ? undefined : packs.get(r.pack_id)
    return { ...r, pack_name: p?.name ?? null, pack_size: p?.size ?? null }
  })
}

export const listCodes = (db: Db, itemId: number): BarcodeRow[] =>
  withPacks(
    db,
    db.query('SELECT b.id, b.item_id, b.code, b.pack_id, b.checked, b.created_at FROM item_barcodes b WHERE b.item_id = $itemId ORDER BY b.pack_id IS NOT NULL, b.id').all({ itemId }) as Stored<BarcodeRow>[],
  )

/** Every code of the items on a count's sheet (issue 33.2: the phone resolves scans from them without the box). */
export const countCodes = (db: Db, countId: number) =>
  db
    .query(
      `SELECT b.code, b.item_id, b.pack_id FROM item_barcodes b
       WHERE b.item_id IN (SELECT DISTINCT item_id FROM stock_count_lines WHERE count_id = $countId) ORDER BY b.item_id, b.id`,
    )
    .all({ countId }) as { code: string; item_id: number; pack_id: number | null }[]

export const countExists = (db: Db, countId: number) => db.query('SELECT 1 FROM stock_counts WHERE id = $countId').get({ countId }) !== null

export function findCode(db: Db, code: string): FoundRow | null {
  const row = db
    .query(
      `SELECT b.id, b.item_id, b.code, b.pack_id, b.checked, b.created_at, i.name AS item_name, i.unit, i.is_active, i.current_quantity
       FROM item_barcodes b JOIN items i ON i.id = b.item_id WHERE b.code = $code`,
    )
    .get({ code }) as Stored<FoundRow> | null
  return row && withPacks(db, [row])[0]
}

export const itemBrief = (db: Db, id: number) =>
  db.query('SELECT id, name, unit, is_active, current_quantity FROM items WHERE id = $id').get({ id }) as
    | { id: number; name: string; unit: string; is_active: number; current_quantity: number }
    | null

export function insertCode(db: Db, v: { itemId: number; code: string; packId: number | null; userId: number | null; at: string }) {
  return (
    db
      .query('INSERT INTO item_barcodes (item_id, code, pack_id, created_at, created_by) VALUES ($itemId, $code, $packId, $at, $userId) RETURNING id')
      .get({ itemId: v.itemId, code: v.code, packId: v.packId, at: v.at, userId: v.userId }) as { id: number }
  ).id
}

export const deleteCode = (db: Db, itemId: number, code: string) =>
  db.query('DELETE FROM item_barcodes WHERE item_id = $itemId AND code = $code').run({ itemId, code }).changes > 0

/**
 * The item form's `barcode` field (the unit code): replaces the old unit code `old` by `code` in
 * item_barcodes. A code that was one of this item's pack codes becomes its unit code.
 */
export function setUnitCode(db: Db, itemId: number, old: string | null, code: string | null, at: string) {
  if (old === code) return
  if (old !== null) db.query('DELETE FROM item_barcodes WHERE item_id = $itemId AND code = $old AND pack_id IS NULL').run({ itemId, old })
  if (code !== null) {
    db.query(
      `INSERT INTO item_barcodes (item_id, code, pack_id, created_at) VALUES ($itemId, $code, NULL, $at)
       ON CONFLICT (code) DO UPDATE SET pack_id = NULL WHERE item_id = excluded.item_id`,
    ).run({ itemId, code, at })
  }
}

/** Another item holding this code (for the 409 that names it). */
export const holderOf = (db: Db, code: string, exceptItemId = 0) =>
  db.query('SELECT i.id, i.name FROM item_barcodes b JOIN items i ON i.id = b.item_id WHERE b.code = $code AND b.item_id <> $exceptItemId').get({ code, exceptItemId }) as
    | { id: number; name: string }
    | null

/**
 * The import's unit codes, set-based (the same rule as setUnitCode, for every staged row at once): a changed barcode field
 * drops the item's old unit code and adds the new one; new items (ids base + new_no) get theirs. Staged columns: see stock's
 * StagedTable, plus old_barcode (the stored barcode of an updated item).
 */
export function bulkSetUnitCodes(db: Db, staged: StagedTable, base: number, at: string) {
  const t = checkedTable(staged)
  db.query(
    `DELETE FROM item_barcodes WHERE pack_id IS NULL AND EXISTS (SELECT 1 FROM ${t} r
       WHERE r.kind = 'update' AND r.item_id = item_barcodes.item_id AND r.old_barcode = item_barcodes.code AND r.barcode IS NOT r.old_barcode)`,
  ).run()
  db.query(
    `INSERT INTO item_barcodes (item_id, code, pack_id, created_at)
     SELECT ${stagedItemId('$base')}, barcode, NULL, $at FROM ${t}
     WHERE barcode IS NOT NULL AND (kind = 'create' OR barcode IS NOT old_barcode) ORDER BY seq
     ON CONFLICT (code) DO UPDATE SET pack_id = NULL WHERE item_id = excluded.item_id`,
  ).run({ base, at })
}
