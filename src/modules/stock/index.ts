// Stock's one face: other modules import from here only (items-repo, packs-repo, ledger-repo … are stock's own).
// Every write to items and item_packs is made by stock, and the main-store ledger is stock's: other modules call these.

// What stock tells (the wiring subscribes the listeners) and the deps of a service that moves stock.
export { createStockEvents, type CostsChange, type MovementFact, type OldCosts, type StockChange, type StockChangeMany, type StockEvents, type StockListener, type StockServiceDeps } from './events'

// The main-store ledger.
export { recordMovement, markVerified, activeItem, signedEffect, isEditable, replayMovement, type LedgerEntry } from './ledger'

// Items: the service, the rules every new or changed item keeps, and the writes other modules ask for.
export { createItemService, toItem, type ItemService, type UnitCodes } from './items-service'
export { createMovementService, type MovementService } from './movements-service'
export { itemRefusals, storedKeys, costExceedsCeiling, setItemCost, setItemExpiry, type ItemHolder, type ItemKeyLookups, type ItemRefusals, type StoredItemKeys } from './item-rules'
export { bulkSetItems, checkedTable, stagedItemId, type BulkSetResult, type StagedTable } from './bulk'
export {
  BARCODE_CHECKED,
  findItem,
  itemForLedger,
  categoryExists,
  supplierExists,
  barcodeHolder,
  bulkUpdate as bulkEditItems,
  setOrderPack as setItemOrderPack,
  refreshUnitCopy,
  type ItemRow,
} from './items-repo'

// Packs: read by packRowsOf (the items list reads them in its page statement).
export { packRowsOf, packsOf, packOfItem, toPack, type PackRow, type StoredPack } from './packs-repo'
