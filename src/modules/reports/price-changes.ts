import { iterate } from '../../db/rows'
import { priceChangePct } from '../../contract/purchasing'
import { col, unitCost, type ReportDefinition } from './report'

// Every received price per base unit that differs from the item's previous one, dated in the period (issue 18).
const SQL = `SELECT * FROM (
    SELECT p.id, p.date, i.name AS item, i.unit, s.name AS supplier, rc.invoice_number, p.price_e5 AS price,
      lag(p.price_e5) OVER (PARTITION BY p.item_id ORDER BY p.id) AS old_price
    FROM item_prices p JOIN items i ON i.id = p.item_id JOIN suppliers s ON s.id = p.supplier_id JOIN receipts rc ON rc.id = p.receipt_id
    WHERE p.item_id IN (SELECT item_id FROM item_prices WHERE date >= $start AND date <= $end)
  ) WHERE date >= $start AND date <= $end AND old_price IS NOT NULL AND old_price <> price
  ORDER BY date, id`

export const priceChanges: ReportDefinition = {
  type: 'price-changes',
  columns: [
    col('date', 'Date'),
    col('item', 'Item'),
    col('unit', 'Unit'),
    col('supplier', 'Supplier'),
    col('invoice', 'Invoice'),
    col('old_price', 'Old Price', 'cost'),
    col('new_price', 'New Price', 'cost'),
    col('change_pct', 'Change %', 'number'),
  ],
  rows: (db, r) =>
    iterate(db, SQL, { start: r.start, end: r.end }, (x: { date: string; item: string; unit: string; supplier: string; invoice_number: string; price: number; old_price: number }) => ({
      date: x.date,
      item: x.item,
      unit: x.unit,
      supplier: x.supplier,
      invoice: x.invoice_number,
      old_price: unitCost(x.old_price),
      new_price: unitCost(x.price),
      change_pct: x.old_price > 0 ? priceChangePct(x.old_price, x.price) : null,
    })),
  totals: (rows) => ({ changes: rows.length, increases: rows.filter((x) => Number(x.change_pct) > 0).length }),
}
