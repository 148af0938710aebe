import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { OFFSITE_MSG, type OffsitePatch, type OffsiteRunResult, type OffsiteStatus, type OffsiteTestResult } from '../../contract/offsite'
import type { Settings } from '../../contract/settings'
import type { Db } from '../../db/open'
import type { Clock } from '../../lib/clock'
import { badRequest, conflict } from '../../lib/errors'
import type { Logger } from '../../lib/log'
import { isValidCron } from '../../lib/cron'
import { clearCondition, openAlertByKey, raiseSystemAlert } from '../alerts'
import { snapshotTo } from '../backups'
import type { SettingsService } from '../settings'
import { envFields, isConfigured, resolveTarget, settingsView, siteIdOf, siteNameOf, writeSecret, type Env } from './config'
import { listGenerations, manifestKeyOf } from './layout'
import { applyRetention, publishLedger, publishSnapshot, writeSiteRecord, type Site } from './publish'
import { clientOf, failureReason } from './s3'

/** What the box remembers between publishes, in the data dir (never in the database, which a restore replaces). */
export interface OffsiteState {
  site_id: string
  /** 0 until the first publish picks one: the bucket's highest generation of the site + 1. */
  generation: number
  ledger_max_id: number
  kitchen_max_id: number
  last_success_at: string | null
  last_snapshot_at: string | null
  /** The newest whole snapshot of this generation (site.json names it after every publish). */
  snapshot_key: string | null
  last_error: string | null
  last_error_at: string | null
  failures: number
  retry_at: string | null
  /** When publishing was first tried: the overdue alert counts from here until a copy succeeds. */
  since: string | null
}

export const STATE_FILE = 'offsite.json'
const HOUR = 3_600_000
/** Without a good copy this long, a SYSTEM alert (a nightly copy plus two hours of retries). */
export const OVERDUE_MS = 26 * HOUR
/** A snapshot older than this is published again by any run (a missed night, a week offline). */
const SNAPSHOT_DUE_MS = 24 * HOUR
const OVERDUE_TITLE = 'Off-site copy overdue'

const emptyState = (siteId: string): OffsiteState => ({
  site_id: siteId, generation: 0, ledger_max_id: 0, kitchen_max_id: 0, last_success_at: null, last_snapshot_at: null, snapshot_key: null,
  last_error: null, last_error_at: null, failures: 0, retry_at: null, since: null,
})

export function readState(dataDir: string): OffsiteState | null {
  const path = join(dataDir, STATE_FILE)
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as OffsiteState) : null
}

export function writeState(dataDir: string, state: OffsiteState) {
  const path = join(dataDir, STATE_FILE)
  writeFileSync(`${path}.tmp`, JSON.stringify(state, null, 2), { mode: 0o600 })
  renameSync(`${path}.tmp`, path)
}

/** 1, 2, 4 … minutes after each failure in a row, at most an hour. */
export const backoffMs = (failures: number) => Math.min(HOUR, 60_000 * 2 ** Math.max(0, failures - 1))

export type OffsiteService = ReturnType<typeof createOffsiteService>

export interface OffsiteDeps {
  db: Db
  clock: Clock
  logger: Logger
  settings: SettingsService
  /** RIMS_S3_* win over the settings; the process environment unless a test gives its own. */
  env?: Env
  /** The data dir (the secret and the state live there); by default the database's folder. */
  dataDir?: string
  /** Makes the checked snapshot and its gzipped copy; the backups' VACUUM INTO worker unless a test gives its own. */
  snapshot?: typeof snapshotTo
  /** Told when a snapshot upload begins (a test kills the process then). */
  onUpload?: (key: string) => void
}

export function createOffsiteService(deps: OffsiteDeps) {
  const { db, clock, logger, settings } = deps
  const env = deps.env ?? process.env
  const dataDir = deps.dataDir ?? dirname(db.filename)
  const snapshot = deps.snapshot ?? snapshotTo
  let running = false

  const target = () => resolveTarget(settings.get(), dataDir, env)
  const state = (): OffsiteState => {
    const siteId = siteIdOf(settings.get())
    const s = readState(dataDir)
    // Another site id is another history: start over (a new generation is picked on the first publish).
    return s && s.site_id === siteId ? s : emptyState(siteId)
  }

  function status(): OffsiteStatus {
    const s = state()
    return {
      configured: isConfigured(target()),
      site_id: s.site_id,
      generation: s.generation,
      last_success_at: s.last_success_at,
      last_snapshot_at: s.last_snapshot_at,
      last_error: s.last_error,
      last_error_at: s.last_error_at,
      retry_at: s.retry_at,
      ledger_max_id: s.ledger_max_id,
      kitchen_max_id: s.kitchen_max_id,
      running,
    }
  }

  /** Raises the SYSTEM alert when no good copy has been made for 26 hours. */
  function checkOverdue(s: OffsiteState) {
    if (!isConfigured(target())) return
    const from = s.last_success_at ?? s.since
    if (!from || clock().getTime() - Date.parse(from) < OVERDUE_MS) return
    const hours = Math.floor((clock().getTime() - Date.parse(from)) / HOUR)
    const message = s.last_success_at
      ? `No off-site copy has been published for ${hours} hours.${s.last_error ? ` Last error: ${s.last_error}` : ''}`
      : `No off-site copy has been published yet (tried for ${hours} hours).${s.last_error ? ` Last error: ${s.last_error}` : ''}`
    raiseSystemAlert(db, { clock }, { title: OVERDUE_TITLE, message })
  }

  async function publish(s: OffsiteState, forceSnapshot: boolean): Promise<Omit<OffsiteRunResult, 'status'>> {
    const t = target()
    const conf = settings.get()
    const client = clientOf(t)
    if (s.generation === 0) {
      // Never write into a generation the bucket already holds (a reinstalled box with the same site id).
      const gens = await listGenerations(client, t.prefix, s.site_id)
      s.generation = (gens.at(-1) ?? 0) + 1
    }
    const site: Site = { target: t, client, siteId: s.site_id, siteName: siteNameOf(conf), generation: s.generation }
    const now = clock()
    const snapshotDue = forceSnapshot || !s.snapshot_key || !s.last_snapshot_at || now.getTime() - Date.parse(s.last_snapshot_at) >= SNAPSHOT_DUE_MS
    let result: Omit<OffsiteRunResult, 'status'>
    if (snapshotDue) {
      const work = join(dataDir, 'offsite-tmp')
      mkdirSync(work, { recursive: true, mode: 0o700 })
      const file = join(work, `snapshot-${crypto.randomUUID().slice(0, 8)}.db`)
      const gz = `${file}.gz`
      try {
        // quick_check: the copy's indexes were just rebuilt by VACUUM; a restore runs the full check (rims doctor).
        const packed = await snapshot(db.filename, file, { check: 'quick', gzipTo: gz })
        if (!packed) throw new Error('the snapshot was not gzipped')
        const made = await publishSnapshot(site, { file, gz, ...packed }, now, (key) => {
          logger.info('Off-site snapshot upload started', { key })
          deps.onUpload?.(key)
        })
        s.ledger_max_id = made.manifest.ledger_max_id
        s.kitchen_max_id = made.manifest.kitchen_max_id
        s.last_snapshot_at = now.toISOString()
        s.snapshot_key = made.key
        result = { kind: 'snapshot', key: made.key }
      } finally {
        rmSync(file, { force: true })
        rmSync(gz, { force: true })
      }
    } else {
      const made = await publishLedger(db, site, s, now)
      if (made) {
        s.ledger_max_id = made.ledger_max_id
        s.kitchen_max_id = made.kitchen_max_id
      }
      result = { kind: made ? 'ledger' : 'nothing', key: made?.key ?? null }
    }
    const snapshotKey = s.snapshot_key!
    await writeSiteRecord(site, { snapshot_key: snapshotKey, manifest_key: manifestKeyOf(snapshotKey), ledger_max_id: s.ledger_max_id, kitchen_max_id: s.kitchen_max_id, last_success_at: now.toISOString() })
    if (snapshotDue) {
      const dropped = await applyRetention(site, conf.offsite_keep)
      if (dropped) logger.info('Off-site snapshots pruned', { dropped })
    }
    return result
  }

  /** One publish: a snapshot when asked or due, otherwise the new ledger rows; a failure is recorded with its reason and retried later. */
  async function run(o: { snapshot?: boolean } = {}): Promise<OffsiteRunResult> {
    if (running) throw conflict(OFFSITE_MSG.running)
    const t = target()
    if (!isConfigured(t)) throw badRequest(OFFSITE_MSG.notConfigured)
    running = true
    const s = state()
    s.since ??= clock().toISOString()
    try {
      const result = await publish(s, o.snapshot ?? false)
      Object.assign(s, { last_success_at: clock().toISOString(), last_error: null, last_error_at: null, failures: 0, retry_at: null })
      writeState(dataDir, s)
      // A good copy clears the overdue alert (a Manager who dismissed it keeps it dismissed).
      const overdue = openAlertByKey(db, `SYSTEM:${OVERDUE_TITLE}`)
      if (overdue) db.transaction(() => clearCondition(db, overdue.id, s.last_success_at!)).immediate()
      logger.info('Off-site copy published', { kind: result.kind, key: result.key, generation: s.generation })
      return { ...result, status: status() }
    } catch (e) {
      const reason = failureReason(e, t)
      s.failures += 1
      Object.assign(s, { last_error: reason, last_error_at: clock().toISOString(), retry_at: new Date(clock().getTime() + backoffMs(s.failures)).toISOString() })
      writeState(dataDir, s)
      logger.error(`Off-site copy failed: ${reason}`)
      checkOverdue(s)
      throw Object.assign(new Error(reason), { reason })
    } finally {
      running = false
    }
  }

  /**
   * The scheduler's minute: publishes when a retry is due or an hour has passed since the last good
   * copy (a snapshot if the last one is a day old: one run catches up after any outage).
   */
  async function tick(): Promise<OffsiteRunResult | null> {
    if (running || !isConfigured(target())) return null
    const s = state()
    const now = clock().getTime()
    const due = s.retry_at ? Date.parse(s.retry_at) : s.last_success_at ? Date.parse(s.last_success_at) + HOUR : now
    checkOverdue(s)
    if (now < due) return null
    return run().catch(() => null)
  }

  return {
    status,
    run,
    tick,
    settings: () => settingsView(settings.get(), dataDir, env),
    /** Saves the form; the secret goes to its 0600 file, never to the database; fields the environment sets are refused. */
    update(patch: OffsitePatch, userId: number | null) {
      const fromEnv = envFields(env).filter((f) => (patch as Record<string, unknown>)[f] !== undefined)
      if (fromEnv.length) throw conflict(OFFSITE_MSG.fromEnv(fromEnv))
      if (patch.cron !== undefined && !isValidCron(patch.cron)) throw badRequest('cron is not a valid schedule (minute hour day month weekday), e.g. 30 2 * * *')
      const { secret_access_key, endpoint, region, bucket, prefix, access_key_id, site_name, site_id, cron, keep } = patch
      const map: Partial<Settings> = {
        offsite_endpoint: endpoint?.replace(/\/+$/, ''), offsite_region: region, offsite_bucket: bucket, offsite_prefix: prefix,
        offsite_access_key_id: access_key_id, offsite_site_name: site_name, offsite_site_id: site_id, offsite_cron: cron, offsite_keep: keep,
      }
      for (const k of Object.keys(map) as (keyof Settings)[]) if (map[k] === undefined) delete map[k]
      settings.update(map, userId)
      if (secret_access_key !== undefined) writeSecret(dataDir, secret_access_key)
      return settingsView(settings.get(), dataDir, env)
    },
    /** Writes, reads back and deletes a small object; says which step failed and why. */
    async test(): Promise<OffsiteTestResult> {
      const t = target()
      if (!isConfigured(t)) return { ok: false, failed_step: null, message: OFFSITE_MSG.notConfigured }
      const client = clientOf(t)
      const key = `${t.prefix}rims-connection-test-${crypto.randomUUID().slice(0, 8)}.txt`
      const body = `RIMS connection test ${clock().toISOString()}`
      let step: 'write' | 'read' | 'delete' = 'write'
      try {
        await client.write(key, body)
        step = 'read'
        const back = await client.file(key).text()
        if (back !== body) throw new Error('the object read back differs from the one written')
        step = 'delete'
        await client.delete(key)
        return { ok: true, failed_step: null, message: OFFSITE_MSG.tested }
      } catch (e) {
        return { ok: false, failed_step: step, message: `The ${step} step failed. ${failureReason(e, t)}` }
      }
    },
    checkOverdue: () => checkOverdue(state()),
  }
}
