import type { Alert, AlertAction, AlertPriority, AlertStatistics } from '../../../src/contract/alerts'
import { call, callList } from './client'

/** The type toggles: each is one of the server's alert families (GET /alerts/{family}), or every alert. */
export type AlertFamily = 'all' | 'low-stock' | 'expiry' | 'discrepancy' | 'system'

export interface AlertFilters {
  family: AlertFamily
  q?: string
  priority?: AlertPriority | ''
  /** OPEN (NEW or READ), one status, or '' for every alert. */
  status?: string
  page: number
  limit: number
}

export const listAlerts = ({ family, q, priority, status, page, limit }: AlertFilters, signal?: AbortSignal) =>
  callList<Alert>(family === 'all' ? '/alerts' : `/alerts/${family}`, { q, priority, status, page, limit }, signal)

export const getAlertStatistics = (signal?: AbortSignal) => call<AlertStatistics>('GET', '/alerts/statistics', { signal })

export const actOnAlert = (id: number, action: AlertAction) => call<Alert>('PUT', `/alerts/${id}/${action}`)
