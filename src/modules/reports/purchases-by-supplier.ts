import { iterate } from '../../db/rows'
import { col, money, sumOf, type ReportDefinition } from './report'

// Received value per supplier over the invoice dates of the period (issue 18). Returns are not subtracted.
const SQL = `SELECT s.name AS supplier, count(DISTINCT r.id) AS receipts, count(l.id) AS lines, sum(r.total_mismatch = 1 AND l.id = (SELECT min(id) FROM receipt_lines WHERE receipt_id = r.id)) AS mismatches,
    coalesce(sum(l.value), 0) AS value
  FROM receipts r JOIN suppliers s ON s.id = r.supplier_id JOIN receipt_lines l ON l.receipt_id = r.id
  WHERE r.invoice_date >= $start AND r.invoice_date <= $end
  GROUP BY s.id ORDER BY value DESC, s.name COLLATE NOCASE`

export const purchasesBySupplier: ReportDefinition = {
  type: 'purchases-by-supplier',
  columns: [col('supplier', 'Supplier'), col('receipts', 'Receipts', 'number'), col('lines', 'Lines', 'number'), col('mismatches', 'Invoice Mismatches', 'number'), col('value', 'Value', 'money')],
  rows: (db, r) =>
    iterate(db, SQL, { start: r.start, end: r.end }, (x: { supplier: string; receipts: number; lines: number; mismatches: number; value: number }) => ({
      supplier: x.supplier,
      receipts: x.receipts,
      lines: x.lines,
      mismatches: x.mismatches,
      value: money(x.value),
    })),
  totals: (rows) => ({ suppliers: rows.length, value: sumOf(rows, 'value') }),
}
