/** The stock module's face: what other modules and the wiring may use. */
export { createStockEvents, type CostsChange, type MovementFact, type OldCosts, type StockChange, type StockChangeMany, type StockEvents, type StockListener, type StockServiceDeps } from './events'
export { recordMovement, type LedgerEntry } from './ledger'
