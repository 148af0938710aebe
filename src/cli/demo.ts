import { CHEF, MANAGER, STOREKEEPER } from '../contract/roles'
import type { Db } from '../db/open'
import { hashPassword } from '../modules/auth/passwords'
import { insertUser, roleIdByName } from '../modules/users/repo'
import { seedStockDemo } from '../modules/items/demo'
import { seedKitchenDemo } from '../modules/kitchen-requests/demo'

export const DEMO_PASSWORD = 'rims-demo-2026'
export const DEMO_ACCOUNTS = [
  { name: 'Mwila Banda', email: 'manager@rims.local', role: MANAGER },
  { name: 'Chileshe Phiri', email: 'store@rims.local', role: STOREKEEPER },
  { name: 'Bwalya Mulenga', email: 'chef@rims.local', role: CHEF },
] as const

export interface DemoContext {
  db: Db
  now: Date
  userIds: Record<(typeof DEMO_ACCOUNTS)[number]['role'], number>
}

/** Each feature appends its demo seeder here (stock, kitchen, alerts); they run in order in one transaction. */
export const DEMO_SEEDERS: ((ctx: DemoContext) => void)[] = [seedStockDemo, seedKitchenDemo]

/** Seeds a believable restaurant into an empty database; a database with users is left alone. */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const { n } = db.query('SELECT count(*) AS n FROM users').get() as { n: number }
  if (n > 0) return false
  const hash = await hashPassword(DEMO_PASSWORD)
  db.transaction(() => {
    const at = now.toISOString()
    const userIds = Object.fromEntries(
      DEMO_ACCOUNTS.map((a) => [a.role, insertUser(db, { name: a.name, email: a.email, passwordHash: hash, roleId: roleIdByName(db, a.role)!, at })]),
    ) as DemoContext['userIds']
    for (const seed of DEMO_SEEDERS) seed({ db, now, userIds })
  }).immediate()
  return true
}
