import type { ReportType } from '../../contract/reports'
import type { ReportDefinition } from './report'
import { stockBalance } from './stock-balance'
import { stockMovements } from './stock-movements'
import { kitchenUsage } from './kitchen-usage'
import { wastage } from './wastage'
import { financial } from './financial'
import { kitchenRequests } from './kitchen-requests'
import { expiryAndLowStock } from './expiry-and-low-stock'
import { purchasesBySupplier } from './purchases-by-supplier'
import { purchasesByCategory } from './purchases-by-category'
import { priceChanges } from './price-changes'

/** Every report by its type. */
export const REPORTS: Record<ReportType, ReportDefinition> = {
  'stock-balance': stockBalance,
  'stock-movements': stockMovements,
  'kitchen-usage': kitchenUsage,
  wastage,
  financial,
  'kitchen-requests': kitchenRequests,
  'expiry-and-low-stock': expiryAndLowStock,
  'purchases-by-supplier': purchasesBySupplier,
  'purchases-by-category': purchasesByCategory,
  'price-changes': priceChanges,
}
