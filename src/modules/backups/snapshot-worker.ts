// Runs in a worker thread: VACUUM INTO and the integrity check take seconds on a large database,
// and bun:sqlite is synchronous, so on the main thread they would stop the server answering.
import { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { fsyncPath, inspectDatabaseFile } from './files'

export interface SnapshotRequest {
  dbPath: string
  out: string
  /** 'full' (integrity_check, the default) or 'quick' (quick_check: every page and b-tree, not the index contents a fresh VACUUM just rebuilt). */
  check?: 'full' | 'quick'
  /** Also writes the checked snapshot gzipped to this file (off-site copies), with its size and SHA-256. */
  gzipTo?: string
}
export type SnapshotResult = { ok: true; gzip?: { bytes: number; sha256: string } } | { ok: false; error: string }

async function gzipFile(from: string, to: string) {
  const hash = createHash('sha256')
  let bytes = 0
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    },
  })
  await pipeline(createReadStream(from, { highWaterMark: 256 * 1024 }), createGzip({ level: 3 }), tap, createWriteStream(to, { mode: 0o600 }))
  fsyncPath(to)
  return { bytes, sha256: hash.digest('hex') }
}

self.onmessage = async (event: MessageEvent<SnapshotRequest>) => {
  const { dbPath, out, check = 'full', gzipTo } = event.data
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
    const inspected = inspectDatabaseFile(out, check)
    result = inspected.ok ? { ok: true } : { ok: false, error: `integrity check failed: ${inspected.problems.slice(0, 3).join('; ')}` }
    if (result.ok && gzipTo) result.gzip = await gzipFile(out, gzipTo)
  } catch (e) {
    result = { ok: false, error: (e as Error).message }
  }
  postMessage(result)
}
