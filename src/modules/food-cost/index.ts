/** The food cost module's face: what the wiring may use. */
export { createFoodCostService, type FoodCostService } from './service'
export { foodCostRoutes } from './routes'
