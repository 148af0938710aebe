import { CHEF, MANAGER, STOREKEEPER } from '../contract/roles'
import type { User } from '../contract/auth'
import { addDays, daysBetween, localDate, startOfLocalDay } from '../contract/dates'
import type { DemoContext } from '../db/demo'
import type { AppDeps } from '../deps'
import type { StockEvents } from '../modules/stock'
import { hashPassword } from '../lib/passwords'
import { insertUser, roleIdByName } from '../modules/users'
import { seedItemDetails, seedStockDemo } from '../modules/stock/demo'
import { createItemService } from '../modules/stock/items-service'
import { unitCodes } from '../modules/barcodes'
import { seedPackBarcodes } from '../modules/barcodes/demo'
import { seedKitchenDemo } from '../modules/kitchen-requests'
import { createCountsDemo } from '../modules/counts/demo'
import { createPurchasingDemo } from '../modules/purchasing/demo'
import { seedRecipesDemo } from '../modules/recipes/demo'
import { seedSalesDemo } from '../modules/sales/demo'

export const DEMO_PASSWORD = 'rims-demo-2026'
export const DEMO_ACCOUNTS = [
  { name: 'Mwila Banda', email: 'manager@rims.local', role: MANAGER },
  { name: 'Chileshe Phiri', email: 'store@rims.local', role: STOREKEEPER },
  { name: 'Bwalya Mulenga', email: 'chef@rims.local', role: CHEF },
] as const

export type { DemoContext }

type SeedDeps = Pick<AppDeps, 'db' | 'settings' | 'stockEvents' | 'priceEvents'>

/**
 * Seeds a believable restaurant into an empty database; a database with users is left alone. 90 days of stock,
 * kitchen requests and usage; then what issue 32 asked the demo to show: storage areas in shelf order, monthly
 * counts approved (the last two bound the food cost period) and tonight's left open, packs and par levels, a
 * received order with a price change and a sent one, recipes with sub-recipes, and the period's daily sales.
 * Everything goes through the services, each on a clock the seeder moves to the moment it happened.
 */
export async function seedDemo(deps: SeedDeps, now = new Date()): Promise<boolean> {
  const { db } = deps
  const { n } = db.query('SELECT count(*) AS n FROM users').get() as { n: number }
  if (n > 0) return false
  const hash = await hashPassword(DEMO_PASSWORD)
  db.transaction(() => {
    const at = now.toISOString()
    const userIds = Object.fromEntries(
      DEMO_ACCOUNTS.map((a) => [a.role, insertUser(db, { name: a.name, email: a.email, passwordHash: hash, roleId: roleIdByName(db, a.role)!, at })]),
    ) as DemoContext['userIds']
    const zone = deps.settings.get().time_zone
    const ctx: DemoContext & { stockEvents: StockEvents } = { db, now, zone, stockEvents: deps.stockEvents, userIds }
    const user = (role: (typeof DEMO_ACCOUNTS)[number]['role']): User => {
      const a = DEMO_ACCOUNTS.find((x) => x.role === role)!
      return { id: userIds[role], name: a.name, email: a.email, role_id: roleIdByName(db, role)!, role_name: role, is_active: true, last_login_at: null, created_at: at }
    }
    const manager = user(MANAGER)
    const storekeeper = user(STOREKEEPER)

    // The services run on the demo's own clock, moved to each step's moment (never past `now`).
    let time = now
    const travel = (t: Date) => void (time = t.getTime() > now.getTime() ? now : t)
    const core = { db, clock: () => time, settings: deps.settings, stockEvents: deps.stockEvents }
    const today = localDate(now, zone)
    const day = (d: number, hour: number, minute = 0) => new Date(startOfLocalDay(addDays(today, d - 90), zone).getTime() + (hour * 60 + minute) * 60_000)

    // The stock first (its monthly counts are real counts): the kitchen's requests and transfers draw on it.
    const counts = createCountsDemo({ ...core, travel, manager, storekeeper })
    const purchasing = createPurchasingDemo({ ...core, priceEvents: deps.priceEvents, travel, manager, storekeeper })
    // Since the last-but-one monthly count the suppliers' deliveries are received as receipts (the food cost period's purchases).
    const receiptsFrom = day(59, 23, 0).getTime()
    const items = seedStockDemo(ctx, unitCodes, {
      itemsMade: (list, setup) => counts.makeAreas(list, setup),
      monthlyCount: (t, differences) => void counts.approvedCount(t, differences, 'Monthly count, all areas'),
      delivery: (t, item, quantity, invoice) => t.getTime() > receiptsFrom && purchasing.delivery(t, item, quantity, invoice),
    })
    seedKitchenDemo(ctx)

    travel(day(0, 7, 0))
    seedItemDetails(createItemService(core, unitCodes), manager, items)
    seedPackBarcodes(core, manager)

    purchasing.orders(items, { lastDelivery: day(45, 8, 10), ordered: day(78, 9, 30), received: day(80, 7, 45), barOrdered: new Date(now.getTime() - 3 * 3_600_000) })

    travel(day(20, 15, 0))
    const dishes = seedRecipesDemo({ ...core, manager, items })
    // The food cost period: from the day after the last-but-one count through the last count's day.
    const perDay = [23, 15, 36, 20, 16, 12, 30, 24, 25, 12, 5]
    // Each day's grid saved at 22:00 (whole days from the start of today: a zone's clock change moves it an hour at most;
    // one startOfLocalDay per day would cost more than the sales themselves).
    const midnight = startOfLocalDay(today, zone).getTime()
    seedSalesDemo({ ...core, travel, manager }, addDays(today, -30), addDays(today, -1), dishes.map((d, i) => ({ ...d, perDay: perDay[i % perDay.length] })), (d) =>
      new Date(midnight - daysBetween(d, today) * 86_400_000 + 22 * 3_600_000),
    )

    counts.openCount(new Date(now.getTime() - 45 * 60_000))
  }).immediate()
  return true
}
