import type { Db } from '../../db/open'
import { createCosting } from './costing'
import * as repo from './repo'
import type { BarSettings } from '../../contract/bar'

/** The recipes module's face: what other modules and the wiring may use. */
export { createRecipeService, type RecipeService } from './service'
export { menuCostingDownloadRoutes, recipeRoutes } from './routes'
export { checkFoodCost } from './food-cost-alerts'

/** The costing of these recipes and everything under them, at the restaurant's default food cost target (and the bar's settings). */
export const costRecipes = (db: Db, recipeIds: number[], targetDefaultPct: number, bar?: BarSettings) => createCosting(repo.costingData(db, recipeIds), targetDefaultPct, bar)

/** One recipe as stored, or null. */
export const findRecipe = (db: Db, id: number) => repo.findRecipe(db, id)
