import * as v from 'valibot'
import { ALL_STAFF, MANAGER_ONLY, type Access } from './access-types'
import { paging } from './fields'
import type { PurchaseOrderSummary } from './purchasing'

// The Manager's dashboard data and the role summary behind GET /dashboard (Storekeeper, Chef, Manager).

/** GET /manager/dashboard/stats: SPEC §3's stock and users, plus the counts of the four pie charts. */
export interface DashboardStats {
  stock: { totalItems: number; lowStockItems: number; totalValue: number }
  users: { total: number; active: number; inactive: number }
  charts: {
    /** Active items; first match wins: expired, out of stock, low, in stock. */
    stock_status: { expired: number; out_of_stock: number; low_stock: number; in_stock: number }
    /** Every stock movement by type (charts label them Stock In, Stock Out, Adjustment). */
    movement_types: { IN: number; OUT: number; ADJUSTMENT: number }
    request_statuses: { PENDING: number; APPROVED: number; REJECTED: number; FULFILLED: number }
    /** Active items per category (categories without active items are left out). */
    items_by_category: { category_id: number; name: string; count: number }[]
  }
}

/** One line of the Recent Activity timeline; movements and kitchen requests merged, newest first. */
export interface ActivityEntry {
  kind: 'movement' | 'kitchen_movement' | 'request'
  id: number
  title: string
  user_name: string
  role_name: string
  at: string
}

/**
 * GET /manager/dashboard/trends: one value per calendar day (restaurant's zone), oldest first, as
 * uPlot's columns. stock_in/stock_out: main-store IN/OUT movements that day (counts); usage: kitchen
 * usage records (count); wastage_value: kitchen wastage that day (money); stock_value: the main
 * store's value at the end of that day (today: now).
 */
export interface Trends {
  dates: string[]
  stock_in: number[]
  stock_out: number[]
  usage: number[]
  wastage_value: number[]
  stock_value: number[]
}

/** An item on a dashboard alert list. */
export interface DashboardItem {
  id: number
  name: string
  unit: string
  category_name: string
  current_quantity: number
  min_stock_level: number
  expiry_date: string | null
  /** On expiry lists: negative once expired. */
  days_until_expiry?: number
  status: 'expired' | 'expiring' | 'out_of_stock' | 'low_stock'
  priority: 'HIGH' | 'MEDIUM'
}

/** A kitchen row under the Chef's Low Stock card (0 < quantity ≤ the row's own kitchen minimum). */
export interface KitchenLowItem {
  item_id: number
  item_name: string
  unit: string
  quantity: number
}

/** A sent order expected today or earlier, as the Storekeeper's 'Orders due today' card shows it (no money). */
export type OrderDue = Pick<PurchaseOrderSummary, 'id' | 'number' | 'supplier_name' | 'expected_date'>

/** How many open orders the store view lists under 'Orders due today'. */
export const ORDERS_DUE_LIMIT = 20

export interface StoreSummary {
  role: 'Storekeeper' | 'Manager'
  /** low_stock is low or out; expiring_soon + expired is the 'Expiring or expired' group. */
  cards: { total_items: number; total_categories: number; low_stock: number; expiring_soon: number; expired: number }
  /** Up to 3 low-stock and 2 expiring items. */
  low_stock_items: DashboardItem[]
  expiring_items: DashboardItem[]
  recent_activity: ActivityEntry[]
  /** Up to ORDERS_DUE_LIMIT, as GET /purchase-orders?due=today lists them. */
  orders_due_today: OrderDue[]
}

/**
 * GET /manager/dashboard: the figures of the Manager's dashboard in one answer, the same as its pieces
 * (stats, recent-activity?limit=5, stock-alerts?limit=3, expiry-alerts?limit=2 without their meta). The
 * trends are not in it: their charts are below the fold and load after these numbers.
 */
export interface ManagerDashboard {
  stats: DashboardStats
  recent_activity: ActivityEntry[]
  stock_alerts: DashboardItem[]
  expiry_alerts: DashboardItem[]
}

export interface ChefSummary {
  role: 'Chef'
  /** The Chef's own requests; kitchen items are kitchen rows holding stock. */
  cards: { total_requests: number; pending: number; kitchen_items: number; low_stock: number }
  /** Week on week from real data: the Chef's requests in the last 7 days against the 7 before. */
  trend: { this_week: number; last_week: number; change_percent: number | null; text: string }
  low_stock_items: KitchenLowItem[]
  recent_activity: ActivityEntry[]
}

export type RoleSummary = StoreSummary | ChefSummary

const count = (field: string, max: number) =>
  v.pipe(v.unknown(), v.transform(Number), v.number(`${field} must be a number`), v.integer(`${field} must be a whole number`), v.minValue(1, `${field} must be at least 1`), v.maxValue(max, `${field} must be at most ${max}`))

export const RecentActivityQuery = v.object({ limit: v.optional(count('limit', 100), 20) })
export const TrendsQuery = v.object({ days: v.optional(count('days', 365), 30) })
export const DashboardListQuery = v.object({ ...paging })

export const dashboardAccess = {
  'GET /api/manager/dashboard': MANAGER_ONLY,
  'GET /api/manager/dashboard/stats': MANAGER_ONLY,
  'GET /api/manager/dashboard/recent-activity': MANAGER_ONLY,
  'GET /api/manager/dashboard/stock-alerts': MANAGER_ONLY,
  'GET /api/manager/dashboard/expiry-alerts': MANAGER_ONLY,
  'GET /api/manager/dashboard/trends': MANAGER_ONLY,
  'GET /api/dashboard': ALL_STAFF,
} as const satisfies Record<string, Access>
