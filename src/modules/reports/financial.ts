import { BALANCE_SQL, closingOf, openingOf, type BalanceRow } from './stock-balance'
import { iterate } from '../../db/rows'
import { costValueCents } from '../../contract/fixed'
import { col, money, sumOf, type ReportDefinition } from './report'

const WASTE_BY_ITEM_SQL = `SELECT item_id, sum(quantity) AS quantity FROM kitchen_movements
  WHERE movement_type = 'WASTE' AND movement_date >= $from AND movement_date < $to GROUP BY item_id`

export const financial: ReportDefinition = {
  type: 'financial',
  columns: [
    col('category', 'Category'),
    col('opening_value', 'Opening Value', 'money'),
    col('purchases', 'Purchases', 'money'),
    col('issues_to_kitchen', 'Issues to Kitchen', 'money'),
    col('adjustments', 'Adjustments', 'money'),
    col('closing_value', 'Closing Value', 'money'),
    col('wastage_cost', 'Wastage Cost', 'money'),
  ],
  /** Per category, each item valued at its cost price (1/100,000 per unit), each figure rounded per item then summed. */
  *rows(db, r) {
    const waste = new Map((db.query(WASTE_BY_ITEM_SQL).all({ from: r.from, to: r.to }) as { item_id: number; quantity: number }[]).map((w) => [w.item_id, w.quantity]))
    const byCategory = new Map<string, { opening: number; purchases: number; issues: number; adjustments: number; closing: number; waste: number }>()
    const seen = new Set<number>()
    const add = (category: string, cost: number, b: { opening: number; purchased: number; issued: number; adjusted: number; closing: number; wasted: number }) => {
      const c = byCategory.get(category) ?? { opening: 0, purchases: 0, issues: 0, adjustments: 0, closing: 0, waste: 0 }
      c.opening += costValueCents(cost, b.opening)
      c.purchases += Math.sign(b.purchased) * costValueCents(cost, Math.abs(b.purchased))
      c.issues += Math.sign(b.issued) * costValueCents(cost, Math.abs(b.issued))
      c.adjustments += Math.sign(b.adjusted) * costValueCents(cost, Math.abs(b.adjusted))
      c.closing += costValueCents(cost, b.closing)
      c.waste += costValueCents(cost, b.wasted)
      byCategory.set(category, c)
    }
    for (const b of iterate(db, BALANCE_SQL, { from: r.from, to: r.to }, (x: BalanceRow) => x)) {
      seen.add(b.id)
      add(b.category, b.cost_e5, { opening: openingOf(b), purchased: b.purchased_q, issued: b.issued_q, adjusted: b.adj_q, closing: closingOf(b), wasted: waste.get(b.id) ?? 0 })
    }
    for (const [itemId, quantity] of waste) {
      if (seen.has(itemId)) continue
      const i = db.query('SELECT i.cost_e5, c.name AS category FROM items i JOIN categories c ON c.id = i.category_id WHERE i.id = $itemId').get({ itemId }) as { cost_e5: number; category: string }
      add(i.category, i.cost_e5, { opening: 0, purchased: 0, issued: 0, adjusted: 0, closing: 0, wasted: quantity })
    }
    for (const [category, c] of [...byCategory].sort((a, b) => a[0].localeCompare(b[0], undefined, { sensitivity: 'base' }))) {
      yield {
        category,
        opening_value: money(c.opening),
        purchases: money(c.purchases),
        issues_to_kitchen: money(c.issues),
        adjustments: money(c.adjustments),
        closing_value: money(c.closing),
        wastage_cost: money(c.waste),
      }
    }
  },
  totals: (rows) => Object.fromEntries(['opening_value', 'purchases', 'issues_to_kitchen', 'adjustments', 'closing_value', 'wastage_cost'].map((k) => [k, sumOf(rows, k)])),
}
