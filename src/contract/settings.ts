import * as v from 'valibot'
import { amount, safeName } from './fields'

// Every setting with its default (DECISIONS.md). One table; later features add validation, never a second config.
export interface Settings {
  restaurant_name: string
  currency: string
  locale: string
  time_zone: string
  expiring_days: number
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
  /** Recipes (issue 22): a dish's food cost target in % when the recipe sets none. */
  target_food_cost_pct: number
  /** Purchasing (issue 18): suggestions round to whole packs UP (default) or HALF (nearest, a half up). */
  order_rounding: 'UP' | 'HALF'
  /** Cost price per base unit after a receipt: AVERAGE (weighted, default) or LAST (the last price paid). */
  cost_method: 'AVERAGE' | 'LAST'
  /** A received price per base unit this many % from the last one raises PRICE_CHANGE (HIGH at twice). */
  price_alert_pct: number
  /** Off-site copies (issue 36, contract/offsite.ts): where they go (the secret is a file in the data dir, never here). */
  offsite_endpoint: string
  offsite_region: string
  offsite_bucket: string
  offsite_prefix: string
  offsite_access_key_id: string
  offsite_site_name: string
  /** '' until first set: the site id is then made from the site's name. */
  offsite_site_id: string
  /** When the nightly snapshot is published, in the restaurant's zone; the ledger rows go every hour. */
  offsite_cron: string
  /** Nightly snapshots kept in the bucket per site. */
  offsite_keep: number
  /** The bar (issue 35): a recipe's oz is a US fluid ounce (29.57 ml) or an IMPERIAL one (28.41 ml). */
  pour_oz: 'US' | 'IMPERIAL'
  /** The ml in a dash. */
  dash_ml: number
  /** Menu prices include this sales tax (%): pour cost divides by the price without it. */
  sales_tax_pct: number
  /** Target pour cost % of a drink by its recipe category. */
  pour_target_spirits_pct: number
  pour_target_wine_pct: number
  pour_target_beer_pct: number
  pour_target_cocktails_pct: number
  /** Invoices (issue 34): photos of paper invoices read by OCR in the phone's browser (tesseract.js, served by the box); off by default. */
  invoice_ocr: boolean
}

export const defaultTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

export const SETTING_DEFAULTS: Omit<Settings, 'time_zone'> = {
  restaurant_name: 'RIMS',
  currency: 'ZMW',
  locale: 'en-ZM',
  expiring_days: 7,
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
  target_food_cost_pct: 30,
  order_rounding: 'UP',
  cost_method: 'AVERAGE',
  price_alert_pct: 5,
  offsite_endpoint: '',
  offsite_region: '',
  offsite_bucket: '',
  offsite_prefix: 'rims',
  offsite_access_key_id: '',
  offsite_site_name: '',
  offsite_site_id: '',
  offsite_cron: '30 2 * * *',
  offsite_keep: 14,
  pour_oz: 'US',
  dash_ml: 1,
  sales_tax_pct: 0,
  pour_target_spirits_pct: 18,
  pour_target_wine_pct: 30,
  pour_target_beer_pct: 25,
  pour_target_cocktails_pct: 20,
  invoice_ocr: false,
}

/** Public display settings: the login page, header and every role's money and badges read these. */
export const DISPLAY_KEYS = ['restaurant_name', 'currency', 'locale', 'time_zone', 'expiring_days'] as const
export type DisplaySettings = Pick<Settings, (typeof DISPLAY_KEYS)[number]>

/** What GET /manager/settings returns: never the SMTP password, only whether it is set. */
export type ManagerSettings = Omit<Settings, 'smtp_password'> & { smtp_password_set: boolean }

/**
 * The IANA zone names this runtime knows (`Intl.supportedValuesOf('timeZone')`, the list the
 * browser's picker shows too), plus UTC and the box's own zone, which some runtimes leave out.
 */
export function knownTimeZones(): ReadonlySet<string> {
  let list: string[] = []
  try {
    list = Intl.supportedValuesOf('timeZone')
  } catch {
    // An engine without the list: only UTC and the box's zone below.
  }
  return new Set([...list, 'UTC', defaultTimeZone()])
}
let zones: ReadonlySet<string> | null = null
const canonicalZone = (z: string) => {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: z }).resolvedOptions().timeZone
  } catch {
    return null
  }
}
/**
 * A name on the runtime's list, or an IANA alias the runtime resolves (Chromium lists Asia/Calcutta
 * where Bun lists Asia/Kolkata). Written as IANA writes names: 'utc', '+02:00' or 'lusaka' are refused.
 */
export const isTimeZone = (z: string) => {
  const known = (zones ??= knownTimeZones())
  if (known.has(z)) return true
  if (!/^[A-Z][A-Za-z_-]*(\/[A-Z][A-Za-z0-9_+-]*)+$/.test(z)) return false
  // An alias the runtime's Intl resolves (its list names only the canonical zone).
  return canonicalZone(z) !== null
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

/** PUT /manager/settings: every key optional, each validated; an unknown key is refused by name. Money, quantities and percentages take at most 2 decimals. */
export const SettingsPatch = v.partial(
  v.strictObject({
    restaurant_name: safeName('restaurant_name', 80),
    currency: v.pipe(v.string('currency must be text'), v.trim(), v.toUpperCase(), v.check(isCurrency, 'currency must be a 3-letter currency code such as ZMW')),
    locale: v.pipe(v.string('locale must be text'), v.trim(), v.check(isLocale, 'locale must be a locale such as en-ZM')),
    time_zone: v.pipe(v.string('time_zone must be text'), v.trim(), v.check(isTimeZone, 'time_zone must be a time zone name from the list, such as Africa/Lusaka')),
    expiring_days: intIn('expiring_days', 1, 365),
    discrepancy_wastage_value: amount('discrepancy_wastage_value'),
    discrepancy_count_change: amount('discrepancy_count_change'),
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
    count_variance_pct: v.pipe(amount('count_variance_pct'), v.maxValue(1_000_000, 'count_variance_pct is too large')),
    count_variance_value: amount('count_variance_value'),
    target_food_cost_pct: v.pipe(amount('target_food_cost_pct', 1), v.maxValue(100, 'target_food_cost_pct must be at most 100')),
    order_rounding: v.pipe(v.string('order_rounding must be UP or HALF'), v.trim(), v.toUpperCase(), v.picklist(['UP', 'HALF'] as const, 'order_rounding must be UP or HALF')),
    cost_method: v.pipe(v.string('cost_method must be AVERAGE or LAST'), v.trim(), v.toUpperCase(), v.picklist(['AVERAGE', 'LAST'] as const, 'cost_method must be AVERAGE or LAST')),
    price_alert_pct: v.pipe(amount('price_alert_pct', 0.01), v.maxValue(1000, 'price_alert_pct must be at most 1000')),
    pour_oz: v.pipe(v.string('pour_oz must be US or IMPERIAL'), v.trim(), v.toUpperCase(), v.picklist(['US', 'IMPERIAL'] as const, 'pour_oz must be US or IMPERIAL')),
    dash_ml: v.pipe(amount('dash_ml', 0.01), v.maxValue(10, 'dash_ml must be at most 10')),
    sales_tax_pct: v.pipe(amount('sales_tax_pct'), v.maxValue(100, 'sales_tax_pct must be at most 100')),
    pour_target_spirits_pct: v.pipe(amount('pour_target_spirits_pct', 1), v.maxValue(100, 'pour_target_spirits_pct must be at most 100')),
    pour_target_wine_pct: v.pipe(amount('pour_target_wine_pct', 1), v.maxValue(100, 'pour_target_wine_pct must be at most 100')),
    pour_target_beer_pct: v.pipe(amount('pour_target_beer_pct', 1), v.maxValue(100, 'pour_target_beer_pct must be at most 100')),
    pour_target_cocktails_pct: v.pipe(amount('pour_target_cocktails_pct', 1), v.maxValue(100, 'pour_target_cocktails_pct must be at most 100')),
    invoice_ocr: v.boolean('invoice_ocr must be true or false'),
  }),
)
export type SettingsPatch = v.InferOutput<typeof SettingsPatch>

export const SETTINGS_MSG = {
  saved: 'Settings saved',
  httpsOff: 'HTTPS is off on this server (started with --https-port 0): start it with HTTPS before requiring it.',
  httpsUnreachable: (reason: string) => `"Require HTTPS" would send every device to an address it cannot reach. ${reason}`,
} as const
