import { CHEF, MANAGER, STOREKEEPER } from '../contract/roles'
import type { DemoContext } from '../db/demo'
import type { AppDeps } from '../deps'
import type { StockEvents } from '../modules/stock'
import { hashPassword } from '../lib/passwords'
import { insertUser, roleIdByName } from '../modules/users'
import { seedStockDemo } from '../modules/stock/demo'
import { unitCodes } from '../modules/barcodes'
import { seedKitchenDemo } from '../modules/kitchen-requests'

export const DEMO_PASSWORD = 'rims-demo-2026'
export const DEMO_ACCOUNTS = [
  { name: 'Mwila Banda', email: 'manager@rims.local', role: MANAGER },
  { name: 'Chileshe Phiri', email: 'store@rims.local', role: STOREKEEPER },
  { name: 'Bwalya Mulenga', email: 'chef@rims.local', role: CHEF },
] as const

export type { DemoContext }

/** Seeds a believable restaurant into an empty database; a database with users is left alone. */
export async function seedDemo(deps: Pick<AppDeps, 'db' | 'settings' | 'stockEvents'>, now = new Date()): Promise<boolean> {
  const { db } = deps
  const { n } = db.query('SELECT count(*) AS n FROM users').get() as { n: number }
  if (n > 0) return false
  const hash = await hashPassword(DEMO_PASSWORD)
  db.transaction(() => {
    const at = now.toISOString()
    const userIds = Object.fromEntries(
      DEMO_ACCOUNTS.map((a) => [a.role, insertUser(db, { name: a.name, email: a.email, passwordHash: hash, roleId: roleIdByName(db, a.role)!, at })]),
    ) as DemoContext['userIds']
    const ctx: DemoContext & { stockEvents: StockEvents } = { db, now, zone: deps.settings.get().time_zone, stockEvents: deps.stockEvents, userIds }
    // The stock first: the kitchen's requests and transfers draw on it.
    seedStockDemo(ctx, unitCodes)
    seedKitchenDemo(ctx)
  }).immediate()
  return true
}
