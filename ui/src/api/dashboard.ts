import type { ActivityEntry, DashboardItem, DashboardStats, RoleSummary, Trends } from '../../../src/contract/dashboard'
import { call, callList } from './client'

// The dashboards' calls (SPEC §7 "Dashboard"): the Manager's five, and GET /dashboard for the other roles.

export const getManagerStats = (signal?: AbortSignal) => call<DashboardStats>('GET', '/manager/dashboard/stats', { signal })
export const getRecentActivity = (limit: number, signal?: AbortSignal) => call<ActivityEntry[]>('GET', '/manager/dashboard/recent-activity', { query: { limit }, signal })
export const getStockAlerts = (limit: number, signal?: AbortSignal) => callList<DashboardItem>('/manager/dashboard/stock-alerts', { limit }, signal)
export const getExpiryAlerts = (limit: number, signal?: AbortSignal) => callList<DashboardItem>('/manager/dashboard/expiry-alerts', { limit }, signal)
export const getTrends = (days: number, signal?: AbortSignal) => call<Trends>('GET', '/manager/dashboard/trends', { query: { days }, signal })
/** The Storekeeper's (and Manager's) store view, or the Chef's kitchen view. */
export const getRoleSummary = (signal?: AbortSignal) => call<RoleSummary>('GET', '/dashboard', { signal })

