import { iterate } from '../../db/rows'
import { costValueCents, fromCents } from '../../contract/fixed'
import { daysBetween } from '../../contract/dates'
import { col, money, sumOf, STATUS_RANK, statusLabel, type ReportDefinition } from './report'

const WATCH_SQL = `SELECT i.name, c.name AS category, s.name AS supplier, i.unit, i.cost_e5, i.current_quantity, i.min_stock_level, i.expiry_date
  FROM items i JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id
  WHERE i.is_active = 1 AND (i.current_quantity <= i.min_stock_level OR i.expiry_date <= $until)
  ORDER BY i.name COLLATE NOCASE, i.id`

/** Today's snapshot (the range names the file): every active item expired, expiring within the window, out of stock or low. */
export const expiryAndLowStock: ReportDefinition = {
  type: 'expiry-and-low-stock',
  columns: [
    col('item', 'Item'),
    col('category', 'Category'),
    col('supplier', 'Supplier'),
    col('unit', 'Unit'),
    col('quantity', 'Quantity', 'qty'),
    col('min_level', 'Min Level', 'qty'),
    col('expiry_date', 'Expiry Date'),
    col('days_until_expiry', 'Days Until Expiry', 'number'),
    col('status', 'Status'),
    col('value', 'Value', 'money'),
  ],
  *rows(db, r) {
    const until = new Date(Date.parse(r.today + 'T00:00:00Z') + r.expiringDays * 86_400_000).toISOString().slice(0, 10)
    const rows = [
      ...iterate(db, WATCH_SQL, { until }, (i: { name: string; category: string; supplier: string; unit: string; cost_e5: number; current_quantity: number; min_stock_level: number; expiry_date: string | null }) => ({
        item: i.name,
        category: i.category,
        supplier: i.supplier,
        unit: i.unit,
        quantity: fromCents(i.current_quantity),
        min_level: fromCents(i.min_stock_level),
        expiry_date: i.expiry_date,
        days_until_expiry: i.expiry_date ? daysBetween(r.today, i.expiry_date) : null,
        status: statusLabel(i.current_quantity, i.min_stock_level, i.expiry_date, r),
        value: money(costValueCents(i.cost_e5, i.current_quantity)),
      })),
    ]
    // Most urgent first; the list is bounded by the item count, so sorting in memory is fine.
    rows.sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || (a.expiry_date ?? '9').localeCompare(b.expiry_date ?? '9'))
    yield* rows
  },
  totals: (rows) => ({ items: rows.length, expired: rows.filter((r) => r.status === 'Expired').length, value: sumOf(rows, 'value') }),
}
