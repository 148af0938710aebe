import type { ReportColumn, ReportType } from '../../contract/reports'
import type { Db } from '../../db/open'
import { costValueCents, fromCents, fromCost, toCents } from '../../contract/fixed'
import { stockStatus, type StockStatus } from '../../contract/stock'

// What every report is made of (its range, columns, rows) and the helpers the reports share.

/** A report's range and the facts its rows depend on. from/to: the UTC instants of start_date 00:00 and the day after end_date. */
export interface ReportRange {
  start: string
  end: string
  from: string
  to: string
  today: string
  zone: string
  expiringDays: number
}

export type ReportRow = Record<string, string | number | null>
/** One row as its cells in the order of `columns`: what a long download streams, with no record per row. */
export type ReportCells = (string | number | null)[]

export interface ReportDefinition {
  type: ReportType
  columns: ReportColumn[]
  /** Rows pulled one at a time from a statement of `db` (a download streams them). */
  rows(db: Db, r: ReportRange): Iterable<ReportRow>
  /**
   * The same rows as cells in column order, for the reports whose downloads are long (a year of
   * movements): a download streams these instead. A cell is what `rows` holds or its final text
   * (a money cell as '12.50'), never a text a CSV cell would print differently.
   */
  cells?(db: Db, r: ReportRange): Iterable<ReportCells>
  /** The number of rows, without building them (the preview's row_count). */
  count?(db: Db, r: ReportRange): number
  totals?(rows: ReportRow[]): Record<string, number>
}

export const col = (key: string, header: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({ key, header, kind })

/** Records keyed by the columns, from cells in column order. */
export function* recordsOf(columns: ReportColumn[], cells: Iterable<ReportCells>): Generator<ReportRow> {
  for (const c of cells) {
    const row: ReportRow = {}
    for (let i = 0; i < columns.length; i++) row[columns[i].key] = c[i]
    yield row
  }
}

/** cost (1/100,000 per unit) × quantity (hundredths) → cents, half-up (BigInt only past 2^53). */
export const valueOf = costValueCents
/** A cost per unit (1/100,000) as the report shows it: 0.007, 12.5. */
export const unitCost = (cost: number) => fromCost(cost)

export const hours = (from: string | null, to: string | null) => (from && to ? Math.round((Date.parse(to) - Date.parse(from)) / 36_000) / 100 : null)
export const money = (cents: number) => fromCents(cents)
export const sumOf = (rows: ReportRow[], key: string) => fromCents(rows.reduce((a, r) => a + toCents(Number(r[key] ?? 0)), 0))

/**
 * "YYYY-MM-DD HH:MM" in the restaurant's zone. Intl is slow per row, so the zone's offset is asked
 * once per UTC day (twice: at its first and last minute) and per hour only on a day the offset changes.
 */
export function localStamper(zone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]))
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - Math.floor(t / 60_000) * 60_000
  }
  const days = new Map<string, number | null>()
  const hours = new Map<string, number>()
  // Whole-hour offsets (most zones): the local "YYYY-MM-DD HH:" of each UTC hour, then the minutes as they are.
  const prefixes = new Map<string, string>()
  const stamp = (iso: string): string => {
    const t = Date.parse(iso)
    const day = iso.slice(0, 10)
    let offset = days.get(day)
    if (offset === undefined) {
      const start = Date.parse(day + 'T00:00:00Z')
      const first = offsetAt(start)
      offset = first === offsetAt(start + 86_340_000) ? first : null
      days.set(day, offset)
    }
    if (offset === null) {
      const hour = iso.slice(0, 13)
      offset = hours.get(hour) ?? offsetAt(t)
      hours.set(hour, offset)
    }
    return new Date(t + offset).toISOString().slice(0, 16).replace('T', ' ')
  }
  // Rows come in time order: the hour of the previous row is the likeliest.
  let lastHour = ''
  let lastPrefix = ''
  return (iso: string | null): string | null => {
    if (!iso) return null
    if (lastPrefix && iso.startsWith(lastHour)) return lastPrefix + iso.slice(14, 16)
    const hour = iso.slice(0, 13)
    let prefix = prefixes.get(hour)
    if (prefix === undefined) {
      const local = stamp(hour + ':00:00.000Z')
      const wholeHour = stamp(hour + ':59:00.000Z').slice(14) === '59'
      prefix = wholeHour && local.endsWith(':00') ? local.slice(0, 14) : ''
      prefixes.set(hour, prefix)
    }
    lastHour = hour
    lastPrefix = prefix
    return prefix ? prefix + iso.slice(14, 16) : stamp(iso)
  }
}

export const STATUS_LABEL = { expired: 'Expired', out: 'Out of stock', low: 'Low stock', expiring: 'Expiring', in: 'In stock' } as const satisfies Record<StockStatus, string>
export const STATUS_RANK = { Expired: 0, 'Out of stock': 1, 'Low stock': 2, Expiring: 3, 'In stock': 4 } as const
/** The contract's one rule, first match wins: expired, out of stock, low, expiring, in stock. */
export const statusLabel = (current_quantity: number, min_stock_level: number, expiry_date: string | null, r: ReportRange) =>
  STATUS_LABEL[stockStatus({ current_quantity, min_stock_level, expiry_date }, r.today, r.expiringDays)]
