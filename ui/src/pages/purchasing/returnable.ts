import type { Receipt } from '../../../../src/contract/purchasing'

export interface Returnable {
  item_id: number
  item_name: string
  unit: string
  /** Base units brought in by the receipt less those returned since. */
  left: number
}

/** Per item of a receipt, what can still go back (a receipt may bring an item on two lines). */
export function returnable(r: Pick<Receipt, 'lines' | 'returns'>): Returnable[] {
  const byItem = new Map<number, Returnable>()
  for (const l of r.lines) {
    const row = byItem.get(l.item_id) ?? { item_id: l.item_id, item_name: l.item_name, unit: l.unit, left: 0 }
    row.left += l.base_quantity
    byItem.set(l.item_id, row)
  }
  for (const x of r.returns) {
    const row = byItem.get(x.item_id)
    if (row) row.left -= x.quantity
  }
  // Hundredths, as the ledger holds them: 0.1 + 0.2 must leave 0.3, not 0.30000000000000004.
  return [...byItem.values()].map((row) => ({ ...row, left: Math.round(row.left * 100) / 100 }))
}
