import { iterate } from '../../db/rows'
import { costValueCents, fromCents } from '../../contract/fixed'
import { col, money, unitCost, sumOf, type ReportDefinition } from './report'

const USAGE_SQL = `SELECT i.name, c.name AS category, i.unit, i.cost_e5, count(*) AS records, sum(m.quantity) AS quantity
  FROM kitchen_movements m JOIN items i ON i.id = m.item_id JOIN categories c ON c.id = i.category_id
  WHERE m.source_type = 'USAGE' AND m.movement_date >= $from AND m.movement_date < $to
  GROUP BY m.item_id ORDER BY c.name COLLATE NOCASE, i.name COLLATE NOCASE, m.item_id`

export const kitchenUsage: ReportDefinition = {
  type: 'kitchen-usage',
  columns: [
    col('item', 'Item'),
    col('category', 'Category'),
    col('unit', 'Unit'),
    col('records', 'Times Used', 'number'),
    col('quantity', 'Quantity Used', 'qty'),
    col('unit_cost', 'Unit Cost', 'cost'),
    col('value', 'Value', 'money'),
  ],
  rows: (db, r) =>
    iterate(db, USAGE_SQL, { from: r.from, to: r.to }, (u: { name: string; category: string; unit: string; cost_e5: number; records: number; quantity: number }) => ({
      item: u.name,
      category: u.category,
      unit: u.unit,
      records: u.records,
      quantity: fromCents(u.quantity),
      unit_cost: unitCost(u.cost_e5),
      value: money(costValueCents(u.cost_e5, u.quantity)),
    })),
  totals: (rows) => ({ items: rows.length, records: rows.reduce((a, r) => a + Number(r.records), 0), value: sumOf(rows, 'value') }),
}
