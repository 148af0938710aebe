import { iterate } from '../../db/rows'
import { costValueCents, fromCents } from '../../contract/fixed'
import { col, money, unitCost, sumOf, localStamper, type ReportDefinition } from './report'

const WASTAGE_SQL = `SELECT m.movement_date, i.name, c.name AS category, m.quantity, i.unit, i.cost_e5, u.name AS user_name, r.role_name, m.remarks
  FROM kitchen_movements m JOIN items i ON i.id = m.item_id JOIN categories c ON c.id = i.category_id
  JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = u.role_id
  WHERE m.movement_type = 'WASTE' AND m.movement_date >= $from AND m.movement_date < $to
  ORDER BY m.movement_date, m.id`

export const wastage: ReportDefinition = {
  type: 'wastage',
  columns: [
    col('date', 'Date'),
    col('item', 'Item'),
    col('category', 'Category'),
    col('quantity', 'Quantity', 'qty'),
    col('unit', 'Unit'),
    col('unit_cost', 'Unit Cost', 'cost'),
    col('value', 'Value', 'money'),
    col('user', 'Recorded By'),
    col('role', 'Role'),
    col('details', 'Details'),
  ],
  rows(db, r) {
    const stamp = localStamper(r.zone)
    return iterate(db, WASTAGE_SQL, { from: r.from, to: r.to }, (w: { movement_date: string; name: string; category: string; quantity: number; unit: string; cost_e5: number; user_name: string; role_name: string; remarks: string | null }) => ({
      date: stamp(w.movement_date),
      item: w.name,
      category: w.category,
      quantity: fromCents(w.quantity),
      unit: w.unit,
      unit_cost: unitCost(w.cost_e5),
      value: money(costValueCents(w.cost_e5, w.quantity)),
      user: w.user_name,
      role: w.role_name,
      details: w.remarks,
    }))
  },
  totals: (rows) => ({ records: rows.length, value: sumOf(rows, 'value') }),
}
