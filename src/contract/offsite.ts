import * as v from 'valibot'
import { MANAGER_ONLY, type Access } from './access-types'

// Off-site copies to S3-compatible storage (issue 36): the settings form, its answers and the status.

/** The fields the environment can set (RIMS_S3_*); what it sets wins over the stored setting. */
export const OFFSITE_ENV = {
  endpoint: 'RIMS_S3_ENDPOINT',
  region: 'RIMS_S3_REGION',
  bucket: 'RIMS_S3_BUCKET',
  prefix: 'RIMS_S3_PREFIX',
  access_key_id: 'RIMS_S3_ACCESS_KEY_ID',
  secret_access_key: 'RIMS_S3_SECRET_ACCESS_KEY',
} as const
export type OffsiteEnvField = keyof typeof OFFSITE_ENV

/** GET/PUT /manager/settings/offsite: never the secret, only whether one is set. */
export interface OffsiteSettings {
  endpoint: string
  region: string
  bucket: string
  prefix: string
  access_key_id: string
  secret_set: boolean
  site_name: string
  site_id: string
  /** The nightly snapshot's time (5-field cron in the restaurant's zone); ledger rows go every hour. */
  cron: string
  keep: number
  /** The fields the environment sets: shown read-only, "set by the environment". */
  from_env: OffsiteEnvField[]
  /** Endpoint, bucket, access key and secret are all known. */
  configured: boolean
}

export interface OffsiteStatus {
  configured: boolean
  site_id: string
  generation: number
  last_success_at: string | null
  last_snapshot_at: string | null
  /** The last failure's one-line reason; null once a publish succeeds. */
  last_error: string | null
  last_error_at: string | null
  /** When the next try after a failure is planned (backoff), or null. */
  retry_at: string | null
  /** The newest ledger rows published (main store, kitchen). */
  ledger_max_id: number
  kitchen_max_id: number
  running: boolean
}

export type OffsiteStep = 'write' | 'read' | 'delete'
export interface OffsiteTestResult {
  ok: boolean
  /** The step that failed, or null when all three passed. */
  failed_step: OffsiteStep | null
  message: string
}

export interface OffsiteRunResult {
  kind: 'snapshot' | 'ledger' | 'nothing'
  key: string | null
  status: OffsiteStatus
}

const CRON = /^(\S+\s+){4}\S+$/
const text = (field: string, max: number) => v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`))
export const SITE_ID_RULE = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/

/** PUT /manager/settings/offsite: every key optional; `secret_access_key: ''` clears the stored secret. */
export const OffsitePatch = v.partial(
  v.strictObject({
    endpoint: v.pipe(text('endpoint', 300), v.check((s) => s === '' || /^https?:\/\/[^\s/]+\/?$/.test(s), 'endpoint must be an address such as https://s3.eu-west-1.amazonaws.com (no path)')),
    region: v.pipe(text('region', 60), v.regex(/^[a-z0-9-]*$/, 'region must be a region name such as us-east-1 or auto')),
    bucket: v.pipe(text('bucket', 63), v.regex(/^([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])?$/, 'bucket must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes')),
    prefix: v.pipe(text('prefix', 200), v.regex(/^[A-Za-z0-9._\/-]*$/, 'prefix may hold letters, digits, dots, dashes, underscores and slashes')),
    access_key_id: v.pipe(text('access_key_id', 200), v.regex(/^\S*$/, 'access_key_id must not contain spaces')),
    secret_access_key: v.pipe(v.string('secret_access_key must be text'), v.maxLength(500, 'secret_access_key is too long'), v.regex(/^\S*$/, 'secret_access_key must not contain spaces')),
    site_name: text('site_name', 80),
    site_id: v.pipe(text('site_id', 40), v.toLowerCase(), v.check((s) => s === '' || SITE_ID_RULE.test(s), 'site_id must be lower-case letters, digits and dashes, e.g. lusaka-main')),
    cron: v.pipe(text('cron', 100), v.regex(CRON, 'cron must be a cron expression of 5 fields, e.g. 30 2 * * *')),
    keep: v.pipe(v.number('keep must be a number'), v.integer('keep must be a whole number'), v.minValue(1, 'keep must be at least 1'), v.maxValue(365, 'keep must be at most 365')),
  }),
)
export type OffsitePatch = v.InferOutput<typeof OffsitePatch>

export const OFFSITE_MSG = {
  saved: 'Off-site copy settings saved',
  notConfigured: 'Off-site copies are not set up: enter the endpoint, bucket, access key and secret first.',
  fromEnv: (fields: string[]) => `${fields.join(', ')} ${fields.length === 1 ? 'is' : 'are'} set by the environment and cannot be changed here.`,
  tested: 'The storage accepted a write, a read and a delete.',
  published: 'Off-site copy published',
  running: 'An off-site copy is already being published; try again when it ends.',
} as const

/** "2 h ago", "3 days ago": how fresh the last good copy is. */
export function copyAge(at: string | null, now: Date): string {
  if (!at) return 'never'
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 60_000))
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.floor(hours / 24)} days ago`
}

export const offsiteAccess = {
  'GET /api/manager/settings/offsite': MANAGER_ONLY,
  'PUT /api/manager/settings/offsite': MANAGER_ONLY,
  'POST /api/manager/settings/offsite/test': MANAGER_ONLY,
  'POST /api/manager/settings/offsite/run': MANAGER_ONLY,
  'GET /api/manager/settings/offsite/status': MANAGER_ONLY,
} satisfies Record<string, Access>
