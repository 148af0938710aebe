import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

// The group's copies of each site's newest snapshot, in DIR/sites/: downloaded gunzipped, checked, then named.

/** What the group reads of a site's `site.json` (the off-site layout's SiteRecord). */
export interface BucketSite {
  site_id: string
  site_name: string
  generation: number
  snapshot_key: string
  manifest_key: string
  last_success_at: string
}

/** What it reads of the snapshot's manifest. */
export interface BucketManifest {
  created_at: string
  schema_version: number
  /** The gzipped file's SHA-256 (hex), when the publisher wrote one. */
  sha256?: string
}

/** The bucket as the group sees it: given by the wiring (off-site layout over Bun's S3 client), a fake in tests. */
export interface Bucket {
  listSites(): Promise<BucketSite[]>
  readManifest(key: string): Promise<BucketManifest | null>
  /** The object's bytes as they are stored (gzipped). */
  stream(key: string): ReadableStream<Uint8Array>
}

/** One cached copy: the site record it came from and its manifest. The .db file beside it is never written after. */
export interface CachedSite {
  site: BucketSite
  manifest: BucketManifest
  downloaded_at: string
}

const SITE_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/

export function createSiteCache(dir: string) {
  const root = join(dir, 'sites')
  mkdirSync(root, { recursive: true, mode: 0o700 })
  const dbPath = (id: string) => join(root, `${id}.db`)
  const recordPath = (id: string) => join(root, `${id}.json`)

  /** The copies on disk, by site id (a download cut short leaves only its .download file, which is ignored). */
  function cached(): Map<string, CachedSite> {
    const out = new Map<string, CachedSite>()
    for (const name of readdirSync(root)) {
      const id = name.replace(/\.json$/, '')
      if (!name.endsWith('.json') || !existsSync(dbPath(id))) continue
      try {
        out.set(id, JSON.parse(readFileSync(recordPath(id), 'utf8')) as CachedSite)
      } catch {
        // A record cut short: the next sync downloads the copy again.
      }
    }
    return out
  }

  /**
   * Downloads a site's snapshot when the bucket names a newer one than the cached copy: gunzipped as it arrives
   * into a .download file, its SHA-256 checked against the manifest, opened read-only for an integrity check,
   * then renamed over the old copy. Returns true when the copy changed.
   */
  async function refresh(bucket: Bucket, site: BucketSite, known: CachedSite | undefined, at: string): Promise<boolean> {
    if (!SITE_ID.test(site.site_id)) throw new Error(`site id ${JSON.stringify(site.site_id)} is not a site id`)
    if (known && known.site.snapshot_key === site.snapshot_key && existsSync(dbPath(site.site_id))) {
      // Same snapshot: only the freshness (a later ledger publish) may have moved.
      if (known.site.last_success_at !== site.last_success_at) writeRecord(site.site_id, { ...known, site })
      return false
    }
    const manifest = await bucket.readManifest(site.manifest_key)
    if (!manifest) throw new Error(`the manifest ${site.manifest_key} is missing`)
    const temp = `${dbPath(site.site_id)}.download`
    rmSync(temp, { force: true })
    try {
      const hash = new Bun.CryptoHasher('sha256')
      const hashed = bucket.stream(site.snapshot_key).pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, out) {
            hash.update(chunk)
            out.enqueue(chunk)
          },
        }),
      )
      const writer = Bun.file(temp).writer()
      for await (const chunk of hashed.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>)) writer.write(chunk)
      await writer.end()
      if (manifest.sha256 && hash.digest('hex') !== manifest.sha256) throw new Error('the snapshot does not match its manifest (SHA-256)')
      const check = new Database(temp, { readonly: true })
      try {
        const result = check.query('PRAGMA quick_check').get() as { quick_check: string }
        if (result.quick_check !== 'ok') throw new Error(`the snapshot fails its integrity check (${result.quick_check})`)
      } finally {
        check.close()
      }
      renameSync(temp, dbPath(site.site_id))
    } catch (e) {
      rmSync(temp, { force: true })
      throw e
    }
    writeRecord(site.site_id, { site, manifest, downloaded_at: at })
    return true
  }

  function writeRecord(id: string, record: CachedSite) {
    const temp = `${recordPath(id)}.tmp`
    writeFileSync(temp, JSON.stringify(record), { mode: 0o600 })
    renameSync(temp, recordPath(id))
  }

  return { root, dbPath, cached, refresh }
}

export type SiteCache = ReturnType<typeof createSiteCache>
