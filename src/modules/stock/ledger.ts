import { exceedsValueCeiling, STOCK_MSG, type MovementType } from '../../contract/stock'
import type { Db } from '../../db/open'
import { badRequest, conflict, notFound } from '../../lib/errors'
import type { StockEvents } from './events'
import * as items from './items-repo'
import * as repo from './ledger-repo'

// The main-store ledger: every balance change goes through here, inside the caller's transaction.

/** What a row does to the balance, in hundredths: IN adds, OUT takes, ADJUSTMENT is signed. */
export const signedEffect = (m: { type: MovementType; quantity: number }) => (m.type === 'OUT' ? -m.quantity : m.quantity)

/** Only rows a person entered as IN or OUT may be edited or deleted. */
export const isEditable = (m: { type: string; source_type: string }) => m.source_type === 'MANUAL' && (m.type === 'IN' || m.type === 'OUT')

/** An item whose stock may move: it exists and is active. */
export function activeItem(db: Db, itemId: number) {
  const item = items.itemForLedger(db, itemId)
  if (!item) throw notFound('Item')
  if (!item.is_active) throw conflict(STOCK_MSG.itemInactive)
  return item
}

/**
 * Changes an item's balance by `delta` hundredths with the guarded UPDATE, or refuses with the
 * spec's message. `explain` turns the balance into the "Available … Requested …" pair shown.
 */
export function changeBalanceOrRefuse(
  db: Db,
  itemId: number,
  delta: number,
  at: string,
  explain: (current: number) => { available: number; requested: number } = (current) => ({ available: current, requested: -delta }),
  field = 'quantity',
) {
  if (delta === 0) return
  if (items.changeBalance(db, itemId, delta, at) === 1) return
  const item = items.itemForLedger(db, itemId)
  if (!item) throw notFound('Item')
  if (delta > 0 && exceedsValueCeiling(item.cost_e5, item.current_quantity + delta)) throw badRequest(STOCK_MSG.valueTooLarge(field))
  const { available, requested } = explain(item.current_quantity)
  throw conflict(STOCK_MSG.insufficientStock(available, requested, item.unit))
}

export interface LedgerEntry {
  itemId: number
  type: MovementType
  /** Hundredths: positive for IN/OUT, signed for ADJUSTMENT. */
  quantity: number
  remarks: string | null
  userId: number
  sourceType: string
  /** The id of what made the row (a count session for COUNT, a receipt …); null when nothing does. */
  sourceId?: number | null
  /** Which line of that source the row posts (a count's item, a return line): the database allows one row per line. */
  sourceLineId?: number | null
  reference?: string | null
  at: string
  /** Defaults to `at`; the demo and bench seeders write the past. */
  movementDate?: string
}

/**
 * Writes one ledger row, moves the balance with it and tells the stock events what happened; returns
 * the row as shown. Call inside `db.transaction(...).immediate()`: counts, fulfilment and transfers
 * use this too, so the main store has one ledger and one rule.
 */
export function recordMovement(db: Db, events: StockEvents, e: LedgerEntry): repo.MovementView {
  const delta = signedEffect(e)
  // One guarded UPDATE on the way (active and enough stock); only a refusal reads the item to say why.
  if (delta === 0 || items.changeActiveBalance(db, e.itemId, delta, e.at) !== 1) {
    activeItem(db, e.itemId)
    changeBalanceOrRefuse(db, e.itemId, delta, e.at)
  }
  const row = {
    item_id: e.itemId,
    type: e.type,
    quantity: e.quantity,
    remarks: e.remarks,
    user_id: e.userId,
    source_type: e.sourceType,
    source_id: e.sourceId ?? null,
    source_line_id: e.sourceLineId ?? null,
    reference: e.reference ?? null,
    movement_date: e.movementDate ?? e.at,
    at: e.at,
  }
  const view = repo.insertMovement(db, row)
  events.changed(db, { itemIds: [e.itemId], movement: { ledger: 'store', id: view.id, ...row } })
  return view
}

/** Stamps `last_verified_at` on items a stock count confirmed (with or without a ledger row). */
export const markVerified = (db: Db, itemIds: readonly number[], at: string) => {
  if (itemIds.length) items.markVerified(db, itemIds, at)
}

/**
 * Puts back a main-store row published off-site (`rims restore --from-s3`): the row as it was, its id
 * included, and its effect on the item's balance. Only columns this schema has are written.
 */
export function replayMovement(db: Db, row: Record<string, unknown>) {
  repo.insertRowAsIs(db, row)
  const delta = signedEffect(row as { type: MovementType; quantity: number })
  if (delta !== 0 && items.changeBalance(db, row.item_id as number, delta, row.created_at as string) !== 1) {
    throw conflict(`Ledger row ${row.id} cannot be replayed: the balance of item ${row.item_id} would leave its limits`)
  }
}
