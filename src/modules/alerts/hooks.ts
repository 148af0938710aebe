import type { Db } from '../../db/open'

/**
 * Called by the stock and kitchen services inside the same transaction as every stock change,
 * so that stock alerts are raised and resolved with the change itself. Filled by the alerts feature.
 */
export function afterStockChange(_db: Db, _itemIds: readonly number[]): void {}
