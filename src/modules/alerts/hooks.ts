import type { Db } from '../../db/open'

/**
 * Called by the stock and kitchen services inside the same transaction as every stock change,
 * so that stock alerts are raised and resolved with the change itself. Filled by the alerts feature.
 */
export function afterStockChange(_db: Db, _itemIds: readonly number[]): void {}

/** A SYSTEM alert (backup failed, disk nearly full, integrity check failed). Filled by the alerts feature; until then the log carries it. */
export function raiseSystemAlert(_db: Db, _alert: { title: string; message: string }): void {}
