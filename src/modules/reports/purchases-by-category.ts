import { iterate } from '../../db/rows'
import { col, money, sumOf, type ReportDefinition } from './report'

// Received value per item category over the invoice dates of the period (issue 18).
const SQL = `SELECT c.name AS category, count(DISTINCT l.item_id) AS items, count(l.id) AS lines, coalesce(sum(l.value), 0) AS value
  FROM receipts r JOIN receipt_lines l ON l.receipt_id = r.id JOIN items i ON i.id = l.item_id JOIN categories c ON c.id = i.category_id
  WHERE r.invoice_date >= $start AND r.invoice_date <= $end
  GROUP BY c.id ORDER BY value DESC, c.name COLLATE NOCASE`

export const purchasesByCategory: ReportDefinition = {
  type: 'purchases-by-category',
  columns: [col('category', 'Category'), col('items', 'Items', 'number'), col('lines', 'Lines', 'number'), col('value', 'Value', 'money')],
  rows: (db, r) =>
    iterate(db, SQL, { start: r.start, end: r.end }, (x: { category: string; items: number; lines: number; value: number }) => ({
      category: x.category,
      items: x.items,
      lines: x.lines,
      value: money(x.value),
    })),
  totals: (rows) => ({ categories: rows.length, value: sumOf(rows, 'value') }),
}
