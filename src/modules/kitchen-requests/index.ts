/** The kitchen requests module's face: what the wiring may use. */
export { createKitchenRequestService, requestCounterProblems, type KitchenRequestService } from './service'
export { kitchenRequestRoutes } from './routes'
export { seedKitchenDemo } from './demo'
