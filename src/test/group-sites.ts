import { S3Client } from 'bun'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { Db } from '../db/open'
import { manifestKeyOf, siteKey, snapshotKey, type Manifest, type SiteRecord } from '../modules/offsite'

// The group view's tests: a local S3-compatible server (s3rver on 127.0.0.1) and sites published into it under the
// off-site layout, each a VACUUM INTO copy of a real site database, gzipped.

export const S3_KEY = 'S3RVER'

export async function startS3(port: number, bucket = 'rims-group') {
  const dir = mkdtempSync(join(tmpdir(), 'rims-s3-'))
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] })
  await server.run()
  const env = {
    RIMS_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    RIMS_S3_REGION: 'us-east-1',
    RIMS_S3_BUCKET: bucket,
    RIMS_S3_PREFIX: 'rims',
    RIMS_S3_ACCESS_KEY_ID: S3_KEY,
    RIMS_S3_SECRET_ACCESS_KEY: S3_KEY,
  }
  const client = new S3Client({ endpoint: env.RIMS_S3_ENDPOINT, region: env.RIMS_S3_REGION, bucket, accessKeyId: S3_KEY, secretAccessKey: S3_KEY })
  return {
    env,
    client,
    async close() {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Publishes a site's database as its newest snapshot, as the off-site publisher lays it out: the gzipped copy, its
 * manifest, then site.json. `edit` changes the copy before it is gzipped (an older schema, say).
 */
export async function publishSite(
  client: S3Client,
  o: { prefix: string; siteId: string; siteName: string; db: Db; at: Date; lastSuccessAt?: Date; generation?: number; edit?: (copy: Db) => void },
) {
  const dir = mkdtempSync(join(tmpdir(), 'rims-snap-'))
  try {
    const file = join(dir, 'copy.db')
    o.db.exec(`VACUUM INTO '${file}'`)
    if (o.edit) {
      const { Database } = await import('bun:sqlite')
      const copy = new Database(file)
      o.edit(copy)
      copy.close()
    }
    const gz = Bun.gzipSync(readFileSync(file))
    const generation = o.generation ?? 1
    const key = snapshotKey(o.prefix, o.siteId, generation, o.at)
    const schema = (o.db.query('PRAGMA user_version').get() as { user_version: number }).user_version
    const manifest: Manifest = {
      layout: 1,
      site_id: o.siteId,
      site_name: o.siteName,
      generation,
      ledger_max_id: 0,
      kitchen_max_id: 0,
      schema_version: schema,
      created_at: o.at.toISOString(),
      bytes: gz.length,
      sha256: new Bun.CryptoHasher('sha256').update(gz).digest('hex'),
    }
    await client.write(key, gz)
    await client.write(manifestKeyOf(key), JSON.stringify(manifest))
    const site: SiteRecord = {
      layout: 1,
      site_id: o.siteId,
      site_name: o.siteName,
      generation,
      snapshot_key: key,
      manifest_key: manifestKeyOf(key),
      ledger_max_id: 0,
      kitchen_max_id: 0,
      last_success_at: (o.lastSuccessAt ?? o.at).toISOString(),
    }
    await client.write(siteKey(o.prefix, o.siteId), JSON.stringify(site))
    return site
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
