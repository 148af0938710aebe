import type { ManagerDashboard, RoleSummary, Trends } from '../../../src/contract/dashboard'
import { call } from './client'

// The dashboards' calls (SPEC §7 "Dashboard"): each role's page makes one for its numbers, GET /manager/dashboard
// (the Manager) or GET /dashboard (the others); the Manager's trends follow once those numbers are on screen.

/** The Manager's cards, pie counts, recent activity and alerts in one answer. */
export const getManagerDashboard = (signal?: AbortSignal) => call<ManagerDashboard>('GET', '/manager/dashboard', { signal })
export const getTrends = (days: number, signal?: AbortSignal) => call<Trends>('GET', '/manager/dashboard/trends', { query: { days }, signal })
/** The Storekeeper's (and Manager's) store view, or the Chef's kitchen view. */
export const getRoleSummary = (signal?: AbortSignal) => call<RoleSummary>('GET', '/dashboard', { signal })
