import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { OFFSITE_ENV, type OffsiteEnvField, type OffsiteSettings } from '../../contract/offsite'
import type { Settings } from '../../contract/settings'
import { normalizePrefix } from './layout'
import type { OffsiteTarget } from './s3'

/** The secret's file in the data dir: owner only, never in the database (so never in a backup or a snapshot). */
export const SECRET_FILE = 's3-secret.key'

export type Env = Record<string, string | undefined>

export function readSecret(dataDir: string): string {
  const path = join(dataDir, SECRET_FILE)
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : ''
}

export function writeSecret(dataDir: string, secret: string) {
  const path = join(dataDir, SECRET_FILE)
  if (!secret) return rmSync(path, { force: true })
  writeFileSync(path, secret, { mode: 0o600 })
  chmodSync(path, 0o600) // an existing file keeps its mode on write
}

/** The fields RIMS_S3_* sets (non-empty), in the form's order. */
export const envFields = (env: Env) => (Object.keys(OFFSITE_ENV) as OffsiteEnvField[]).filter((f) => !!env[OFFSITE_ENV[f]]?.trim())

/** A site id from a name: "Lusaka Main" → "lusaka-main". */
export const siteIdFrom = (name: string) =>
  name.normalize('NFKD').replace(/[^\x00-\x7f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '') || 'site'

/** What a publish uses: the stored settings, the environment over them, and the secret. */
export function resolveTarget(s: Settings, dataDir: string | null, env: Env): OffsiteTarget {
  const pick = (f: OffsiteEnvField, stored: string) => env[OFFSITE_ENV[f]]?.trim() || stored
  return {
    endpoint: pick('endpoint', s.offsite_endpoint),
    region: pick('region', s.offsite_region),
    bucket: pick('bucket', s.offsite_bucket),
    prefix: normalizePrefix(pick('prefix', s.offsite_prefix)),
    accessKeyId: pick('access_key_id', s.offsite_access_key_id),
    secretAccessKey: pick('secret_access_key', dataDir ? readSecret(dataDir) : ''),
  }
}

export const isConfigured = (t: OffsiteTarget) => !!(t.endpoint && t.bucket && t.accessKeyId && t.secretAccessKey)

export const siteNameOf = (s: Settings) => s.offsite_site_name || s.restaurant_name
export const siteIdOf = (s: Settings) => s.offsite_site_id || siteIdFrom(siteNameOf(s))

/** The form's view: what is in force, the secret only as `secret_set`. */
export function settingsView(s: Settings, dataDir: string, env: Env): OffsiteSettings {
  const t = resolveTarget(s, dataDir, env)
  return {
    endpoint: t.endpoint,
    region: t.region,
    bucket: t.bucket,
    prefix: env[OFFSITE_ENV.prefix]?.trim() || s.offsite_prefix,
    access_key_id: t.accessKeyId,
    secret_set: t.secretAccessKey !== '',
    site_name: siteNameOf(s),
    site_id: siteIdOf(s),
    cron: s.offsite_cron,
    keep: s.offsite_keep,
    from_env: envFields(env),
    configured: isConfigured(t),
  }
}
