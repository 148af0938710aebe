// Runs in a worker thread: VACUUM INTO and the integrity check take seconds on a large database,
// and bun:sqlite is synchronous, so on the main thread they would stop the server answering.
import { Database } from 'bun:sqlite'
import { fsyncPath, inspectDatabaseFile } from './files'

export interface SnapshotRequest {
  dbPath: string
  out: string
}
export type SnapshotResult = { ok: true } | { ok: false; error: string }

self.onmessage = (event: MessageEvent<SnapshotRequest>) => {
  const { dbPath, out } = event.data
  let result: SnapshotResult
  try {
    const db = new Database(dbPath, { readonly: true })
    try {
      db.exec('PRAGMA busy_timeout = 5000')
      db.query('VACUUM INTO $out').run({ out })
    } finally {
      db.close()
    }
    fsyncPath(out)
    const check = inspectDatabaseFile(out)
    result = check.ok ? { ok: true } : { ok: false, error: `integrity check failed: ${check.problems.slice(0, 3).join('; ')}` }
  } catch (e) {
    result = { ok: false, error: (e as Error).message }
  }
  postMessage(result)
}
