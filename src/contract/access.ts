import { MANAGER_ONLY, type Access } from './access-types'
import { alertsAccess } from './alerts'
import { backupsAccess } from './backups'
import { offsiteAccess } from './offsite'
import { barcodesAccess } from './barcodes'
import { connectAccess } from './connect'
import { countsAccess } from './counts'
import { dashboardAccess } from './dashboard'
import { kitchenAccess } from './kitchen'
import { recipesAccess } from './recipes'
import { purchasingAccess } from './purchasing'
import { reportsAccess } from './reports'
import { stockAccess } from './stock'
import { importsAccess } from './imports'
import { invoicesAccess } from './invoices'
import { barAccess } from './bar'

// Feature contracts: import Access and the role groups from './access-types', not from this file (import cycle).
export { ALL_STAFF, KITCHEN_STAFF, MANAGER_ONLY, STORE_STAFF, canAccess, type Access } from './access-types'

/**
 * Who may call what: one table, route pattern → access. The server's access check and the
 * role-matrix tests both read it; a route missing from it is refused (fail closed).
 */
const foundation = {
  'POST /api/auth/login': 'public',
  'GET /api/auth/profile': 'signed-in',
  'PUT /api/auth/profile': 'signed-in',
  'PATCH /api/auth/profile/password': 'signed-in',
  'GET /api/auth/roles': 'signed-in',
  'GET /api/auth/users': MANAGER_ONLY,
  'POST /api/auth/users': MANAGER_ONLY,

  'GET /api/manager/users': MANAGER_ONLY,
  'POST /api/manager/users': MANAGER_ONLY,
  'GET /api/manager/users/search': MANAGER_ONLY,
  'GET /api/manager/users/stats': MANAGER_ONLY,
  'GET /api/manager/users/recent-logins': MANAGER_ONLY,
  'GET /api/manager/users/never-logged-in': MANAGER_ONLY,
  'GET /api/manager/users/role/:role': MANAGER_ONLY,
  'GET /api/manager/users/:id': MANAGER_ONLY,
  'PUT /api/manager/users/:id': MANAGER_ONLY,
  'DELETE /api/manager/users/:id': MANAGER_ONLY,
  'PATCH /api/manager/users/:id/password': MANAGER_ONLY,
  'PATCH /api/manager/users/:id/status': MANAGER_ONLY,

  'GET /api/manager/roles': MANAGER_ONLY,
  'POST /api/manager/roles': MANAGER_ONLY,
  'GET /api/manager/roles/:id': MANAGER_ONLY,
  'PUT /api/manager/roles/:id': MANAGER_ONLY,
  'DELETE /api/manager/roles/:id': MANAGER_ONLY,

  'POST /api/password-reset/forgot-password': 'public',
  'POST /api/password-reset/reset-password': 'public',
  'GET /api/password-reset/validate-token/:token': 'public',

  'GET /api/settings/display': 'public',
  'GET /api/manager/settings': MANAGER_ONLY,
  'PUT /api/manager/settings': MANAGER_ONLY,
  'GET /api/health': 'public',
  // The SPA and its assets (any path that is not an API route).
  'GET /*': 'public',
} as const satisfies Record<string, Access>

// Each feature adds its own table here (stock, kitchen, alerts, reports, dashboard, backups).
export const ACCESS: Record<string, Access> = {
  ...foundation,
  ...backupsAccess,
  ...offsiteAccess,
  ...alertsAccess,
  ...dashboardAccess,
  ...reportsAccess,
  ...connectAccess,
  ...kitchenAccess,
  ...stockAccess,
  ...barcodesAccess,
  ...countsAccess,
  ...purchasingAccess,
  ...invoicesAccess,
  ...importsAccess,
  ...recipesAccess,
  ...barAccess,
}
