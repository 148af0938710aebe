import type { Db } from './open'

/**
 * Runs a few reads in one read transaction: outside one, each statement takes and drops the WAL read lock (≈ 10 µs
 * on the reference box, more than a page's SQL work). BEGIN and COMMIT are cached statements (bun:sqlite's
 * db.transaction() costs ≈ 5 µs more); inside a transaction already, the reads simply join it. Synchronous: no other
 * request can run on the connection in between.
 */
export function readTogether<T>(db: Db, reads: () => T): T {
  if (db.inTransaction) return reads()
  db.query('BEGIN').run()
  try {
    return reads()
  } finally {
    db.query('COMMIT').run()
  }
}
