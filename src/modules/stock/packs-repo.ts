import type { Pack, PackInput } from '../../contract/packs'
import { fromCents, toCents } from '../../contract/fixed'
import type { Db } from '../../db/open'

// item_packs: an item's pack sizes (size in hundredths of its base unit), in the order given.

/** A stored pack: size in hundredths. */
export interface PackRow {
  id: number
  item_id: number
  name: string
  size: number
}

export const toPack = (r: Pick<PackRow, 'id' | 'name' | 'size'>): Pack => ({ id: r.id, name: r.name, size: fromCents(r.size) })

/** The query that reads item_packs (the items list reads them in its page's statement): every pack of the given items, in each item's order (sizes in hundredths). */
export const packRowsOf = (db: Db, itemIds: readonly number[]): PackRow[] =>
  itemIds.length === 0
    ? []
    : (db
        .query('SELECT id, item_id, name, size FROM item_packs WHERE item_id IN (SELECT value FROM json_each($ids)) ORDER BY item_id, position')
        .all({ ids: JSON.stringify(itemIds) }) as PackRow[])

/** Every pack of the given items, grouped by item, in each item's order. One query for a page of items. */
export function packsOf(db: Db, itemIds: readonly number[]): Map<number, Pack[]> {
  const out = new Map<number, Pack[]>()
  for (const r of packRowsOf(db, itemIds)) {
    const list = out.get(r.item_id)
    if (list) list.push(toPack(r))
    else out.set(r.item_id, [toPack(r)])
  }
  return out
}

/** A stored pack of one item: size in base-unit hundredths (what order, receipt and count lines copy). */
export interface StoredPack {
  id: number
  name: string
  /** Base-unit hundredths in one pack. */
  size: number
}

/** One of the item's packs, or null when the id is not one of them (an item has a handful of packs). */
export function packOfItem(db: Db, itemId: number, packId: number): StoredPack | null {
  const r = packRowsOf(db, [itemId]).find((p) => p.id === packId)
  return r ? { id: r.id, name: r.name, size: r.size } : null
}

/**
 * Replaces an item's packs with `packs` (the whole list, in order). A pack whose name (any case) is
 * kept keeps its id, so a count sheet open on a phone still refers to the same pack.
 */
export function replacePacks(db: Db, itemId: number, packs: readonly PackInput[]) {
  const old = db.query('SELECT id, name FROM item_packs WHERE item_id = $itemId').all({ itemId }) as { id: number; name: string }[]
  const byName = new Map(old.map((p) => [p.name.toLocaleLowerCase(), p.id]))
  const keep = new Set<number>()
  // Positions are moved out of the way first, so renames and reorders never trip the unique name.
  packs.forEach((p, position) => {
    const id = byName.get(p.name.toLocaleLowerCase())
    if (id !== undefined) keep.add(id)
  })
  for (const p of old) if (!keep.has(p.id)) db.query('DELETE FROM item_packs WHERE id = $id').run({ id: p.id })
  packs.forEach((p, position) => {
    const id = byName.get(p.name.toLocaleLowerCase())
    const size = toCents(p.size)
    if (id !== undefined) db.query('UPDATE item_packs SET name = $name, size = $size, position = $position WHERE id = $id').run({ id, name: p.name, size, position })
    else db.query('INSERT INTO item_packs (item_id, name, size, position) VALUES ($itemId, $name, $size, $position)').run({ itemId, name: p.name, size, position })
  })
}
