import type { Db } from '../../db/open'
import * as repo from './repo'

/** The sales module's face: what other modules and the wiring may use. */
export { createSalesService, type SalesService } from './service'
export { salesRoutes } from './routes'

/** The sales lines of a date range, each resolved to its dish (MAPPED), ignored or UNMAPPED. */
export const salesLinesIn = (db: Db, from: string, to: string) => repo.linesIn(db, from, to)
