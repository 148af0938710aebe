// Words of the three dashboards (SPEC §2) that only the UI says.
export const DASH = {
  noAlerts: 'No alerts at this time',
  noActivity: 'No recent activity',
  viewAll: 'View All',
} as const
