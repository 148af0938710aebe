import { Elysia } from 'elysia'
import { accessControl } from './http/access'
import { failure } from './http/envelope'
import { answerError } from './http/errors'
import { staticUi } from './http/static'
import type { AppDeps } from './deps'
import { authRoutes } from './modules/auth'
import { backupsRoutes } from './modules/backups'
import { offsiteRoutes } from './modules/offsite'
import { displaySettingsRoutes, managerSettingsRoutes } from './modules/settings'
import { alertsRoutes } from './modules/alerts'
import { dashboardRoutes, managerDashboardRoutes } from './modules/dashboard'
import { reportsRoutes } from './modules/reports'
import { categoryRoutes } from './modules/categories/routes'
import { itemRoutes, stockMovementRoutes } from './modules/stock/routes'
import { kitchenRequestRoutes } from './modules/kitchen-requests'
import { stockCountRoutes, storageAreaRoutes } from './modules/counts/routes'
import { kitchenInventoryRoutes } from './modules/kitchen-inventory'
import { supplierRoutes } from './modules/suppliers/routes'
import { usersRoutes } from './modules/users'
import { authRolesRoutes, managerRolesRoutes } from './modules/roles'
import { passwordResetRoutes } from './modules/password-reset'
import { caCertRoutes, connectRoutes } from './modules/connect'
import { menuCostingDownloadRoutes, recipeRoutes } from './modules/recipes'
import { salesRoutes } from './modules/sales'
import { foodCostRoutes } from './modules/food-cost'
import { barcodeRoutes, countScanRoutes, itemBarcodeRoutes } from './modules/barcodes/routes'
import { purchasingRoutes } from './modules/purchasing/routes'
import { CSV_BODY_ROUTES, MAX_IMPORT_BYTES } from './contract/imports'
import { importRoutes } from './modules/imports/routes'
import { invoiceRoutes } from './modules/invoices'
import { INVOICE_MSG, INVOICE_UPLOAD_ROUTE, MAX_UPLOAD_BODY_BYTES } from './contract/invoices'
import { gzipJson } from './http/compress'

export const MAX_BODY_BYTES = 1024 * 1024
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/** The one route that takes a CSV body (sales import, issue 22): text/csv is let through there only. */
/** The Elysia app. No side effects: no listening, no timers, no files. Tests call app.handle. */
export function buildApp(deps: AppDeps) {
  const api = new Elysia({ name: 'api', prefix: '/api' })
    .get('/health', () => ({ success: true, data: { status: 'ok' }, message: 'OK' }))
    .use(authRoutes(deps))
    .use(displaySettingsRoutes(deps))
    .use(managerSettingsRoutes(deps))
    .use(itemRoutes(deps))
    .use(categoryRoutes(deps))
    .use(supplierRoutes(deps))
    .use(stockMovementRoutes(deps))
    .use(kitchenRequestRoutes(deps))
    .use(kitchenInventoryRoutes(deps))
    .use(usersRoutes(deps))
    .use(authRolesRoutes(deps))
    .use(managerRolesRoutes(deps))
    .use(passwordResetRoutes(deps))
    .use(backupsRoutes(deps))
    .use(offsiteRoutes(deps))
    .use(alertsRoutes(deps))
    .use(dashboardRoutes(deps))
    .use(managerDashboardRoutes(deps))
    .use(reportsRoutes(deps))
    .use(connectRoutes(deps))
  // Stocktake, purchasing, imports, recipes and barcodes: a second chain, because one chain of every
  // plugin makes TypeScript's inference of the route types too deep (TS2589).
  const featureApi = new Elysia({ name: 'feature-api', prefix: '/api' })
    .use(itemBarcodeRoutes(deps))
    .use(barcodeRoutes(deps))
    .use(countScanRoutes(deps))
    .use(storageAreaRoutes(deps))
    .use(stockCountRoutes(deps))
    .use(purchasingRoutes(deps))
    .use(importRoutes(deps))
    .use(recipeRoutes(deps))
    .use(menuCostingDownloadRoutes(deps))
    .use(salesRoutes(deps))
    .use(foodCostRoutes(deps))
    .use(invoiceRoutes(deps))

  return new Elysia()
    .onRequest(({ request, set }) => {
      set.headers['x-content-type-options'] = 'nosniff'
      set.headers['referrer-policy'] = 'no-referrer'
      // Only over HTTPS (RFC 6797): a browser that saw it will not fall back to plain HTTP for a year.
      if (request.url.startsWith('https:') && deps.settings.get().require_https) set.headers['strict-transport-security'] = 'max-age=31536000'
      // A CSV import (POST /api/imports/{kind}) may send text/csv up to 5 MB; everything else stays JSON and 1 MiB.
      const path = new URL(request.url).pathname
      const csvImport = request.method === 'POST' && CSV_BODY_ROUTES.test(path)
      const length = Number(request.headers.get('content-length') ?? 0)
      // An invoice file (POST /api/receipts/drafts, issue 34) comes as multipart/form-data, up to 10 MB.
      if (request.method === 'POST' && INVOICE_UPLOAD_ROUTE.test(path)) {
        if (length > MAX_UPLOAD_BODY_BYTES) {
          set.status = 413
          return failure(INVOICE_MSG.tooLarge)
        }
        return
      }
      if (csvImport && length > MAX_IMPORT_BYTES) {
        set.status = 413
        return failure('The file is too large (5 MB at most)')
      }
      if (!csvImport && length > MAX_BODY_BYTES) {
        set.status = 413
        return failure('The request body is too large (1 MiB at most)')
      }
      // A form or text body would be parsed into something else than the JSON the contract describes.
      const type = request.headers.get('content-type')
      if (csvImport && type && /^text\/csv\s*(;|$)/i.test(type)) return
      if (type && WRITE_METHODS.has(request.method) && !/^application\/json\s*(;|$)/i.test(type)) {
        set.status = 400
        return failure('The request body must be JSON (Content-Type: application/json)')
      }
    })
    .onError(answerError(deps.logger))
    // Large JSON answers gzipped for the phones on the stores' Wi-Fi (src/http/compress.ts).
    .mapResponse({ as: 'global' }, ({ responseValue, request }) => gzipJson(responseValue, request))
    .use(accessControl(deps.auth))
    .use(api)
    .use(featureApi)
    .use(caCertRoutes(deps))
    .use(staticUi(deps.ui, deps.settings.display))
}

export type App = ReturnType<typeof buildApp>
