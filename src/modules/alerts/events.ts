import type { Db } from '../../db/open'
import { checkCountDiscrepancy, checkPriceChange, checkWastageDiscrepancy, raiseSystem, reconcileItems, type AlertContext, type MovementFact, type PriceFact } from './engine'

/**
 * The alert engine as a listener of the stock events (src/modules/stock/events.ts): subscribed in
 * `createDeps`, it runs inside the same transaction as every stock change, so that stock alerts
 * are raised and resolved with the change itself.
 */
export function stockAlertListener(ctx: AlertContext) {
  return {
    changed(db: Db, change: { itemIds: readonly number[]; movement?: MovementFact }): void {
      if (change.itemIds.length === 0) return
      reconcileItems(db, ctx, change.itemIds)
      if (change.movement?.ledger === 'store') checkCountDiscrepancy(db, ctx, change.movement)
      if (change.movement?.ledger === 'kitchen') checkWastageDiscrepancy(db, ctx, change.movement)
    },
    /** Many items and ledger rows at once (an import): the items reconciled 500 at a time, then each row checked as `changed` checks one. */
    changedMany(db: Db, change: { itemIds: readonly number[]; movements: readonly MovementFact[] }): void {
      for (let i = 0; i < change.itemIds.length; i += 500) reconcileItems(db, ctx, change.itemIds.slice(i, i + 500))
      for (const m of change.movements) {
        if (m.ledger === 'store') checkCountDiscrepancy(db, ctx, m)
        else checkWastageDiscrepancy(db, ctx, m)
      }
    },
  }
}

/** The alert engine as a listener of purchasing's price event (issue 18): PRICE_CHANGE when it jumped; returns the alert's priority or null. */
export const priceAlertListener = (ctx: AlertContext) => (db: Db, fact: PriceFact) => checkPriceChange(db, ctx, fact)

/** A SYSTEM alert (backup failed, disk nearly full, integrity check failed). */
export function raiseSystemAlert(db: Db, ctx: Pick<AlertContext, 'clock'>, alert: { title: string; message: string }): void {
  try {
    raiseSystem(db, ctx, alert)
  } catch (e) {
    // The database itself may be what failed: the caller's own error and log must still go through.
    console.error(`Could not record the SYSTEM alert "${alert.title}": ${(e as Error).message}`)
  }
}
