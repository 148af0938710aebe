import * as v from 'valibot'
import { safeName } from './fields'

// Every setting with its default (DECISIONS.md). One table; later features add validation, never a second config.
export interface Settings {
  restaurant_name: string
  currency: string
  locale: string
  time_zone: string
  expiring_days: number
  kitchen_low_threshold: number
  discrepancy_wastage_value: number
  discrepancy_count_change: number
  token_hours: number
  public_url: string
  smtp_host: string
  smtp_port: number
  smtp_secure: boolean
  smtp_user: string
  smtp_password: string
  smtp_from: string
  /** PEM of the CA that signed a LAN mail relay's certificate; '' trusts only the public CAs. */
  smtp_ca: string
  backup_cron: string
  backup_keep: number
  require_https: boolean
  /** Stock counts (issue 17): an item whose count differs from its expected figure by more than this percent, */
  count_variance_pct: number
  /** … or by more than this value (currency), needs a reason before the count is approved. */
  count_variance_value: number
  /** Purchasing (issue 18): suggestions round to whole packs UP (default) or HALF (nearest, a half up). */
  order_rounding: 'UP' | 'HALF'
  /** Cost price per base unit after a receipt: AVERAGE (weighted, default) or LAST (the last price paid). */
  cost_method: 'AVERAGE' | 'LAST'
  /** A received price per base unit this many % from the last one raises PRICE_CHANGE (HIGH at twice). */
  price_alert_pct: number
}

export const defaultTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

export const SETTING_DEFAULTS: Omit<Settings, 'time_zone'> = {
  restaurant_name: 'RIMS',
  currency: 'ZMW',
  locale: 'en-ZM',
  expiring_days: 7,
  kitchen_low_threshold: 5,
  discrepancy_wastage_value: 500,
  discrepancy_count_change: 10,
  token_hours: 12,
  public_url: '',
  smtp_host: '',
  smtp_port: 587,
  smtp_secure: false,
  smtp_user: '',
  smtp_password: '',
  smtp_from: 'RIMS <rims@localhost>',
  smtp_ca: '',
  backup_cron: '0 3 * * *',
  backup_keep: 14,
  require_https: false,
  count_variance_pct: 5,
  count_variance_value: 100,
  order_rounding: 'UP',
  cost_method: 'AVERAGE',
  price_alert_pct: 5,
}

/** Public display settings: the login page, header and every role's money and badges read these. */
export const DISPLAY_KEYS = ['restaurant_name', 'currency', 'locale', 'time_zone', 'expiring_days', 'kitchen_low_threshold'] as const
export type DisplaySettings = Pick<Settings, (typeof DISPLAY_KEYS)[number]>

/** What GET /manager/settings returns: never the SMTP password, only whether it is set. */
export type ManagerSettings = Omit<Settings, 'smtp_password'> & { smtp_password_set: boolean }

const isTimeZone = (z: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: z })
    return true
  } catch {
    return false
  }
}
const isLocale = (l: string) => {
  try {
    return Intl.NumberFormat.supportedLocalesOf([l]).length > 0
  } catch {
    return false
  }
}
const isCurrency = (c: string) => {
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: c })
    return /^[A-Z]{3}$/.test(c)
  } catch {
    return false
  }
}
const intIn = (field: string, min: number, max: number) =>
  v.pipe(v.number(`${field} must be a number`), v.integer(`${field} must be a whole number`), v.minValue(min, `${field} must be at least ${min}`), v.maxValue(max, `${field} must be at most ${max}`))
const text = (field: string, max: number) => v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`))

// A cron expression of five fields; Bun.cron checks the details when the schedule is set.
const CRON = /^(\S+\s+){4}\S+$/

/** Changing any of these clears the stored SMTP password: it must be typed again for the new server or user. */
export const SMTP_PASSWORD_BOUND_TO = ['smtp_host', 'smtp_port', 'smtp_user'] as const

/** PUT /manager/settings: every key optional, each validated; unknown keys dropped. */
export const SettingsPatch = v.partial(
  v.object({
    restaurant_name: safeName('restaurant_name', 80),
    currency: v.pipe(v.string('currency must be text'), v.trim(), v.toUpperCase(), v.check(isCurrency, 'currency must be a 3-letter currency code such as ZMW')),
    locale: v.pipe(v.string('locale must be text'), v.trim(), v.check(isLocale, 'locale must be a locale such as en-ZM')),
    time_zone: v.pipe(v.string('time_zone must be text'), v.trim(), v.check(isTimeZone, 'time_zone must be a time zone such as Africa/Lusaka')),
    expiring_days: intIn('expiring_days', 1, 365),
    kitchen_low_threshold: v.pipe(v.number('kitchen_low_threshold must be a number'), v.minValue(0, 'kitchen_low_threshold must be at least 0'), v.maxValue(1_000_000, 'kitchen_low_threshold is too large')),
    discrepancy_wastage_value: v.pipe(v.number('discrepancy_wastage_value must be a number'), v.minValue(0, 'discrepancy_wastage_value must be at least 0'), v.maxValue(1_000_000_000, 'discrepancy_wastage_value is too large')),
    discrepancy_count_change: v.pipe(v.number('discrepancy_count_change must be a number'), v.minValue(0, 'discrepancy_count_change must be at least 0'), v.maxValue(1_000_000_000, 'discrepancy_count_change is too large')),
    token_hours: intIn('token_hours', 1, 24 * 30),
    public_url: v.pipe(text('public_url', 300), v.check((s) => s === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(s), 'public_url must start with http:// or https://')),
    smtp_host: text('smtp_host', 255),
    smtp_port: intIn('smtp_port', 1, 65535),
    smtp_secure: v.boolean('smtp_secure must be true or false'),
    smtp_user: text('smtp_user', 255),
    smtp_password: v.pipe(v.string('smtp_password must be text'), v.maxLength(500, 'smtp_password is too long')),
    smtp_from: text('smtp_from', 255),
    smtp_ca: v.pipe(
      text('smtp_ca', 20_000),
      v.check((s) => s === '' || /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(s), 'smtp_ca must be a PEM certificate (-----BEGIN CERTIFICATE----- …)'),
    ),
    backup_cron: v.pipe(v.string('backup_cron must be text'), v.trim(), v.regex(CRON, 'backup_cron must be a cron expression of 5 fields, e.g. 0 3 * * *')),
    backup_keep: intIn('backup_keep', 1, 365),
    require_https: v.boolean('require_https must be true or false'),
    count_variance_pct: v.pipe(v.number('count_variance_pct must be a number'), v.minValue(0, 'count_variance_pct must be at least 0'), v.maxValue(1_000_000, 'count_variance_pct is too large')),
    count_variance_value: v.pipe(v.number('count_variance_value must be a number'), v.minValue(0, 'count_variance_value must be at least 0'), v.maxValue(1_000_000_000, 'count_variance_value is too large')),
    order_rounding: v.pipe(v.string('order_rounding must be UP or HALF'), v.trim(), v.toUpperCase(), v.picklist(['UP', 'HALF'] as const, 'order_rounding must be UP or HALF')),
    cost_method: v.pipe(v.string('cost_method must be AVERAGE or LAST'), v.trim(), v.toUpperCase(), v.picklist(['AVERAGE', 'LAST'] as const, 'cost_method must be AVERAGE or LAST')),
    price_alert_pct: v.pipe(v.number('price_alert_pct must be a number'), v.minValue(0.01, 'price_alert_pct must be at least 0.01'), v.maxValue(1000, 'price_alert_pct must be at most 1000')),
  }),
)
export type SettingsPatch = v.InferOutput<typeof SettingsPatch>

export const SETTINGS_MSG = {
  saved: 'Settings saved',
  httpsOff: 'HTTPS is off on this server (started with --https-port 0): start it with HTTPS before requiring it.',
  httpsUnreachable: (reason: string) => `"Require HTTPS" would send every device to an address it cannot reach. ${reason}`,
} as const
