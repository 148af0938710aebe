import { CHEF, MANAGER, STOREKEEPER } from '../../../../src/contract/roles'

export interface NavLink {
  label: string
  href: string
}
export interface NavGroup {
  label: string
  links: NavLink[]
}
export type NavEntry = NavLink | NavGroup

export const isGroup = (e: NavEntry): e is NavGroup => 'links' in e

const L = {
  dashboard: { label: 'Dashboard', href: '/dashboard' },
  stock: { label: 'Stock', href: '/stock' },
  movements: { label: 'Movements', href: '/movements' },
  counts: { label: 'Counts', href: '/counts' },
  requests: { label: 'Requests', href: '/requests' },
  kitchen: { label: 'Kitchen', href: '/kitchen-inventory' },
  reports: { label: 'Reports', href: '/manager/reports' },
  alerts: { label: 'Alerts', href: '/manager/alerts' },
  settings: { label: 'Settings', href: '/manager/settings' },
  recipes: { label: 'Recipes', href: '/recipes' },
  purchasing: { label: 'Purchasing', href: '/purchasing' },
  invoices: { label: 'Invoices', href: '/manager/invoices' },
  team: { label: 'Team', href: '/manager/team' },
} satisfies Record<string, NavLink>

/** SPEC §2 "Navigation by role" with DECISIONS' Manager dropdowns (Settings under Analytics). */
export function navFor(role: string): NavEntry[] {
  switch (role) {
    case MANAGER:
      return [
        L.dashboard,
        { label: 'Inventory', links: [L.stock, L.movements, L.counts, L.recipes] },
        // Team: staff management had no menu entry (issue 24).
        // Invoices: the supplier invoices read into receipts (issue 34), beside Purchasing.
        { label: 'Operations', links: [L.requests, L.kitchen, L.purchasing, L.invoices, L.team] },
        { label: 'Analytics', links: [L.reports, L.alerts, L.settings] },
      ]
    case STOREKEEPER:
      return [L.stock, L.movements, L.counts, L.requests, L.purchasing, L.recipes]
    case CHEF:
      return [L.requests, L.kitchen, L.recipes]
    default:
      // A custom role sees only what every signed-in role sees.
      return [L.requests]
  }
}

/** True when the current path is the link's page or below it. */
export const isActive = (path: string, href: string) => path === href || path.startsWith(`${href}/`)
