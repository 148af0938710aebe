import type { DoctorCheck } from '../../db/doctor'
import { kitchenLedgerProblems } from './service'

/**
 * `rims doctor`: every kitchen balance equals the sum of its kitchen movements, and whatever else the
 * wiring adds to the same check (the kitchen requests' kept counters, where the doctor's list is made).
 */
export const kitchenLedgerCheck = (...more: ((db: Parameters<DoctorCheck['run']>[0]) => string[])[]): DoctorCheck => ({
  name: 'Kitchen ledger',
  run: (db) => [...kitchenLedgerProblems(db), ...more.flatMap((problems) => problems(db))],
})
