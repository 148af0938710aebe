import type { Db } from '../../db/open'
import * as repo from './repo'

/** The sales module's face: what other modules and the wiring may use. */
export { createSalesService, type SalesService } from './service'
export { salesRoutes } from './routes'

/** The sales lines of a window (instants for timed sales, whole days for summaries), each resolved to its dish (MAPPED), ignored or UNMAPPED. */
export const salesLinesIn = (db: Db, window: { fromAt: string; toAt: string; dayFrom: string; dayTo: string }) => repo.linesIn(db, window)
/** What each dish sold in a window (hundredths), summed in SQL: for reports that need no line (the pour cost). */
export const soldIn = (db: Db, window: { fromAt: string; toAt: string; dayFrom: string; dayTo: string }) => new Map(repo.soldIn(db, window).map((r) => [r.recipe_id, r.quantity]))
export { dayOf } from './zoned'
