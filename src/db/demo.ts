import type { BUILTIN_ROLES } from '../contract/roles'
import type { Db } from './open'

/**
 * What a feature's demo seeder gets from `rims serve --demo` (src/cli/demo.ts): the database inside
 * the seeding transaction, the moment, the zone and the demo accounts' ids. A seeder that moves
 * stock also takes the app's stock events (so demo movements raise alerts like real ones).
 */
export interface DemoContext {
  db: Db
  now: Date
  /** The restaurant's time zone, for calendar days. */
  zone: string
  userIds: Record<(typeof BUILTIN_ROLES)[number], number>
}
