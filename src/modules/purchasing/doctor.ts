import type { DoctorCheck } from '../../cli/doctor'
import { formatQty } from '../../contract/fixed'

/**
 * `rims doctor` (issue 18): every order line's received and refused quantities equal the sum of its
 * receipt lines, and every receipt line that brought stock in has its RECEIPT ledger row of the same
 * base quantity, item and receipt.
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
    return [
      ...lines.map((l) => `${l.number} line ${l.id}: received ${formatQty(l.received_quantity)} / refused ${formatQty(l.refused_quantity)} but its receipts say ${formatQty(l.received)} / ${formatQty(l.refused)}`),
      ...rows.map((r) => `receipt ${r.receipt_id} line ${r.id}: no matching RECEIPT ledger row of ${formatQty(r.base_quantity)}`),
    ]
  },
}
