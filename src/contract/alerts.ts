import * as v from 'valibot'
import { MANAGER_ONLY, type Access } from './access-types'
import { paging, upperEnum } from './fields'

// Alerts stored on the server: raised once when a condition starts, resolved by themselves when it clears.

export const ALERT_TYPES = ['LOW_STOCK', 'OUT_OF_STOCK', 'EXPIRING', 'EXPIRED', 'DISCREPANCY', 'SYSTEM', 'PRICE_CHANGE'] as const
export type AlertType = (typeof ALERT_TYPES)[number]
export const ALERT_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const
export type AlertPriority = (typeof ALERT_PRIORITIES)[number]
/** NEW → READ, DISMISSED or RESOLVED (by hand, or by itself when the condition clears). */
export const ALERT_STATUSES = ['NEW', 'READ', 'DISMISSED', 'RESOLVED'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]
/** A filter value: OPEN means NEW or READ (what still needs a look). */
export const ALERT_STATUS_FILTERS = [...ALERT_STATUSES, 'OPEN'] as const

/** An expiring item is HIGH priority with this many days left or fewer (SPEC §9). */
export const EXPIRING_HIGH_DAYS = 3

export interface Alert {
  id: number
  type: AlertType
  priority: AlertPriority
  title: string
  message: string
  /** Facts behind the alert, e.g. { item_name, current_quantity, min_stock_level, unit } or { expiry_date, days_until_expiry }. */
  details: Record<string, unknown> | null
  item_id: number | null
  status: AlertStatus
  created_at: string
  updated_at: string
  resolved_at: string | null
}

export interface AlertStatistics {
  total: number
  /** NEW or READ. */
  open: number
  /** Open alerts of HIGH priority: the count shown beside the list. */
  high_priority_open: number
  /** Open alerts by type and by priority; every alert by status. */
  by_type: Record<AlertType, number>
  by_priority: Record<AlertPriority, number>
  by_status: Record<AlertStatus, number>
}

export const AlertListQuery = v.object({
  ...paging,
  type: v.optional(upperEnum('type', ALERT_TYPES)),
  priority: v.optional(upperEnum('priority', ALERT_PRIORITIES)),
  status: v.optional(upperEnum('status', ALERT_STATUS_FILTERS)),
})
export type AlertListQuery = v.InferOutput<typeof AlertListQuery>

export const ALERT_ACTIONS = ['read', 'dismiss', 'resolve'] as const
export type AlertAction = (typeof ALERT_ACTIONS)[number]

export const ALERT_MSG = {
  loadFailed: 'Failed to load alerts',
  read: 'Alert marked as read',
  dismissed: 'Alert dismissed',
  resolved: 'Alert resolved',
  cannot: (action: AlertAction, status: AlertStatus) => `This alert is already ${status.toLowerCase()} and cannot be ${action === 'read' ? 'marked as read' : action === 'dismiss' ? 'dismissed' : 'resolved'}`,
} as const

export const alertsAccess = {
  'GET /api/alerts': MANAGER_ONLY,
  'GET /api/alerts/statistics': MANAGER_ONLY,
  'GET /api/alerts/low-stock': MANAGER_ONLY,
  'GET /api/alerts/expiry': MANAGER_ONLY,
  'GET /api/alerts/discrepancy': MANAGER_ONLY,
  'GET /api/alerts/system': MANAGER_ONLY,
  'GET /api/alerts/:id': MANAGER_ONLY,
  'PUT /api/alerts/:id/read': MANAGER_ONLY,
  'PUT /api/alerts/:id/dismiss': MANAGER_ONLY,
  'PUT /api/alerts/:id/resolve': MANAGER_ONLY,
} as const satisfies Record<string, Access>
