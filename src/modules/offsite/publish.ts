import type { S3Client } from 'bun'
import { Database } from 'bun:sqlite'
import { gzipSync } from 'node:zlib'
import type { Db } from '../../db/open'
import {
  LAYOUT_VERSION, ledgerKey, listKeys, listLedgerFiles, listSnapshots, manifestKeyOf, readManifest, siteKey, snapshotKey, snapshotsPrefix, tempKeyOf,
  type LedgerLine, type Manifest, type SiteRecord,
} from './layout'
import { copyObject, type OffsiteTarget } from './s3'

export interface Site {
  target: OffsiteTarget
  client: S3Client
  siteId: string
  siteName: string
  generation: number
}

/** The highest ledger row ids of a database (main store, kitchen) and its schema version. */
export function ledgerPosition(db: Database): { ledger_max_id: number; kitchen_max_id: number; schema_version: number } {
  const max = (table: string) => (db.query(`SELECT COALESCE(MAX(id), 0) AS m FROM ${table}`).get() as { m: number }).m
  const { user_version } = db.query('PRAGMA user_version').get() as { user_version: number }
  return { ledger_max_id: max('stock_movements'), kitchen_max_id: max('kitchen_movements'), schema_version: user_version }
}

// 5 MiB parts (S3's least), one in flight: Bun's native upload then holds ≈ 30 MiB whatever the file's size.
const PART_SIZE = 5 * 1024 * 1024

/**
 * Uploads a checked snapshot (the database file `file`, already gzipped to `gz` by the snapshot worker)
 * under a temporary key, copies it to its final key once whole, then writes the manifest beside it.
 * Stale temporary keys of a cut run are removed first. `onUpload` tells a test (and the log) the upload has begun.
 */
export async function publishSnapshot(
  site: Site,
  snap: { file: string; gz: string; bytes: number; sha256: string },
  at: Date,
  onUpload?: (key: string) => void,
): Promise<{ key: string; manifest: Manifest }> {
  const { client, target } = site
  const snapDir = snapshotsPrefix(target.prefix, site.siteId, site.generation)
  for (const stale of (await listKeys(client, snapDir)).filter((k) => k.includes('.tmp-'))) await client.delete(stale)

  const ro = new Database(snap.file, { readonly: true })
  const position = (() => {
    try {
      return ledgerPosition(ro)
    } finally {
      ro.close()
    }
  })()

  const key = snapshotKey(target.prefix, site.siteId, site.generation, at)
  const tmp = tempKeyOf(key)
  onUpload?.(tmp)
  // Bun streams the file from disk in parts (multipart above one part): memory stays flat.
  await client.write(tmp, Bun.file(snap.gz), { partSize: PART_SIZE, queueSize: 1, type: 'application/gzip' })
  await copyObject(target, tmp, key)
  await client.delete(tmp)
  const manifest: Manifest = {
    layout: LAYOUT_VERSION,
    site_id: site.siteId,
    site_name: site.siteName,
    generation: site.generation,
    ...position,
    created_at: at.toISOString(),
    bytes: snap.bytes,
    sha256: snap.sha256,
  }
  await client.write(manifestKeyOf(key), JSON.stringify(manifest), { type: 'application/json' })
  return { key, manifest }
}

/** The ledger rows after the given ids, as NDJSON lines (a header first), or null when there are none. */
export function ledgerLines(db: Db, site: Site, after: { ledger_max_id: number; kitchen_max_id: number }, at: Date) {
  const store = db.query('SELECT * FROM stock_movements WHERE id > ? ORDER BY id').all(after.ledger_max_id) as Record<string, unknown>[]
  const kitchen = db.query('SELECT * FROM kitchen_movements WHERE id > ? ORDER BY id').all(after.kitchen_max_id) as Record<string, unknown>[]
  if (store.length === 0 && kitchen.length === 0) return null
  const range = {
    from_id: after.ledger_max_id + 1,
    to_id: store.length ? (store.at(-1)!.id as number) : after.ledger_max_id,
    kitchen_from_id: after.kitchen_max_id + 1,
    kitchen_to_id: kitchen.length ? (kitchen.at(-1)!.id as number) : after.kitchen_max_id,
  }
  const lines: LedgerLine[] = [
    { kind: 'header', site_id: site.siteId, generation: site.generation, ...range, created_at: at.toISOString() },
    ...store.map((row) => ({ kind: 'store' as const, row })),
    ...kitchen.map((row) => ({ kind: 'kitchen' as const, row })),
  ]
  return { range, body: lines.map((l) => JSON.stringify(l)).join('\n') + '\n' }
}

/** Publishes the ledger rows since the last published ones as one gzipped NDJSON file; null when none are new. */
export async function publishLedger(db: Db, site: Site, after: { ledger_max_id: number; kitchen_max_id: number }, at: Date) {
  const lines = ledgerLines(db, site, after, at)
  if (!lines) return null
  const key = ledgerKey(site.target.prefix, site.siteId, site.generation, lines.range)
  // One small PUT: S3 shows an object only once it is whole.
  await site.client.write(key, gzipSync(lines.body), { type: 'application/gzip' })
  return { key, ledger_max_id: lines.range.to_id, kitchen_max_id: lines.range.kitchen_to_id }
}

/** Written last: its presence means the snapshot it names is whole. */
export async function writeSiteRecord(site: Site, record: Omit<SiteRecord, 'layout' | 'site_id' | 'site_name' | 'generation'>) {
  const body: SiteRecord = { layout: LAYOUT_VERSION, site_id: site.siteId, site_name: site.siteName, generation: site.generation, ...record }
  await site.client.write(siteKey(site.target.prefix, site.siteId), JSON.stringify(body), { type: 'application/json' })
}

/**
 * Keeps the newest `keep` snapshots of the current generation and drops the ledger files that only
 * the dropped ones needed (rows at or below the oldest kept snapshot's). Older generations are left:
 * they are the history before a restore.
 */
export async function applyRetention(site: Site, keep: number): Promise<number> {
  const { client, target } = site
  const snaps = await listSnapshots(client, target.prefix, site.siteId, site.generation)
  const dropped = snaps.slice(0, Math.max(0, snaps.length - keep))
  for (const s of dropped) {
    await client.delete(s.key)
    await client.delete(s.manifest_key)
  }
  const oldestKept = snaps[dropped.length]
  if (!oldestKept) return dropped.length
  const m = await readManifest(client, oldestKept.manifest_key)
  if (!m) return dropped.length
  for (const f of await listLedgerFiles(client, target.prefix, site.siteId, site.generation)) {
    if (f.range.to_id <= m.ledger_max_id && f.range.kitchen_to_id <= m.kitchen_max_id) await client.delete(f.key)
  }
  return dropped.length
}
