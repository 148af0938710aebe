import type { Db } from '../../db/open'

// The item's packs as the stocktake issue stores them (item_packs: size in base-unit hundredths).
// Read only here: purchasing never writes packs; order and receipt lines copy name and size.

export interface StoredPack {
  id: number
  name: string
  /** Base-unit hundredths in one pack. */
  size: number
}

/** One of the item's packs, or null when the id is not one of them. */
export const packOfItem = (db: Db, itemId: number, packId: number): StoredPack | null =>
  db.query('SELECT id, name, size FROM item_packs WHERE id = $packId AND item_id = $itemId').get({ itemId, packId }) as StoredPack | null

/** Base units as a pack of size 1, for lines without a pack. */
export const BASE_PACK = { id: null, name: null, size: 100 } as const
