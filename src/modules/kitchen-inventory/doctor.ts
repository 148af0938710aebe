import type { DoctorCheck } from '../../cli/doctor'
import { requestCounterProblems } from '../kitchen-requests/service'
import { kitchenLedgerProblems } from './service'

/** `rims doctor`: every kitchen balance equals the sum of its kitchen movements; the kept counters equal real counts. */
export const kitchenLedgerCheck: DoctorCheck = {
  name: 'Kitchen ledger',
  run: (db) => [...kitchenLedgerProblems(db), ...requestCounterProblems(db)],
}
