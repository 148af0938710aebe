import type { ReportType } from '../../../../src/contract/reports'

/** The seven report types as the Manager picks them: a name and what the report answers. */
export const REPORT_INFO: Record<ReportType, { name: string; description: string }> = {
  'stock-balance': { name: 'Stock Balance', description: 'Opening stock, stock in and out, and the closing quantity and value of every item.' },
  'stock-movements': { name: 'Stock Movements', description: 'Every stock movement in the period, with who recorded it and why.' },
  'kitchen-usage': { name: 'Kitchen Usage', description: 'What the kitchen used, per item, with quantities and value.' },
  wastage: { name: 'Wastage', description: 'Each wastage record in the kitchen, with its value and reason.' },
  financial: { name: 'Financial Summary', description: 'Stock value by category: opening, purchases, issues, adjustments, wastage and closing.' },
  'kitchen-requests': { name: 'Kitchen Requests', description: 'Requests from the kitchen, their status, who reviewed them and when.' },
  'expiry-and-low-stock': { name: 'Expiry and Low Stock', description: 'Items expired, expiring soon, out of stock or at or below their minimum, as of today.' },
  'purchases-by-supplier': { name: 'Purchases by Supplier', description: 'Value received from each supplier in the period (invoice dates), with receipts and invoice mismatches.' },
  'purchases-by-category': { name: 'Purchases by Category', description: 'Value received per category in the period (invoice dates).' },
  'price-changes': { name: 'Price Changes', description: 'Every received price per base unit that differs from the previous one, with the change in %.' },
}
