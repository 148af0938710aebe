import type { StockMovement } from '../../../../src/contract/stock'

/** DECISIONS "Stock and the ledger": IN 'Stock In', OUT 'Usage', ADJUSTMENT 'Adjustment', anything else 'Wastage'. */
export const movementLabel = (m: Pick<StockMovement, 'type'>) =>
  m.type === 'IN' ? 'Stock In' : m.type === 'OUT' ? 'Usage' : m.type === 'ADJUSTMENT' ? 'Adjustment' : 'Wastage'

/** IN with +, OUT with −, an adjustment with its own sign. */
export function signedQuantity(m: Pick<StockMovement, 'type' | 'quantity' | 'unit'>, format: (n: number, unit: string) => string) {
  const negative = m.type === 'OUT' || (m.type !== 'IN' && m.quantity < 0)
  return `${negative ? '−' : '+'}${format(Math.abs(m.quantity), m.unit)}`
}
