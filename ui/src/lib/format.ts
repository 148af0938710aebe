import type { DisplaySettings } from '../../../src/contract/settings'
import { UI } from '../messages/common'
import { COST_DECIMALS } from '../../../src/contract/fixed'
import { times } from '../../../src/contract/packs'

type Money = Pick<DisplaySettings, 'locale' | 'currency'>
const moneyFormats = new Map<string, Intl.NumberFormat>()

/** Money as the restaurant writes it: `Intl.NumberFormat(locale, { style: 'currency', currency })`, up to 2 decimals. */
export function formatMoney(value: number | null | undefined, s: Money): string {
  const key = `${s.locale}|${s.currency}`
  let f = moneyFormats.get(key)
  if (!f) {
    try {
      f = new Intl.NumberFormat(s.locale, { style: 'currency', currency: s.currency, maximumFractionDigits: 2 })
    } catch {
      f = new Intl.NumberFormat('en-ZM', { style: 'currency', currency: 'ZMW', maximumFractionDigits: 2 })
    }
    moneyFormats.set(key, f)
  }
  return f.format(typeof value === 'number' && Number.isFinite(value) ? value : 0)
}

const costFormats = new Map<string, Intl.NumberFormat>()

/**
 * A cost per unit: like money, but with the decimals it has up to 5, since a piece of a box of 1,000 at 7.00
 * costs 0.007 (money would show 0.01). Amounts (values, totals, prices per pack) stay `formatMoney`.
 */
export function formatCost(value: number | null | undefined, s: Money): string {
  const key = `${s.locale}|${s.currency}`
  let f = costFormats.get(key)
  if (!f) {
    try {
      f = new Intl.NumberFormat(s.locale, { style: 'currency', currency: s.currency, maximumFractionDigits: COST_DECIMALS })
    } catch {
      f = new Intl.NumberFormat('en-ZM', { style: 'currency', currency: 'ZMW', maximumFractionDigits: COST_DECIMALS })
    }
    costFormats.set(key, f)
  }
  return f.format(typeof value === 'number' && Number.isFinite(value) ? value : 0)
}

/**
 * One formatter per locale (and per locale, style and zone for dates): building an `Intl` formatter costs far more
 * than using one, and a list formats hundreds of figures per render (the count sheet spent 14 % of its CPU here).
 */
const quantityFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${options.dateStyle ?? ''}|${options.timeStyle ?? ''}|${options.day ?? ''}|${options.month ?? ''}|${options.timeZone ?? ''}`
  let f = dateFormats.get(key)
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)))
  return f
}

/** A quantity with up to 2 decimals and its unit ("3 × 750ml" for a unit named by its size, stored before issue 32). */
export function formatQuantity(value: number | null | undefined, unit?: string | null, locale = 'en-ZM'): string {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0
  let f = quantityFormats.get(locale)
  if (!f) quantityFormats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })))
  const text = f.format(n)
  return unit ? times(text, unit) : text
}

const CALENDAR = /^\d{4}-\d{2}-\d{2}$/

/** Reads a calendar date (`YYYY-MM-DD`) or an instant; null when unreadable. */
function parse(value: string): { date: Date; calendar: boolean } | null {
  const calendar = CALENDAR.test(value)
  const date = new Date(calendar ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return null
  if (calendar && date.toISOString().slice(0, 10) !== value) return null
  return { date, calendar }
}

/** A date, never 'Invalid Date': empty → 'No date', unreadable → 'Invalid date' (SPEC §2). Instants in the restaurant's zone. */
export function formatDate(value: string | null | undefined, s: Pick<DisplaySettings, 'locale' | 'time_zone'>): string {
  if (!value) return UI.noDate
  const p = parse(value)
  if (!p) return UI.invalidDate
  return dateFormat(s.locale, { dateStyle: 'medium', timeZone: p.calendar ? 'UTC' : s.time_zone }).format(p.date)
}

/** Date and time of an instant in the restaurant's zone; a calendar date shows as a date. */
export function formatDateTime(value: string | null | undefined, s: Pick<DisplaySettings, 'locale' | 'time_zone'>): string {
  if (!value) return UI.noDate
  const p = parse(value)
  if (!p) return UI.invalidDate
  if (p.calendar) return formatDate(value, s)
  return dateFormat(s.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: s.time_zone }).format(p.date)
}

/** A plain number in the restaurant's locale (chart axes and legends), up to 2 decimals. */
export function formatNumber(value: number | null | undefined, locale = 'en-ZM'): string {
  return formatQuantity(value, null, locale)
}

/** A calendar day short, for chart axes and legends: '25 Oct' in en-ZM ('Oct 25' only where the locale says so). */
export function formatDay(value: string, s: Pick<DisplaySettings, 'locale'>): string {
  const p = parse(value)
  if (!p) return UI.invalidDate
  return dateFormat(s.locale, { day: 'numeric', month: 'short', timeZone: p.calendar ? 'UTC' : undefined }).format(p.date)
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/

/** A report cell as the CSV holds it: ISO dates and instants shown in the restaurant's locale and zone, anything else as it is. */
export function formatCell(value: string | number | null | undefined, s: Pick<DisplaySettings, 'locale' | 'time_zone'>): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  if (CALENDAR.test(text) && parse(text)) return formatDate(text, s)
  if (INSTANT.test(text) && parse(text)) return formatDateTime(text, s)
  return text
}
