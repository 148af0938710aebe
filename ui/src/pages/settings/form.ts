import { quantityValue } from '../../../../src/contract/quantity'
import { SettingsPatch, type ManagerSettings } from '../../../../src/contract/settings'
import { withLabels } from '../../lib/formInput'
import { check } from '../../lib/validation'

/** The form's fields: text inputs hold strings, switches booleans. The SMTP password is write-only. */
export interface SettingsForm {
  restaurant_name: string
  currency: string
  locale: string
  time_zone: string
  expiring_days: string
  discrepancy_wastage_value: string
  discrepancy_count_change: string
  token_hours: string
  public_url: string
  smtp_host: string
  smtp_port: string
  smtp_secure: boolean
  smtp_user: string
  /** Blank keeps the stored password. */
  smtp_password: string
  smtp_from: string
  backup_cron: string
  backup_keep: string
  require_https: boolean
  count_variance_pct: string
  count_variance_value: string
  order_rounding: ManagerSettings['order_rounding']
  cost_method: ManagerSettings['cost_method']
  price_alert_pct: string
  target_food_cost_pct: string
  pour_oz: ManagerSettings['pour_oz']
  dash_ml: string
  sales_tax_pct: string
  pour_target_spirits_pct: string
  pour_target_wine_pct: string
  pour_target_beer_pct: string
  pour_target_cocktails_pct: string
  invoice_ocr: boolean
}
export type SettingsKey = keyof SettingsForm

export const NUMERIC_KEYS = ['expiring_days', 'discrepancy_wastage_value', 'discrepancy_count_change', 'token_hours', 'smtp_port', 'backup_keep', 'count_variance_pct', 'count_variance_value', 'price_alert_pct', 'target_food_cost_pct',
  'dash_ml', 'sales_tax_pct', 'pour_target_spirits_pct', 'pour_target_wine_pct', 'pour_target_beer_pct', 'pour_target_cocktails_pct'] as const
const isNumeric = (k: SettingsKey): k is (typeof NUMERIC_KEYS)[number] => (NUMERIC_KEYS as readonly string[]).includes(k)

/** The label of each field; a schema message naming the field is shown with its label instead. */
export const LABELS: Record<SettingsKey, string> = {
  restaurant_name: 'Restaurant name',
  currency: 'Currency',
  locale: 'Locale',
  time_zone: 'Time zone',
  expiring_days: 'Expiring soon window (days)',
  discrepancy_wastage_value: 'Daily wastage alert value',
  discrepancy_count_change: 'Stock count change alert',
  token_hours: 'Sign-in lifetime (hours)',
  public_url: 'Public URL',
  smtp_host: 'SMTP host',
  smtp_port: 'SMTP port',
  smtp_secure: 'Use TLS from the start (port 465)',
  smtp_user: 'SMTP user',
  smtp_password: 'SMTP password',
  smtp_from: 'From address',
  backup_cron: 'Backup schedule',
  backup_keep: 'Backups to keep',
  require_https: 'Require HTTPS',
  count_variance_pct: 'Count variance needing a reason (%)',
  count_variance_value: 'Count variance value needing a reason',
  order_rounding: 'Order suggestions round to',
  cost_method: 'Cost price after a delivery',
  price_alert_pct: 'Price change alert (%)',
  target_food_cost_pct: 'Target food cost (%)',
  pour_oz: 'An oz in recipes is',
  dash_ml: 'A dash (ml)',
  sales_tax_pct: 'Tax included in menu prices (%)',
  pour_target_spirits_pct: 'Target pour cost: spirits (%)',
  pour_target_wine_pct: 'Target pour cost: wine (%)',
  pour_target_beer_pct: 'Target pour cost: beer (%)',
  pour_target_cocktails_pct: 'Target pour cost: cocktails (%)',
  invoice_ocr: 'Read photos of paper invoices (OCR)',
}

/** The two choices of each purchasing select, in the words staff read. */
export const ORDER_ROUNDING_OPTIONS: { value: SettingsForm['order_rounding']; label: string }[] = [
  { value: 'UP', label: 'Whole packs, rounded up' },
  { value: 'HALF', label: 'The nearest whole pack' },
]
export const COST_METHOD_OPTIONS: { value: SettingsForm['cost_method']; label: string }[] = [
  { value: 'AVERAGE', label: 'Weighted average of stock and delivery' },
  { value: 'LAST', label: 'The last price paid' },
]

export const POUR_OZ_OPTIONS: { value: SettingsForm['pour_oz']; label: string }[] = [
  { value: 'US', label: 'US fluid ounce (29.57 ml)' },
  { value: 'IMPERIAL', label: 'Imperial fluid ounce (28.41 ml)' },
]

export function toForm(s: ManagerSettings): SettingsForm {
  return {
    restaurant_name: s.restaurant_name,
    currency: s.currency,
    locale: s.locale,
    time_zone: s.time_zone,
    expiring_days: String(s.expiring_days),
    discrepancy_wastage_value: String(s.discrepancy_wastage_value),
    discrepancy_count_change: String(s.discrepancy_count_change),
    token_hours: String(s.token_hours),
    public_url: s.public_url,
    smtp_host: s.smtp_host,
    smtp_port: String(s.smtp_port),
    smtp_secure: s.smtp_secure,
    smtp_user: s.smtp_user,
    smtp_password: '',
    smtp_from: s.smtp_from,
    backup_cron: s.backup_cron,
    backup_keep: String(s.backup_keep),
    require_https: s.require_https,
    count_variance_pct: String(s.count_variance_pct),
    count_variance_value: String(s.count_variance_value),
    order_rounding: s.order_rounding,
    cost_method: s.cost_method,
    price_alert_pct: String(s.price_alert_pct),
    target_food_cost_pct: String(s.target_food_cost_pct),
    pour_oz: s.pour_oz,
    dash_ml: String(s.dash_ml),
    sales_tax_pct: String(s.sales_tax_pct),
    pour_target_spirits_pct: String(s.pour_target_spirits_pct),
    pour_target_wine_pct: String(s.pour_target_wine_pct),
    pour_target_beer_pct: String(s.pour_target_beer_pct),
    pour_target_cocktails_pct: String(s.pour_target_cocktails_pct),
    invoice_ocr: s.invoice_ocr,
  }
}

/** A typed number through the contract's one parser ('.' or ','); blank or refused stays NaN so the schema names the field. */
const toNumber = (s: string) => quantityValue(s) ?? Number.NaN

/** The fields that differ from what the server holds, as the API takes them (a blank password is left out). */
export function changes(form: SettingsForm, saved: SettingsForm): Record<string, unknown> {
  const patch: Record<string, unknown> = {}
  for (const key of Object.keys(form) as SettingsKey[]) {
    const value = form[key]
    if (key === 'smtp_password') {
      if (value !== '') patch.smtp_password = value
      continue
    }
    if (value === saved[key]) continue
    patch[key] = isNumeric(key) ? toNumber(value as string) : value
  }
  return patch
}

/** Runs the server's own schema through the one `check()`; answers the checked patch or one message per field, in the form's words. */
export function validate(patch: Record<string, unknown>): { ok: true; value: SettingsPatch } | { ok: false; errors: Partial<Record<SettingsKey, string>> } {
  const r = check(SettingsPatch, patch)
  return r.ok ? r : { ok: false, errors: withLabels(r.errors, LABELS) }
}

/** The server's 400 names the field first ('backup_cron is not a valid …'): which field, if any. */
export function fieldOfMessage(message: string): SettingsKey | null {
  const key = (Object.keys(LABELS) as SettingsKey[]).filter((k) => message.startsWith(k)).sort((a, b) => b.length - a.length)[0]
  return key ?? null
}
