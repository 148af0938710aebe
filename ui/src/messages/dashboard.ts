// Words of the three dashboards (SPEC §2) that only the UI says.
export const DASH = {
  noAlerts: 'No alerts at this time',
  noActivity: 'No recent activity',
  viewAll: 'View All',
  /** Under the 'Expiring or expired' card: what it adds up. */
  expiryDetail: (expiring: number, expired: number) => `${expiring} expiring · ${expired} expired`,
} as const
