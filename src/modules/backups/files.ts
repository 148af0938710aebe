import { Database } from 'bun:sqlite'
import { chmodSync, closeSync, fsyncSync, openSync, rmSync } from 'node:fs'
import type { SnapshotRequest, SnapshotResult } from './snapshot-worker'

// Backup names are made by RIMS only; anything else (a path, "..") is refused before touching the disk.
export const BACKUP_NAME = /^rims-(\d{8})-(\d{6})(?:-(\d+))?-(manual|scheduled)\.db$/

export type BackupKind = 'manual' | 'scheduled'

export function fsyncPath(path: string) {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Opens a database file read-only and answers its integrity and schema version. */
export function inspectDatabaseFile(path: string, check: 'full' | 'quick' = 'full'): { ok: boolean; problems: string[]; schemaVersion: number } {
  let db: Database | null = null
  try {
    db = new Database(path, { readonly: true })
    const pragma = check === 'full' ? 'integrity_check' : 'quick_check'
    const rows = (db.query(`PRAGMA ${pragma}`).all() as Record<string, string>[]).map((r) => r[pragma])
    const ok = rows.length === 1 && rows[0] === 'ok'
    const { user_version } = db.query('PRAGMA user_version').get() as { user_version: number }
    return { ok, problems: ok ? [] : rows, schemaVersion: user_version }
  } catch (e) {
    return { ok: false, problems: [(e as Error).message], schemaVersion: -1 }
  } finally {
    db?.close()
  }
}

// Inside the executable the worker is a second entrypoint (scripts/build.ts), addressed from the
// entrypoints' common root, src/; when run from source it sits beside this file.
const snapshotWorkerUrl = () =>
  Bun.main.startsWith('/$bunfs/') ? './modules/backups/snapshot-worker.ts' : new URL('./snapshot-worker.ts', import.meta.url).href

/**
 * VACUUM INTO a file (a consistent snapshot, never a copy of the live file), fsync it, and require
 * integrity_check = ok (quick_check with `check: 'quick'`), all in a worker thread on its own read-only
 * connection; with `gzipTo`, the worker also writes it gzipped there and answers its size and SHA-256.
 */
export async function snapshotTo(dbPath: string, path: string, o: { check?: 'full' | 'quick'; gzipTo?: string } = {}): Promise<{ bytes: number; sha256: string } | undefined> {
  const worker = new Worker(snapshotWorkerUrl())
  try {
    const result = await new Promise<SnapshotResult>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<SnapshotResult>) => resolve(e.data)
      worker.onerror = (e) => reject(new Error(e.message))
      worker.postMessage({ dbPath, out: path, ...o } satisfies SnapshotRequest)
    })
    if (!result.ok) throw new Error(result.error)
    // A backup holds the same secrets as the database: owner only, whatever the umask.
    chmodSync(path, 0o600)
    return result.gzip
  } catch (e) {
    rmSync(path, { force: true })
    if (o.gzipTo) rmSync(o.gzipTo, { force: true })
    throw e
  } finally {
    worker.terminate()
  }
}
