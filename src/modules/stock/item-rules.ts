import { itemCodeRefusal } from '../../contract/barcodes'
import { exceedsValueCeiling, STOCK_MSG } from '../../contract/stock'
import type { Db } from '../../db/open'
import { badRequest } from '../../lib/errors'
import * as repo from './items-repo'

// The rules an item's own fields keep, written once: POST/PUT /items and the CSV import (which checks a whole file
// before it writes, and so asks for the refusals instead of an exception) both come here.

export interface ItemHolder {
  id: number
  name: string
}

/** Who already holds a sku or a code; by default the database, the import passes its own maps of the file and the items. */
export interface ItemKeyLookups {
  skuHolder: (sku: string, exceptId: number) => ItemHolder | null
  barcodeHolder: (code: string, exceptId: number) => ItemHolder | null
}

export const storedKeys = (db: Db): ItemKeyLookups => ({
  skuHolder: (sku, exceptId) => repo.skuHolder(db, sku, exceptId),
  barcodeHolder: (code, exceptId) => repo.barcodeHolder(db, code, exceptId),
})

/** The item as stored, for the rules that depend on it (null for a new item). */
export interface StoredItemKeys {
  id: number
  barcode: string | null
  /** 0: its barcode was saved before RIMS checked check digits (issue 29). */
  barcode_checked: number
}

export interface ItemRefusals {
  /** A code with a wrong check digit (it passes only as the item's own code saved before RIMS checked them, unchanged). */
  barcode: string | null
  /** Another item holding the code (as its unit or a pack code). */
  barcodeHolder: ItemHolder | null
  /** Another item holding the sku (any case). */
  skuHolder: ItemHolder | null
  /** `value`: its cost × the balance the item will hold would pass the value ceiling. */
  quantityTooLarge: boolean
  /** `newCost` on a stored item: the new cost × its largest balance (main store or kitchen) would pass the value ceiling. */
  costTooLarge: boolean
}

/**
 * Every rule on an item's own fields, for a new item (`old` null) or a change: only what is given is checked
 * (`barcode`/`sku` undefined: unchanged; `value`: the cost and the balance, hundredths, the item will hold;
 * `newCost`: a changed cost of a stored item).
 */
export function itemRefusals(
  db: Db,
  v: { sku?: string | null; barcode?: string | null; value?: { cost_e5: number; quantity: number }; newCost?: number },
  old: StoredItemKeys | null,
  keys: ItemKeyLookups = storedKeys(db),
): ItemRefusals {
  const exceptId = old?.id ?? 0
  return {
    barcode: itemCodeRefusal(v.barcode, old?.barcode_checked === 0 ? old.barcode : null),
    barcodeHolder: v.barcode ? keys.barcodeHolder(v.barcode, exceptId) : null,
    skuHolder: v.sku ? keys.skuHolder(v.sku, exceptId) : null,
    quantityTooLarge: v.value !== undefined && exceedsValueCeiling(v.value.cost_e5, v.value.quantity),
    costTooLarge: old !== null && v.newCost !== undefined && costExceedsCeiling(db, old.id, v.newCost),
  }
}

/** The value ceiling on a cost change, in one place: the new cost must keep the main-store and the kitchen balance under it. */
export const costExceedsCeiling = (db: Db, itemId: number, cost: number) => exceedsValueCeiling(cost, repo.largestBalance(db, itemId))

/** A new cost per base unit (1/100,000), refused with `field` named when it would take the item's value past the ceiling. */
export function setItemCost(db: Db, itemId: number, cost: number, at: string, field = 'cost_price') {
  if (costExceedsCeiling(db, itemId, cost)) throw badRequest(STOCK_MSG.valueTooLarge(field))
  repo.setCost(db, itemId, cost, at)
}

/** A new expiry date (a delivery's earlier one). */
export const setItemExpiry = (db: Db, itemId: number, expiry: string, at: string) => repo.setExpiry(db, itemId, expiry, at)
