/**
 * The bucket layout of off-site copies (issue 36), shared by the publisher, `rims restore --from-s3`
 * and the read-only group view. Every key is under the configured prefix:
 *
 *   sites/{site_id}/site.json                                          SiteRecord, rewritten LAST after each
 *                                                                      successful publish: the snapshot it names is whole
 *   sites/{site_id}/gen-{g}/snapshots/{YYYYMMDDTHHMMSSZ}.sqlite.gz     a VACUUM INTO copy, gzipped
 *   sites/{site_id}/gen-{g}/snapshots/{YYYYMMDDTHHMMSSZ}.json          its Manifest (written after the snapshot)
 *   sites/{site_id}/gen-{g}/ledger/{from}-{to}.k{kfrom}-{kto}.ndjson.gz the ledger rows published since the last file
 *
 * A snapshot is uploaded under `{final}.tmp-{random}` and copied to its final key only once whole, so a cut
 * upload never becomes the newest. A restored site publishes a new generation: one generation's history never
 * mixes with another's.
 */
import type { S3Client } from 'bun'

export const LAYOUT_VERSION = 1

/** A site id: lower-case letters, digits and dashes, as it appears in a key. */
export const SITE_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/

/** `sites/{site_id}/site.json`: what the group view and a restore read first. */
export interface SiteRecord {
  layout: number
  site_id: string
  site_name: string
  generation: number
  /** The newest whole snapshot of this generation and its manifest. */
  snapshot_key: string
  manifest_key: string
  /** The newest ledger rows published (store and kitchen ledgers), hourly; ≥ the snapshot's. */
  ledger_max_id: number
  kitchen_max_id: number
  /** When the last publish (snapshot or ledger rows) finished, ISO-8601 UTC. */
  last_success_at: string
}

/** Beside each snapshot: what it holds. */
export interface Manifest {
  layout: number
  site_id: string
  site_name: string
  generation: number
  /** The highest row id of the main-store ledger (stock_movements) and of the kitchen ledger in the snapshot. */
  ledger_max_id: number
  kitchen_max_id: number
  /** PRAGMA user_version of the snapshot. */
  schema_version: number
  /** When the snapshot was taken, ISO-8601 UTC. */
  created_at: string
  /** The gzipped file: its size and SHA-256 (hex), checked by a restore. */
  bytes: number
  sha256: string
}

/** One line of a ledger file (NDJSON, gzipped). The first line is the header. */
export type LedgerLine =
  | { kind: 'header'; site_id: string; generation: number; from_id: number; to_id: number; kitchen_from_id: number; kitchen_to_id: number; created_at: string }
  | { kind: 'store'; row: Record<string, unknown> }
  | { kind: 'kitchen'; row: Record<string, unknown> }

/** A ledger file's id ranges (inclusive; an empty range has from = to + 1). */
export interface LedgerRange {
  from_id: number
  to_id: number
  kitchen_from_id: number
  kitchen_to_id: number
}

/** '' or 'a/b/' from whatever the owner typed ('/a/b', 'a/b/'). */
export const normalizePrefix = (prefix: string) => {
  const p = prefix.trim().replace(/^\/+|\/+$/g, '')
  return p ? `${p}/` : ''
}

const pad = (n: number) => String(n).padStart(12, '0')

/** The time in a snapshot key: 20261127T020000Z. */
export const stampOf = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
/** The Date of a key's stamp, or null. */
export function dateOfStamp(stamp: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp)
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null
}

export const sitesPrefix = (prefix: string) => `${normalizePrefix(prefix)}sites/`
export const siteKey = (prefix: string, siteId: string) => `${sitesPrefix(prefix)}${siteId}/site.json`
export const generationPrefix = (prefix: string, siteId: string, generation: number) => `${sitesPrefix(prefix)}${siteId}/gen-${generation}/`
export const snapshotsPrefix = (prefix: string, siteId: string, generation: number) => `${generationPrefix(prefix, siteId, generation)}snapshots/`
export const snapshotKey = (prefix: string, siteId: string, generation: number, at: Date) =>
  `${snapshotsPrefix(prefix, siteId, generation)}${stampOf(at)}.sqlite.gz`
export const manifestKeyOf = (snapshot: string) => snapshot.replace(/\.sqlite\.gz$/, '.json')
export const tempKeyOf = (finalKey: string) => `${finalKey}.tmp-${crypto.randomUUID().slice(0, 8)}`
export const ledgerPrefix = (prefix: string, siteId: string, generation: number) => `${generationPrefix(prefix, siteId, generation)}ledger/`
export const ledgerKey = (prefix: string, siteId: string, generation: number, r: LedgerRange) =>
  `${ledgerPrefix(prefix, siteId, generation)}${pad(r.from_id)}-${pad(r.to_id)}.k${pad(r.kitchen_from_id)}-${pad(r.kitchen_to_id)}.ndjson.gz`

const LEDGER_FILE = /\/(\d+)-(\d+)\.k(\d+)-(\d+)\.ndjson\.gz$/
const SNAPSHOT_FILE = /\/(\d{8}T\d{6}Z)\.sqlite\.gz$/
const GENERATION = /\/gen-(\d+)\//

/** The ranges a ledger key names, or null for any other key (a temp file, a stranger's). */
export function parseLedgerKey(key: string): LedgerRange | null {
  const m = LEDGER_FILE.exec(key)
  return m ? { from_id: +m[1], to_id: +m[2], kitchen_from_id: +m[3], kitchen_to_id: +m[4] } : null
}
/** The time a final snapshot key names, or null (a temp key, a manifest). */
export const snapshotTimeOf = (key: string) => {
  const m = SNAPSHOT_FILE.exec(key)
  return m ? dateOfStamp(m[1]) : null
}

/** Every key under a prefix, page by page. */
export async function listKeys(client: S3Client, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await client.list({ prefix, ...(token ? { continuationToken: token } : {}) })
    for (const c of page.contents ?? []) keys.push(c.key)
    token = page.isTruncated ? page.nextContinuationToken : undefined
  } while (token)
  return keys
}

async function readJson<T>(client: S3Client, key: string): Promise<T | null> {
  try {
    return JSON.parse(await client.file(key).text()) as T
  } catch (e) {
    if ((e as { code?: string }).code === 'NoSuchKey') return null
    throw e
  }
}

/** A site's record, or null when the site has never published. */
export const readSite = (client: S3Client, prefix: string, siteId: string) => readJson<SiteRecord>(client, siteKey(prefix, siteId))

export const readManifest = (client: S3Client, manifestKey: string) => readJson<Manifest>(client, manifestKey)

/** Every site that has published at least once, by id. */
export async function listSites(client: S3Client, prefix: string): Promise<SiteRecord[]> {
  const keys = await listKeys(client, sitesPrefix(prefix))
  const ids = [...new Set(keys.filter((k) => k.endsWith('/site.json')).map((k) => k.slice(sitesPrefix(prefix).length).split('/')[0]))]
  const sites = await Promise.all(ids.filter((id) => SITE_ID.test(id)).map((id) => readSite(client, prefix, id)))
  return sites.filter((s): s is SiteRecord => s !== null).sort((a, b) => a.site_id.localeCompare(b.site_id))
}

/** The generations a site has in the bucket, ascending (a restore's new generation is the highest + 1). */
export async function listGenerations(client: S3Client, prefix: string, siteId: string): Promise<number[]> {
  // Listed in full rather than with a delimiter: not every S3-compatible server answers CommonPrefixes alike.
  const keys = await listKeys(client, `${sitesPrefix(prefix)}${siteId}/gen-`)
  const gens = new Set(keys.map((k) => GENERATION.exec(k)?.[1]).filter((g): g is string => g !== undefined))
  return [...gens].map(Number).sort((a, b) => a - b)
}

/** A generation's whole snapshots (those with a manifest beside them), oldest first. */
export async function listSnapshots(client: S3Client, prefix: string, siteId: string, generation: number) {
  const keys = new Set(await listKeys(client, snapshotsPrefix(prefix, siteId, generation)))
  return [...keys]
    .filter((k) => snapshotTimeOf(k) !== null && keys.has(manifestKeyOf(k)))
    .sort()
    .map((key) => ({ key, manifest_key: manifestKeyOf(key), at: snapshotTimeOf(key)! }))
}

/** A generation's ledger files in order. */
export async function listLedgerFiles(client: S3Client, prefix: string, siteId: string, generation: number) {
  const keys = await listKeys(client, ledgerPrefix(prefix, siteId, generation))
  return keys
    .map((key) => ({ key, range: parseLedgerKey(key) }))
    .filter((f): f is { key: string; range: LedgerRange } => f.range !== null)
    .sort((a, b) => a.range.to_id - b.range.to_id || a.range.kitchen_to_id - b.range.kitchen_to_id)
}
