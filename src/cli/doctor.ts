import type { DoctorCheck } from '../db/doctor'
import type { Db } from '../db/open'
import { stockLedgerCheck } from '../modules/stock/doctor'
import { kitchenLedgerCheck } from '../modules/kitchen-inventory'
import { requestCounterProblems } from '../modules/kitchen-requests'
import { purchasingCheck } from '../modules/purchasing/doctor'
import { countLedgerCheck } from '../modules/counts/doctor'

export type { DoctorCheck }

/** Ledger checks are appended by the features that keep a ledger (stock, kitchen). */
export const DOCTOR_CHECKS: DoctorCheck[] = [
  {
    name: 'SQLite integrity',
    run: (db) => {
      const rows = db.query('PRAGMA integrity_check').all() as { integrity_check: string }[]
      return rows.length === 1 && rows[0].integrity_check === 'ok' ? [] : rows.map((r) => r.integrity_check)
    },
  },
  {
    name: 'Foreign keys',
    run: (db) => (db.query('PRAGMA foreign_key_check').all() as { table: string; rowid: number }[]).map((r) => `${r.table} row ${r.rowid} points at a missing row`),
  },
  stockLedgerCheck,
  // The kept request counters are reported under the kitchen ledger, as they always were.
  kitchenLedgerCheck(requestCounterProblems),
  purchasingCheck,
  countLedgerCheck,
]

export function runDoctor(db: Db) {
  const results = DOCTOR_CHECKS.map((c) => ({ name: c.name, problems: c.run(db) }))
  return { ok: results.every((r) => r.problems.length === 0), results }
}
