import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Db } from './db/open'
import { systemClock, type Clock } from './lib/clock'
import type { UiAssets } from './lib/ui-assets'
import { createLogger, type Logger } from './lib/log'
import { createMailer, type Mailer } from './lib/mailer'
import { createAlertService, priceAlertListener, stockAlertListener } from './modules/alerts'
import { createAuthService, createLockout, createTokens } from './modules/auth'
import { createBackupService } from './modules/backups'
import { createOffsiteService } from './modules/offsite'
import { createCategoryService } from './modules/categories/service'
import { createDashboardService } from './modules/dashboard'
import { createKitchenInventoryService } from './modules/kitchen-inventory'
import { createKitchenRequestService } from './modules/kitchen-requests'
import { checkFoodCost, createRecipeService } from './modules/recipes'
import { createSalesService } from './modules/sales'
import { createFoodCostService } from './modules/food-cost'
import { createPasswordResetService } from './modules/password-reset'
import { createReportService } from './modules/reports'
import { createRolesService } from './modules/roles'
import { createSettingsService } from './modules/settings'
import { createItemService } from './modules/stock/items-service'
import { createBarcodeService } from './modules/barcodes/service'
import { createCountScanService } from './modules/barcodes/count-scans'
import { unitCodes } from './modules/barcodes'
import { createCountService } from './modules/counts/service'
import { createMovementService } from './modules/stock/movements-service'
import { createSupplierService } from './modules/suppliers/service'
import { createUsersService } from './modules/users'
import { createPurchasingService } from './modules/purchasing/orders-service'
import { createReceiptService } from './modules/purchasing/receipts-service'
import { createPriceEvents } from './modules/purchasing/events'
import { createStockEvents, type StockServiceDeps } from './modules/stock'
import { createImportService } from './modules/imports/service'
import type { TlsInfo } from './tls/info'

export interface DepsOptions {
  db: Db
  secret: Uint8Array | string
  serverUrl: string
  clock?: Clock
  logger?: Logger
  mailer?: Mailer
  ui?: UiAssets | null
  tls?: TlsInfo
  /** Where backups go; by default `backups/` beside the database file. */
  backupsDir?: string
  /** Off-site copies: the data dir (secret, state; by default the database's folder) and the RIMS_S3_* environment (by default the process's). */
  dataDir?: string
  env?: Record<string, string | undefined>
}

/** Everything a route may use; made once by createDeps (tests included). */
export type AppDeps = ReturnType<typeof createDeps>

/** Wires the services once; the server, the CLI and the tests all build their app from this. */
export function createDeps(o: DepsOptions) {
  const clock = o.clock ?? systemClock
  const settings = createSettingsService(o.db, clock)
  const logger = o.logger ?? createLogger()
  const backupsDir = o.backupsDir ?? join(dirname(o.db.filename), 'backups')
  mkdirSync(backupsDir, { recursive: true })
  // Events flow one way: stock and purchasing tell, the alert engine and the food cost check listen,
  // inside the transaction of the change, in the order subscribed here.
  const alertContext = { clock, settings: settings.get }
  const stockEvents = createStockEvents()
  stockEvents.subscribe(stockAlertListener(alertContext))
  stockEvents.subscribe({ costsChanged: (db, change) => checkFoodCost(db, alertContext, change) })
  const priceEvents = createPriceEvents()
  priceEvents.subscribe(priceAlertListener(alertContext))
  const core = { db: o.db, clock, settings, stockEvents } satisfies StockServiceDeps
  const mailer = o.mailer ?? createMailer(settings.get)
  const deps = {
    ...core,
    /** What purchasing tells (a received price); the demo seeder receives through it too. */
    priceEvents,
    logger,
    mailer,
    auth: createAuthService({ db: o.db, clock, settings, tokens: createTokens(o.secret), lockout: createLockout(o.db, clock), mailer, logger }),
    backups: createBackupService({ db: o.db, dir: backupsDir, clock, logger, keep: () => settings.get().backup_keep }),
    offsite: createOffsiteService({ db: o.db, clock, logger, settings, env: o.env, dataDir: o.dataDir }),
    items: createItemService(core, unitCodes),
    barcodes: createBarcodeService(core),
    movements: createMovementService(core),
    categories: createCategoryService(core),
    suppliers: createSupplierService(core),
    kitchen: createKitchenInventoryService(core),
    requests: createKitchenRequestService(core),
    alerts: createAlertService(core),
    dashboard: createDashboardService(core),
    reports: createReportService(core),
    users: createUsersService(core),
    roles: createRolesService(core),
    counts: createCountService(core),
    purchasing: createPurchasingService(core),
    receipts: createReceiptService({ ...core, priceEvents }),
    imports: createImportService(core),
    recipes: createRecipeService(core),
    sales: createSalesService(core),
    foodCost: createFoodCostService(core),
    /** The address the server itself is configured with, for links when no public_url is set. */
    serverUrl: o.serverUrl,
    ui: o.ui ?? null,
    /** Given by `rims serve` when HTTPS is on (set up before the deps): the CA served at /ca.crt and the addresses to connect with. */
    tls: o.tls,
    passwordReset: createPasswordResetService({ db: o.db, clock, logger, mailer, settings, serverUrl: o.serverUrl, tls: o.tls }),
  }
  return Object.assign(deps, { countScans: createCountScanService(core, deps.barcodes, deps.counts) })
}
