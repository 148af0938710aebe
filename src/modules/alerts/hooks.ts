import type { Db } from '../../db/open'
import { systemClock } from '../../lib/clock'
import { createSettingsService } from '../settings/service'
import { checkCountDiscrepancy, checkWastageDiscrepancy, raiseSystem, reconcileItems, type AlertContext } from './engine'

// The app registers its clock and settings for its database; the CLI and seeders fall back to the system clock.
const contexts = new WeakMap<Db, AlertContext>()

export function registerAlertContext(db: Db, ctx: AlertContext) {
  contexts.set(db, ctx)
}

export function alertContext(db: Db): AlertContext {
  return contexts.get(db) ?? { clock: systemClock, settings: () => createSettingsService(db, systemClock).get() }
}

/**
 * Called by the stock and kitchen services inside the same transaction as every stock change,
 * so that stock alerts are raised and resolved with the change itself.
 */
export function afterStockChange(db: Db, itemIds: readonly number[]): void {
  if (itemIds.length === 0) return
  const ctx = alertContext(db)
  reconcileItems(db, ctx, itemIds)
  checkCountDiscrepancy(db, ctx, itemIds)
  checkWastageDiscrepancy(db, ctx, itemIds)
}

/** A SYSTEM alert (backup failed, disk nearly full, integrity check failed). */
export function raiseSystemAlert(db: Db, alert: { title: string; message: string }): void {
  try {
    raiseSystem(db, alertContext(db), alert)
  } catch (e) {
    // The database itself may be what failed: the caller's own error and log must still go through.
    console.error(`Could not record the SYSTEM alert "${alert.title}": ${(e as Error).message}`)
  }
}
