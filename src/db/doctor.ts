import type { Db } from './open'

/** One check of `rims doctor`: the features that keep a ledger add theirs (the list is in src/cli/doctor.ts). */
export interface DoctorCheck {
  name: string
  /** Returns the problems found; empty when healthy. */
  run(db: Db): string[]
}
