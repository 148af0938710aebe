import type { S3Client } from 'bun'
import { createHash } from 'node:crypto'
import { chmodSync, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, gunzipSync } from 'node:zlib'
import { MIGRATIONS } from '../db/migrations'
import { migrate, openDb, type Db } from '../db/open'
import { fsyncPath, inspectDatabaseFile } from '../modules/backups'
import {
  clientOf, failureReason, isConfigured, listGenerations, listLedgerFiles, listSites, listSnapshots, readManifest, resolveTarget, writeState,
  type LedgerLine, type Manifest, type OffsiteTarget,
} from '../modules/offsite'
import { SETTING_DEFAULTS, type Settings } from '../contract/settings'
import { prepareDataDir, serverOnDataDir } from './data-dir'
import { replayMovement } from '../modules/stock'
import { replayKitchenMovement } from '../modules/kitchen-inventory'
import { runDoctor } from './doctor'

export interface RestoreFromS3Options {
  data: string
  site?: string
  /** ISO time: the newest snapshot at or before it, and the ledger rows up to it. Now by default. */
  at?: string
  env?: Record<string, string | undefined>
  now?: Date
  out?: (line: string) => void
  err?: (line: string) => void
}

/** What a restore picked and replayed, for the summary and the tests. */
export interface RestoreSummary {
  site_id: string
  generation: number
  new_generation: number
  snapshot_key: string
  replayed: number
  skipped: number
}

/**
 * Puts published ledger rows back after a snapshot, with their own ids, through each ledger's owner
 * (the row and the balance it moved). A row whose item or user the snapshot does not hold (made after
 * the night's snapshot) cannot be replayed: it is counted as skipped in the summary.
 */
export function replayLedger(db: Db, lines: LedgerLine[], o: { afterStore: number; afterKitchen: number; until: string }) {
  const exists = (table: 'items' | 'users' | 'stock_movements' | 'kitchen_movements', id: unknown) => db.query(`SELECT 1 FROM ${table} WHERE id = ?`).get(id as number) !== null
  let replayed = 0
  let skipped = 0
  db.transaction(() => {
    for (const line of lines) {
      if (line.kind === 'header') continue
      const row = line.row
      if ((row.created_at as string) > o.until) continue
      const store = line.kind === 'store'
      if ((row.id as number) <= (store ? o.afterStore : o.afterKitchen) || exists(store ? 'stock_movements' : 'kitchen_movements', row.id)) continue
      if (!exists('items', row.item_id) || !exists('users', row.user_id)) {
        skipped++
        continue
      }
      if (store) replayMovement(db, row)
      else replayKitchenMovement(db, row)
      replayed++
    }
  }).immediate()
  return { replayed, skipped }
}

async function download(client: S3Client, key: string, out: string, manifest: Manifest) {
  const hash = createHash('sha256')
  const file = client.file(key)
  const source = Readable.fromWeb(file.stream() as never)
  source.on('data', (c: Buffer) => hash.update(c))
  await pipeline(source, createGunzip(), createWriteStream(out, { mode: 0o600 }))
  if (hash.digest('hex') !== manifest.sha256) throw new Error(`${key} does not match its manifest (SHA-256 differs): the copy is damaged`)
}

/** The site to restore: --site, or the bucket's only site. */
async function pickSite(client: S3Client, t: OffsiteTarget, wanted: string | undefined) {
  const sites = await listSites(client, t.prefix)
  if (wanted) {
    const site = sites.find((s) => s.site_id === wanted)
    if (!site) throw new Error(`No site "${wanted}" in the bucket${sites.length ? `; it holds ${sites.map((s) => s.site_id).join(', ')}` : ''}.`)
    return site
  }
  if (sites.length === 1) return sites[0]
  if (sites.length === 0) throw new Error(`The bucket ${t.bucket} holds no RIMS copies under "${t.prefix}".`)
  throw new Error(`The bucket holds several sites (${sites.map((s) => s.site_id).join(', ')}): choose one with --site.`)
}

/**
 * `rims restore --from-s3 --data DIR [--site ID] [--at TIME]`: the newest whole snapshot at or before the
 * time, its generation's ledger rows replayed up to the time, integrity and ledgers checked (rims doctor),
 * and the box set to publish a new generation. Credentials come from RIMS_S3_*.
 */
export async function restoreFromS3(o: RestoreFromS3Options): Promise<{ code: number; summary?: RestoreSummary }> {
  const out = o.out ?? ((l: string) => console.log(l))
  const err = o.err ?? ((l: string) => console.error(l))
  const env = o.env ?? process.env
  const until = o.at ? new Date(o.at) : (o.now ?? new Date())
  if (Number.isNaN(until.getTime())) {
    err(`--at must be a time such as 2026-11-27T08:00:00Z, not ${o.at}`)
    return { code: 2 }
  }
  const t = resolveTarget(SETTING_DEFAULTS as Settings, null, env)
  if (!isConfigured(t)) {
    err('Set RIMS_S3_ENDPOINT, RIMS_S3_BUCKET, RIMS_S3_ACCESS_KEY_ID and RIMS_S3_SECRET_ACCESS_KEY (RIMS_S3_REGION, RIMS_S3_PREFIX if used) to restore from off-site copies.')
    return { code: 2 }
  }
  const dir = prepareDataDir(o.data)
  const pid = serverOnDataDir(dir.root)
  if (pid) {
    err(`RIMS is running on ${dir.root} (process ${pid}). Stop it before restoring.`)
    return { code: 1 }
  }
  if (existsSync(dir.dbPath)) {
    err(`${dir.dbPath} already exists: restore into an empty data dir (or move the old database away first).`)
    return { code: 1 }
  }
  const client = clientOf(t)
  const tmp = `${dir.dbPath}.restoring`
  try {
    const site = await pickSite(client, t, o.site)
    const generations = await listGenerations(client, t.prefix, site.site_id)
    // The newest generation holding a snapshot at or before the time: a later generation is a later history.
    let chosen: { generation: number; key: string; manifest: Manifest } | null = null
    for (const g of [...generations].reverse()) {
      const snaps = (await listSnapshots(client, t.prefix, site.site_id, g)).filter((s) => s.at.getTime() <= until.getTime())
      const last = snaps.at(-1)
      const manifest = last && (await readManifest(client, last.manifest_key))
      if (last && manifest) {
        chosen = { generation: g, key: last.key, manifest }
        break
      }
    }
    if (!chosen) throw new Error(`Site ${site.site_id} has no snapshot at or before ${until.toISOString()}.`)
    out(`Restoring ${site.site_id} (${site.site_name}) from ${chosen.key} (generation ${chosen.generation}, taken ${chosen.manifest.created_at}).`)
    rmSync(tmp, { force: true })
    await download(client, chosen.key, tmp, chosen.manifest)
    const check = inspectDatabaseFile(tmp)
    if (!check.ok) throw new Error(`The snapshot failed its integrity check: ${check.problems.slice(0, 3).join('; ')}`)
    if (check.schemaVersion > MIGRATIONS.length) throw new Error(`The snapshot has schema version ${check.schemaVersion}; this RIMS reads up to ${MIGRATIONS.length}: use a newer RIMS.`)

    const lines: LedgerLine[] = []
    for (const f of await listLedgerFiles(client, t.prefix, site.site_id, chosen.generation)) {
      if (f.range.to_id <= chosen.manifest.ledger_max_id && f.range.kitchen_to_id <= chosen.manifest.kitchen_max_id) continue
      const text = gunzipSync(Buffer.from(await client.file(f.key).arrayBuffer())).toString('utf8')
      for (const l of text.split('\n')) if (l) lines.push(JSON.parse(l) as LedgerLine)
    }
    const db = openDb(tmp)
    let replay: { replayed: number; skipped: number }
    let doctor: ReturnType<typeof runDoctor>
    let position: { store: number; kitchen: number }
    try {
      migrate(db)
      replay = replayLedger(db, lines, { afterStore: chosen.manifest.ledger_max_id, afterKitchen: chosen.manifest.kitchen_max_id, until: until.toISOString() })
      doctor = runDoctor(db)
      const max = (table: string) => (db.query(`SELECT COALESCE(MAX(id), 0) AS m FROM ${table}`).get() as { m: number }).m
      position = { store: max('stock_movements'), kitchen: max('kitchen_movements') }
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    } finally {
      db.close()
    }
    if (!doctor.ok) {
      for (const r of doctor.results) for (const p of r.problems) err(`FAIL ${r.name}: ${p}`)
      throw new Error('The restored database failed rims doctor; nothing was put in place.')
    }
    for (const suffix of ['-wal', '-shm']) rmSync(tmp + suffix, { force: true })
    chmodSync(tmp, 0o600)
    fsyncPath(tmp)
    renameSync(tmp, dir.dbPath)
    fsyncPath(dir.root)
    // The restored box goes on as a new generation: its history from here never mixes with the old one's.
    const newGeneration = (generations.at(-1) ?? 0) + 1
    writeState(dir.root, {
      site_id: site.site_id, generation: newGeneration, ledger_max_id: position.store, kitchen_max_id: position.kitchen,
      last_success_at: null, last_snapshot_at: null, snapshot_key: null, last_error: null, last_error_at: null, failures: 0, retry_at: null, since: null,
    })
    const summary: RestoreSummary = { site_id: site.site_id, generation: chosen.generation, new_generation: newGeneration, snapshot_key: chosen.key, ...replay }
    out(`Replayed ${replay.replayed} ledger rows up to ${until.toISOString()}${replay.skipped ? ` (${replay.skipped} rows skipped: their item or user was made after the snapshot)` : ''}.`)
    out('rims doctor: every check ok.')
    out(`Restored into ${dir.dbPath}. Start it with: rims serve --data ${dir.root}  (it publishes as generation ${newGeneration}).`)
    return { code: 0, summary }
  } catch (e) {
    rmSync(tmp, { force: true })
    for (const suffix of ['-wal', '-shm']) rmSync(tmp + suffix, { force: true })
    const reason = (e as { code?: string }).code ? failureReason(e, t) : (e as Error).message
    err(`Restore failed: ${reason}`)
    return { code: 1 }
  }
}
