import { EXPIRING_HIGH_DAYS } from '../../contract/alerts'
import type { ActivityEntry, ChefSummary, DashboardItem, DashboardStats, KitchenLowItem, ManagerDashboard, StoreSummary, Trends } from '../../contract/dashboard'
import { CHEF, MANAGER } from '../../contract/roles'
import { expiryStatus, quantityStatus } from '../../contract/stock'
import { formatQty, fromCents, toCents } from '../../contract/fixed'
import { addDays, daysBetween, localDate, startOfLocalDay } from '../../contract/dates'
import * as repo from './repo'
import type { ServiceDeps } from '../../db/service-deps'

const STOCK_LABEL: Record<string, string> = { IN: 'Stock In', OUT: 'Usage', ADJUSTMENT: 'Adjustment' }
const KITCHEN_LABEL: Record<string, string> = { IN: 'Stock In', OUT: 'Usage', WASTE: 'Wastage', ADJUSTMENT: 'Adjustment' }
const signed = (q: number, minus: boolean) => `${minus || q < 0 ? '−' : '+'}${formatQty(Math.abs(q))}`
const titleCase = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()

/** A 15-minute activity bucket key ('YYYY-MM-DDTHH:MM') of an instant on the quarter hour. */
const bucketKey = (d: Date) => {
  const iso = d.toISOString()
  return `${iso.slice(0, 14)}${String(Math.floor(Number(iso.slice(14, 16)) / 15) * 15).padStart(2, '0')}`
}

/** The UTC instants at which each calendar day starts; a day is 24 h except across a DST change. */
function dayStarts(dates: string[], zone: string): Date[] {
  const starts: Date[] = []
  for (const [i, date] of dates.entries()) {
    const guess = i === 0 ? null : new Date(starts[i - 1].getTime() + 86_400_000)
    const exact = guess && localDate(guess, zone) === date && localDate(new Date(guess.getTime() - 1), zone) === dates[i - 1]
    starts.push(exact ? guess : startOfLocalDay(date, zone))
  }
  return starts
}

export type DashboardService = ReturnType<typeof createDashboardService>

export function createDashboardService({ db, clock, settings }: Pick<ServiceDeps, 'db' | 'clock' | 'settings'>) {
  const today = () => localDate(clock(), settings.get().time_zone)

  const toItem = (r: repo.ItemLine, t: string, status: DashboardItem['status'], priority: DashboardItem['priority']): DashboardItem => ({
    id: r.id,
    name: r.name,
    unit: r.unit,
    category_name: r.category_name,
    current_quantity: fromCents(r.current_quantity),
    min_stock_level: fromCents(r.min_stock_level),
    expiry_date: r.expiry_date,
    ...(r.expiry_date ? { days_until_expiry: daysBetween(t, r.expiry_date) } : {}),
    status,
    priority,
  })

  const lowStock = (limit: number, offset = 0) => {
    const t = today()
    return repo.lowStockItems(db, limit, offset).map((r) => toItem(r, t, quantityStatus(r) === 'out' ? 'out_of_stock' : 'low_stock', 'HIGH'))
  }
  /** Expiry alerts (expired and expiring) or, with `onlyExpiring`, the expiring list: 0 ≤ days left ≤ window. */
  const expiring = (limit: number, offset = 0, onlyExpiring = false) => {
    const t = today()
    const window = settings.get().expiring_days
    return repo.expiryItems(db, addDays(t, window), limit, offset, onlyExpiring ? t : undefined).map((r) => {
      const left = daysBetween(t, r.expiry_date!)
      return toItem(r, t, expiryStatus(r.expiry_date, t, window) === 'expired' ? 'expired' : 'expiring', left <= EXPIRING_HIGH_DAYS ? 'HIGH' : 'MEDIUM')
    })
  }

  /** Main-store movements (or kitchen movements, for the kitchen's view) and kitchen requests, newest first. */
  const recentActivity = (limit: number, kitchenView = false): ActivityEntry[] => {
    const movements: ActivityEntry[] = kitchenView
      ? repo.recentKitchenMovements(db, limit).map((m) => ({
          kind: 'kitchen_movement',
          id: m.id,
          title: `${m.source_type === 'TRANSFER' ? 'Transfer' : KITCHEN_LABEL[m.type]}: ${signed(m.quantity, m.type === 'OUT' || m.type === 'WASTE')} ${m.unit} ${m.item_name}`,
          user_name: m.user_name,
          role_name: m.role_name,
          at: m.at,
        }))
      : repo.recentMovements(db, limit).map((m) => ({
          kind: 'movement',
          id: m.id,
          title: `${STOCK_LABEL[m.type] ?? 'Wastage'}: ${signed(m.quantity, m.type === 'OUT')} ${m.unit} ${m.item_name}`,
          user_name: m.user_name,
          role_name: m.role_name,
          at: m.at,
        }))
    const requests: ActivityEntry[] = repo.recentRequests(db, limit).map((r) => ({
      kind: 'request',
      id: r.id,
      title: `Request ${r.request_number}: ${formatQty(r.quantity)} ${r.unit} ${r.item_name} (${titleCase(r.status)})`,
      user_name: r.user_name,
      role_name: r.role_name,
      at: r.at,
    }))
    return [...movements, ...requests].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id)).slice(0, limit)
  }

  const stats = (): DashboardStats => {
    const t = today()
    const s = repo.stockFigures(db, t, addDays(t, settings.get().expiring_days))
    const users = repo.userFigures(db)
    const types = Object.fromEntries(repo.movementTypeCounts(db).map((r) => [r.type, r.n]))
    const statuses = Object.fromEntries(repo.requestStatusCounts(db).map((r) => [r.status, r.n]))
    return {
      stock: { totalItems: s.total_items, lowStockItems: s.low_stock, totalValue: fromCents(s.value_cents) },
      users: { total: users.total, active: users.active, inactive: users.total - users.active },
      charts: {
        stock_status: { expired: s.expired, out_of_stock: s.out_of_stock, low_stock: s.low_only, in_stock: s.total_items - s.expired - s.out_of_stock - s.low_only },
        movement_types: { IN: types.IN ?? 0, OUT: types.OUT ?? 0, ADJUSTMENT: types.ADJUSTMENT ?? 0 },
        request_statuses: { PENDING: statuses.PENDING ?? 0, APPROVED: statuses.APPROVED ?? 0, REJECTED: statuses.REJECTED ?? 0, FULFILLED: statuses.FULFILLED ?? 0 },
        items_by_category: repo.itemsByCategory(db),
      },
    }
  }

  return {
    stats,

    /** GET /manager/dashboard: what the Manager's dashboard shows, the same as its pieces answer it. */
    manager: (): ManagerDashboard => ({ stats: stats(), recent_activity: recentActivity(5), stock_alerts: lowStock(3), expiry_alerts: expiring(2) }),

    recentActivity: (limit: number) => recentActivity(limit),

    stockAlerts: (page: number, limit: number) => ({ rows: lowStock(limit, (page - 1) * limit), total: repo.itemTotals(db).low_stock }),

    expiryAlerts: (page: number, limit: number) => ({
      rows: expiring(limit, (page - 1) * limit),
      total: repo.countExpiryItems(db, addDays(today(), settings.get().expiring_days)),
    }),

    /** Daily columns for uPlot over the last `days` days, today included, read from the 15-minute counters. */
    trends(days: number): Trends {
      const zone = settings.get().time_zone
      const t = today()
      const dates = Array.from({ length: days }, (_, i) => addDays(t, i - days + 1))
      const bounds = dayStarts([...dates, addDays(t, 1)], zone).map(bucketKey)
      const n = dates.length
      const out: Trends = { dates, stock_in: Array(n).fill(0), stock_out: Array(n).fill(0), usage: Array(n).fill(0), wastage_value: Array(n).fill(0), stock_value: Array(n).fill(0) }
      const wasteCents = Array(n).fill(0)
      // Value change per day (index n: after today); today's value minus the changes after a day is that day's close.
      const valueDelta = Array(n + 1).fill(0)
      let day = 0
      for (const b of repo.bucketsFrom(db, bounds[0])) {
        while (day < n && b.bucket >= bounds[day + 1]) day++
        valueDelta[day] += b.value_delta
        if (day >= n) continue
        out.stock_in[day] += b.stock_in
        out.stock_out[day] += b.stock_out
        out.usage[day] += b.usage
        wasteCents[day] += b.wastage_value
      }
      let value = repo.itemTotals(db).value_cents
      for (let i = n - 1; i >= 0; i--) {
        value -= valueDelta[i + 1]
        out.stock_value[i] = fromCents(value)
        out.wastage_value[i] = fromCents(wasteCents[i])
      }
      return out
    },

    /** GET /dashboard: the Storekeeper's (and Manager's) store view, or the Chef's kitchen view; the route adds the orders due. */
    summary(user: { id: number; role_name: string }): Omit<StoreSummary, 'orders_due_today'> | ChefSummary {
      const s = settings.get()
      const t = today()
      if (user.role_name === CHEF) {
        const zone = s.time_zone
        const weekStart = startOfLocalDay(addDays(t, -6), zone).toISOString()
        const lastWeekStart = startOfLocalDay(addDays(t, -13), zone).toISOString()
        const tomorrow = startOfLocalDay(addDays(t, 1), zone).toISOString()
        const thisWeek = repo.chefRequestsBetween(db, user.id, weekStart, tomorrow)
        const lastWeek = repo.chefRequestsBetween(db, user.id, lastWeekStart, weekStart)
        const change = lastWeek === 0 ? null : Math.round(((thisWeek - lastWeek) / lastWeek) * 100)
        const mine = Object.fromEntries(repo.requestStatusCounts(db, user.id).map((r) => [r.status, r.n]))
        const kitchen = repo.kitchenFigures(db)
        const lowItems: KitchenLowItem[] = repo.kitchenLowItems(db, 5).map((k) => ({ ...k, quantity: fromCents(k.quantity) }))
        return {
          role: 'Chef',
          cards: {
            total_requests: Object.values(mine).reduce((a, b) => a + b, 0),
            pending: mine.PENDING ?? 0,
            kitchen_items: kitchen.in_stock,
            low_stock: kitchen.low_stock,
          },
          trend: {
            this_week: thisWeek,
            last_week: lastWeek,
            change_percent: change,
            text: change === null ? `${thisWeek} request${thisWeek === 1 ? '' : 's'} this week` : `${change >= 0 ? '+' : ''}${change}% this week`,
          },
          low_stock_items: lowItems,
          recent_activity: recentActivity(5, true),
        }
      }
      const figures = repo.stockFigures(db, t, addDays(t, s.expiring_days))
      return {
        role: user.role_name === MANAGER ? 'Manager' : 'Storekeeper',
        cards: { total_items: figures.total_items, total_categories: repo.countCategories(db), low_stock: figures.low_stock, expiring_soon: figures.expiring, expired: figures.expired },
        low_stock_items: lowStock(3),
        expiring_items: expiring(2, 0, true),
        recent_activity: recentActivity(5),
      }
    },
  }
}
