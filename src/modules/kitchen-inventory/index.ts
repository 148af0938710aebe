/** The kitchen inventory module's face: what other modules and the wiring may use. */
export { createKitchenInventoryService, recordKitchenMovement, type KitchenEntry, type KitchenInventoryService } from './service'
export { kitchenInventoryRoutes } from './routes'
export { kitchenLedgerCheck } from './doctor'
export { setKitchenMinimum, replayKitchenMovement } from './repo'
