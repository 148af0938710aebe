import type { DoctorCheck } from '../../db/doctor'
import { formatQty } from '../../contract/fixed'

/**
 * `rims doctor` (issue 18): every order line's received and refused quantities equal the sum of its
 * receipt lines, and every receipt line that brought stock in has its RECEIPT ledger row of the same
 * base quantity, item and receipt. Every return line has its own RETURN row (OUT, same receipt, item and quantity,
 * naming the line), and every RETURN row belongs to a return line: a doubled one from before migration 0017 shows here.
 */
export const purchasingCheck: DoctorCheck = {
  name: 'Purchase orders and receipts',
  run(db) {
    const lines = db
      .query(
        `SELECT l.id, po.number, l.received_quantity, l.refused_quantity, coalesce(sum(r.received_quantity), 0) AS received, coalesce(sum(r.refused_quantity), 0) AS refused
         FROM purchase_order_lines l JOIN purchase_orders po ON po.id = l.order_id LEFT JOIN receipt_lines r ON r.order_line_id = l.id
         GROUP BY l.id HAVING l.received_quantity <> received OR l.refused_quantity <> refused`,
      )
      .all() as { id: number; number: string; received_quantity: number; refused_quantity: number; received: number; refused: number }[]
    const rows = db
      .query(
        `SELECT l.id, l.receipt_id, l.base_quantity FROM receipt_lines l LEFT JOIN stock_movements m ON m.id = l.movement_id
         WHERE l.base_quantity > 0 AND (m.id IS NULL OR m.type <> 'IN' OR m.source_type <> 'RECEIPT' OR m.source_id <> l.receipt_id OR m.item_id <> l.item_id OR m.quantity <> l.base_quantity)`,
      )
      .all() as { id: number; receipt_id: number; base_quantity: number }[]
    const returns = db
      .query(
        `SELECT x.id, x.receipt_id, x.quantity FROM receipt_returns x LEFT JOIN stock_movements m ON m.id = x.movement_id
         WHERE m.id IS NULL OR m.type <> 'OUT' OR m.source_type <> 'RETURN' OR m.source_id IS NOT x.receipt_id OR m.item_id <> x.item_id OR m.quantity <> x.quantity OR m.source_line_id IS NOT x.id
         ORDER BY x.id`,
      )
      .all() as { id: number; receipt_id: number; quantity: number }[]
    const strayReturns = db
      .query(
        `SELECT m.id, m.source_id, i.name, m.quantity FROM stock_movements m JOIN items i ON i.id = m.item_id
         WHERE m.source_type = 'RETURN' AND NOT EXISTS (SELECT 1 FROM receipt_returns x WHERE x.movement_id = m.id) ORDER BY m.id`,
      )
      .all() as { id: number; source_id: number | null; name: string; quantity: number }[]
    return [
      ...lines.map((l) => `${l.number} line ${l.id}: received ${formatQty(l.received_quantity)} / refused ${formatQty(l.refused_quantity)} but its receipts say ${formatQty(l.received)} / ${formatQty(l.refused)}`),
      ...rows.map((r) => `receipt ${r.receipt_id} line ${r.id}: no matching RECEIPT ledger row of ${formatQty(r.base_quantity)}`),
      ...returns.map((r) => `receipt ${r.receipt_id} return ${r.id}: no RETURN ledger row of its own of ${formatQty(r.quantity)}`),
      ...strayReturns.map((m) => `movement ${m.id}: a RETURN row of receipt ${m.source_id} (${m.name}, ${formatQty(m.quantity)}) that no return line names; a return line posts one`),
    ]
  },
}
