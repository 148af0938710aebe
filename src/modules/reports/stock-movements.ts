import type { Db } from '../../db/open'
import { iterate } from '../../db/rows'
import { formatCost, fromCents } from '../../contract/fixed'
import { col, recordsOf, valueOf, money, localStamper, type ReportRange, type ReportCells, type ReportDefinition } from './report'

const MOVEMENTS_SQL = `SELECT m.movement_date, m.item_id, m.type, m.source_type, m.quantity, m.user_id, m.reference, m.remarks
  FROM stock_movements m WHERE m.movement_date >= $from AND m.movement_date < $to ORDER BY m.movement_date, m.id`

interface MovementItem {
  name: string
  unit: string
  /** 1/100,000 per unit. */
  cost_e5: number
  category: string
  /** The unit cost cell, formatted once per item. */
  cost: string
}

/** Items and users are read once (by id): a year of movements is then one index range scan, no joins. */
function lookups(db: Db) {
  const items: MovementItem[] = []
  for (const i of db.query('SELECT i.id, i.name, i.unit, i.cost_e5, c.name AS category FROM items i JOIN categories c ON c.id = i.category_id').all() as (MovementItem & { id: number })[]) {
    items[i.id] = { name: i.name, unit: i.unit, cost_e5: i.cost_e5, category: i.category, cost: formatCost(i.cost_e5) }
  }
  const users: { name: string; role_name: string }[] = []
  for (const u of db.query('SELECT u.id, u.name, r.role_name FROM users u JOIN roles r ON r.id = u.role_id').all() as { id: number; name: string; role_name: string }[]) users[u.id] = u
  return { items, users }
}

const movementColumns = [
  col('date', 'Date'),
  col('item', 'Item'),
  col('category', 'Category'),
  col('type', 'Type'),
  col('source', 'Source'),
  col('quantity', 'Quantity', 'qty'),
  col('unit', 'Unit'),
  col('unit_cost', 'Unit Cost', 'cost'),
  col('value', 'Value', 'money'),
  col('user', 'User'),
  col('role', 'Role'),
  col('reference', 'Reference'),
  col('remarks', 'Remarks'),
]

/** A year is ~400,000 rows: one tuple per row, the per-item cells computed once, the value in integer cents. */
function movementCells(db: Db, r: ReportRange): Iterable<ReportCells> {
  const { items, users } = lookups(db)
  const stamp = localStamper(r.zone)
  return iterate(db, MOVEMENTS_SQL, { from: r.from, to: r.to }, (m: { movement_date: string; item_id: number; type: string; source_type: string; quantity: number; user_id: number; reference: string | null; remarks: string | null }) => {
    const item = items[m.item_id]
    const user = users[m.user_id]
    const q = m.quantity
    // OUT is stored positive and valued negative; an ADJUSTMENT carries its sign.
    const value = valueOf(item.cost_e5, q < 0 ? -q : q)
    return [
      stamp(m.movement_date),
      item.name,
      item.category,
      m.type,
      m.source_type,
      fromCents(q),
      item.unit,
      item.cost,
      fromCents(m.type === 'OUT' || q < 0 ? -value : value),
      user ? user.name : null,
      user ? user.role_name : null,
      m.reference,
      m.remarks,
    ]
  })
}

export const stockMovements: ReportDefinition = {
  type: 'stock-movements',
  columns: movementColumns,
  rows: (db, r) => recordsOf(movementColumns, movementCells(db, r)),
  cells: movementCells,
  count: (db, r) => (db.query('SELECT count(*) AS n FROM stock_movements WHERE movement_date >= $from AND movement_date < $to').get({ from: r.from, to: r.to }) as { n: number }).n,
}
