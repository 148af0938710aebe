import type { DoctorCheck } from '../../db/doctor'
import { formatQty } from '../../contract/fixed'
import { itemTotals, recountItemTotals } from './items-repo'
import * as repo from './ledger-repo'

/** `rims doctor`: every item's balance must equal the sum of its ledger rows, and the kept counters the real counts. */
export const stockLedgerCheck: DoctorCheck = {
  name: 'Main-store ledger',
  run(db) {
    const problems = repo.ledgerDifferences(db).map(
      (d) => `item ${d.id} (${d.name}): balance ${formatQty(d.current_quantity)} but the ledger adds up to ${formatQty(d.ledger)}`,
    )
    const kept = repo.movementCounts(db)
    const real = { IN: 0, OUT: 0, ADJUSTMENT: 0 }
    for (const r of repo.realCounts(db)) real[r.type] = r.n
    for (const type of ['IN', 'OUT', 'ADJUSTMENT'] as const) {
      if (kept[type] !== real[type]) problems.push(`stock_movement_counts says ${kept[type]} ${type} rows, the ledger holds ${real[type]}`)
    }
    const kept2 = itemTotals(db, '', '')
    const recount = recountItemTotals(db)
    for (const k of ['total_items', 'value_cents', 'low_stock_count'] as const) {
      if (kept2[k] !== recount[k]) problems.push(`item_totals.${k} is ${kept2[k]} but the items add up to ${recount[k]}`)
    }
    return problems
  },
}
