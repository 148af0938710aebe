import { fromCents } from '../../contract/fixed'
import { PO_MSG, type PackRef, type PoStatus, type ReceiptSummary } from '../../contract/purchasing'
import { STOCK_MSG } from '../../contract/stock'
import type { Db } from '../../db/open'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { packOfItem } from '../stock'
import * as repo from './repo'

// What the orders service (orders-service.ts) and the receipts service (receipts-service.ts) both use: kept here once.

export const packRef = (l: { pack_id: number | null; pack_name: string | null; pack_size: number }): PackRef | null =>
  l.pack_id === null ? null : { id: l.pack_id, name: l.pack_name ?? '', size: fromCents(l.pack_size) }

/** A receipt as listed (on its own or on its order). */
export const toSummary = (r: repo.ReceiptRow): ReceiptSummary => ({
  id: r.id,
  order_id: r.order_id,
  order_number: r.order_number,
  supplier_id: r.supplier_id,
  supplier_name: r.supplier_name,
  invoice_number: r.invoice_number,
  invoice_date: r.invoice_date,
  invoice_total: r.invoice_total === null ? null : fromCents(r.invoice_total),
  lines_total: fromCents(r.lines_total),
  total_mismatch: r.total_mismatch === 1,
  user_name: r.user_name,
  created_at: r.created_at,
  draft_id: r.draft_id,
})

export const wrongStatus = (o: repo.OrderRow, action: string, allowed: readonly PoStatus[]) => {
  if (!allowed.includes(o.status)) throw conflict(PO_MSG.wrongStatus(o.number, o.status, action, allowed.join(' or ')))
}

/** The look-ups both services refuse with (404 / 400), over one database. */
export function lookups(db: Db) {
  const orderRow = (id: number) => repo.findOrder(db, id) ?? (() => { throw notFound('Purchase order') })()
  const receiptRow = (id: number) => repo.findReceipt(db, id) ?? (() => { throw notFound('Receipt') })()
  const supplierOrRefuse = (id: number) => repo.supplierName(db, id) ?? (() => { throw badRequest(STOCK_MSG.unknownReference('supplier_id')) })()

  /** The pack of a line: one of the item's packs, or base units. */
  const linePack = (item: repo.ItemFacts, packId: number | null) => {
    if (packId === null) return { pack_id: null, pack_name: null, pack_size: 100 }
    const pack = packOfItem(db, item.id, packId)
    if (!pack) throw badRequest(PO_MSG.packNotOfItem(item.name))
    return { pack_id: pack.id, pack_name: pack.name, pack_size: pack.size }
  }
  const itemOrRefuse = (id: number) => repo.itemFacts(db, id) ?? (() => { throw badRequest('item_id does not match an existing item') })()

  return { orderRow, receiptRow, supplierOrRefuse, linePack, itemOrRefuse }
}
