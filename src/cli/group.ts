import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SETTING_DEFAULTS, type Settings } from '../contract/settings'
import { openAndMigrate } from '../db/open'
import { systemClock } from '../lib/clock'
import { createLogger } from '../lib/log'
import { createMailer } from '../lib/mailer'
import { createAuthService, createLockout, createTokens } from '../modules/auth'
import { buildGroupApp, createGroupService, SYNC_EVERY_MS, type Bucket } from '../modules/group'
import { clientOf, failureReason, isConfigured, listSites, readManifest, resolveTarget, type OffsiteTarget } from '../modules/offsite'
import { createSettingsService } from '../modules/settings'
import { loadUiAssets } from '../ui-assets'
import { createManager } from './create-manager'
import { loadSecret } from './data-dir'

// `rims group`: one view over several restaurants, read from their off-site copies (docs/group.md).

/** The group's data dir: its own accounts (group.db), its session key and the cached site copies (sites/). */
export function groupDir(data: string) {
  const root = resolve(data)
  mkdirSync(root, { recursive: true, mode: 0o700 })
  return { root, dbPath: join(root, 'group.db'), secretPath: join(root, 'secret.key') }
}

/** The bucket from the RIMS_S3_* environment (as `rims restore --from-s3` reads it), or the line saying what is missing. */
export function targetFromEnv(env: Record<string, string | undefined> = process.env): OffsiteTarget | string {
  const t = resolveTarget(SETTING_DEFAULTS as Settings, null, env)
  return isConfigured(t)
    ? t
    : 'rims group reads the sites\' off-site copies: set RIMS_S3_ENDPOINT, RIMS_S3_BUCKET, RIMS_S3_ACCESS_KEY_ID and RIMS_S3_SECRET_ACCESS_KEY (RIMS_S3_REGION, RIMS_S3_PREFIX as the sites use them).'
}

/** The bucket as the group reads it: the off-site layout's readers over Bun's S3 client, failures in one line. */
export function s3Bucket(t: OffsiteTarget): Bucket {
  const client = clientOf(t)
  const oneLine = <T>(p: Promise<T>) => p.catch((e) => Promise.reject(new Error(failureReason(e, t))))
  return {
    listSites: () => oneLine(listSites(client, t.prefix)),
    readManifest: (key) => oneLine(readManifest(client, key)),
    stream: (key) => client.file(key).stream(),
  }
}

export const groupCreateManager = (o: { data: string; name?: string; email?: string; passwordStdin: boolean }) => createManager({ ...o, dbPath: groupDir(o.data).dbPath })

export async function groupCommand(o: { port: number; host: string; data: string; bucket?: Bucket }) {
  const target = o.bucket ? null : targetFromEnv()
  if (typeof target === 'string') {
    console.error(target)
    process.exit(2)
  }
  const dir = groupDir(o.data)
  const db = openAndMigrate(dir.dbPath)
  const clock = systemClock
  const logger = createLogger()
  const settings = createSettingsService(db, clock)
  const auth = createAuthService({ db, clock, settings, tokens: createTokens(loadSecret(dir.secretPath)), lockout: createLockout(db, clock), mailer: createMailer(settings.get), logger })
  const group = createGroupService({ dir: dir.root, bucket: o.bucket ?? s3Bucket(target!), clock, logger, timeZone: () => settings.get().time_zone })
  const managers = (db.query(`SELECT count(*) AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE r.role_name = 'Manager' AND u.is_active = 1`).get() as { n: number }).n
  const display = () => {
    const own = settings.display()
    return { ...own, restaurant_name: own.restaurant_name === 'RIMS' ? 'RIMS Group' : own.restaurant_name, currency: group.currency() ?? own.currency }
  }
  const app = buildGroupApp({ auth, group, display, ui: await loadUiAssets(), logger })
  let server: ReturnType<typeof Bun.serve>
  try {
    server = Bun.serve({ port: o.port, hostname: o.host, maxRequestBodySize: 1024 * 1024, fetch: (req) => app.fetch(req) })
  } catch (e) {
    console.error((e as { code?: string }).code === 'EADDRINUSE' ? `Port ${o.port} is already in use. Start the group view with --port <another port>.` : `Could not listen on ${o.host}:${o.port}: ${(e as Error).message}`)
    process.exit(2)
  }
  // The first check of the bucket starts now (the page waits for it only if asked before it ends); each check is
  // followed by the default period's figures, so that opening the page finds them ready.
  const refresh = () => void group.sync().then(() => group.summary()).catch((e) => logger.error('Group: refresh failed', { error: String(e) }))
  refresh()
  const timer = setInterval(refresh, SYNC_EVERY_MS)
  console.log(`RIMS group view is running (data: ${dir.root}): http://${o.host === '0.0.0.0' ? 'localhost' : o.host}:${server.port}/`)
  if (!managers) console.log(`No Manager can sign in yet: rims group create-manager --name "Full Name" --email you@example.com --data ${dir.root}`)
  const stop = () => {
    clearInterval(timer)
    server.stop()
    group.close()
    db.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return server
}
