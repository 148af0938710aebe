import type { Settings } from '../contract/settings'
import type { Clock } from '../lib/clock'
import type { Db } from './open'

/**
 * What every service may be built from: the database, the time and the settings as they are now.
 * A service that moves stock takes the stock events as well (`StockServiceDeps` in src/modules/stock).
 * Structural, so that this file imports no module: the settings service satisfies `settings`.
 */
export interface ServiceDeps {
  db: Db
  clock: Clock
  settings: { get(): Settings }
}
