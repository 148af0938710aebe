import { isoDate } from '../../contract/fields'
import { RECIPE_MSG, type SalesImportLine } from '../../contract/recipes'
import { badRequest } from '../../lib/errors'
import * as v from 'valibot'
import { zonedInstant } from '../../contract/dates'
import { zoneOf } from './zoned'

// Reads a sales CSV: headers by name in any order (common till spellings accepted), money with a
// currency sign or thousands separators, rows of one code and day (and time, when the file gives one) summed.
// Voided and refunded rows are read and not counted. Any bad row refuses the whole file.

/** A summed line as read, before it is matched to a recipe: the contract's line with quantity and net sales in hundredths. */
export type SaleRow = Omit<SalesImportLine, 'status' | 'recipe_id' | 'recipe_name'> & { sold_at: string | null }

const ALIASES = {
  date: ['date', 'sale_date', 'sales_date', 'day', 'business_date'],
  time: ['time', 'sale_time', 'time_of_sale'],
  zone: ['time_zone', 'timezone', 'tz'],
  code: ['code', 'sales_code', 'sku', 'plu', 'item_code', 'product_code'],
  name: ['name', 'item', 'item_name', 'menu_item', 'product', 'dish'],
  variation: ['price_point_name', 'variation', 'variation_name', 'price_point'],
  quantity: ['quantity', 'qty', 'count', 'sold', 'items_sold', 'quantity_sold'],
  net_sales: ['net_sales', 'net', 'net_amount', 'sales', 'amount', 'net_total'],
  event: ['event_type', 'transaction_type', 'line_type', 'item_status', 'status', 'type'],
  flag: ['voided', 'void', 'is_void', 'is_voided', 'refunded', 'refund', 'is_refund', 'is_refunded', 'returned', 'is_returned'],
} as const satisfies Record<string, readonly string[]>
type Field = keyof typeof ALIASES

const normalise = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')

/** Column index of each field, the first header that names it. */
function columnsOf(header: string[]) {
  const names = header.map(normalise)
  const at = (field: Field) => {
    for (const alias of ALIASES[field]) {
      const i = names.indexOf(alias)
      if (i >= 0) return i
    }
    return -1
  }
  const c = Object.fromEntries(Object.keys(ALIASES).map((f) => [f, at(f as Field)])) as Record<Field, number>
  // Square's Items Detail CSV: a price point (variation) per line and an event type (Payment / Refund).
  const square = c.variation >= 0 && (names.includes('event_type') || names.includes('itemization_type'))
  return { ...c, square }
}

/** Square marks a voided line by appending " (Voided)" to the item (or its variation). */
const VOIDED = /\s*\(voided\)\s*$/i
/** An event or status cell that says the line was not a sale. */
const NOT_A_SALE = /\b(refunds?|refunded|void|voided|returns?|returned|cancell?ed)\b/i
const TRUTHY = /^(true|yes|y|1|x|voided|refunded|returned)$/i
/** Square's default variation name: not worth splitting a dish on. */
const PLAIN_VARIATION = /^(regular|default|standard)$/i

/** '12.50', '$1,234.50', '-$14.95', '(3.00)', '2,5' → hundredths; null when not a number of at most 2 decimals. */
export function parseAmount(text: string): number | null {
  let t = text.trim()
  if (t === '') return 0
  let negative = false
  if (/^\(.*\)$/.test(t)) (negative = true), (t = t.slice(1, -1))
  t = t.replace(/[^\d.,-]/g, '')
  if (t.startsWith('-')) (negative = !negative), (t = t.slice(1))
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '')
  else if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.')
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t)
  if (!m) return null
  const fraction = (m[2] ?? '').replace(/0+$/, '')
  if (fraction.length > 2) return null
  const h = Number(m[1]) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(h) || h > 100_000_000_000) return null
  return negative ? -h : h
}

const validDate = (s: string) => v.safeParse(isoDate('date'), s).success

export interface ReadSales {
  lines: SaleRow[]
  rowsRead: number
  rowsCounted: number
  voided: number
  format: 'square' | 'generic'
}

/** `zone`: the restaurant's time zone, for a time given without its zone. */
export function readSalesCsv(records: string[][], period: { from: string; to: string } | null, zone = 'UTC'): ReadSales {
  const [header, ...body] = records
  if (!header) throw badRequest(RECIPE_MSG.csvEmpty)
  const c = columnsOf(header)
  if (c.quantity < 0) throw badRequest(RECIPE_MSG.csvMissingColumn('quantity (or qty)'))
  if (c.net_sales < 0) throw badRequest(RECIPE_MSG.csvMissingColumn('net_sales (or net sales)'))
  if (c.code < 0 && c.name < 0) throw badRequest(RECIPE_MSG.csvMissingColumn('code or name'))
  if (c.date < 0 && !period) throw badRequest(RECIPE_MSG.csvMissingColumn('date (or give from and to for a whole-period export)'))
  const sums = new Map<string, SaleRow>()
  let rowsRead = 0
  let voided = 0
  body.forEach((cells, i) => {
    const rowNo = i + 2 // the header is row 1, as a spreadsheet numbers them
    const cell = (at: number) => (at >= 0 ? (cells[at] ?? '').trim() : '')
    if (cells.every((x) => x.trim() === '')) return
    const fail = (message: string) => {
      throw badRequest(RECIPE_MSG.csvRow(rowNo, message))
    }
    rowsRead++
    let item = cell(c.name)
    let variation = cell(c.variation)
    let sku = cell(c.code)
    let isVoid = false
    for (const text of [item, variation, sku]) if (VOIDED.test(text)) isVoid = true
    if (isVoid) ((item = item.replace(VOIDED, '')), (variation = variation.replace(VOIDED, '')), (sku = sku.replace(VOIDED, '')))
    if (NOT_A_SALE.test(cell(c.event)) || TRUTHY.test(cell(c.flag))) isVoid = true

    let from: string
    let to: string
    let soldAt: string | null = null
    let date = cell(c.date)
    let time = cell(c.time)
    // A date and time in one cell: "2023-11-30 20:46:56" or "2023-11-30T20:46".
    const joined = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2}(?::\d{2})?)/.exec(date)
    if (joined) ((date = joined[1]), (time ||= joined[2]))
    if (date) {
      if (!validDate(date)) fail(`date must be a date (YYYY-MM-DD), got "${date}"`)
      from = to = date
      if (time) {
        if (!/^\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(time)) fail(`time must be a time (HH:MM or HH:MM:SS), got "${time}"`)
        soldAt = zonedInstant(date, time, zoneOf(cell(c.zone), zone)).toISOString()
      }
    } else if (period) ((from = period.from), (to = period.to))
    else return fail('date is required (or give from and to for a whole-period export)')
    const shownVariation = variation && !PLAIN_VARIATION.test(variation) && variation.toLowerCase() !== item.toLowerCase() ? variation : ''
    const name = (shownVariation ? (item ? `${item} · ${shownVariation}` : shownVariation) : item).slice(0, 64) || null
    const code = sku || name
    if (!code) return fail('code (or name) is required')
    if (code.length > 64) fail('code must be at most 64 characters')
    const quantity = parseAmount(cell(c.quantity))
    if (quantity === null) fail(`quantity must be a number with at most 2 decimals, got "${cell(c.quantity)}"`)
    const net = parseAmount(cell(c.net_sales))
    if (net === null) fail(`net_sales must be an amount with at most 2 decimals, got "${cell(c.net_sales)}"`)
    // A refund is written as a negative quantity; it is not a sale (and its dish was never made again).
    if (quantity! < 0) isVoid = true
    if (isVoid) return void voided++
    const key = `${from!}|${to!}|${soldAt ?? ''}|${code.toLowerCase()}`
    const sum = sums.get(key)
    if (sum) (sum.quantity += quantity!), (sum.net_sales += net!), sum.rows++
    else sums.set(key, { date_from: from!, date_to: to!, sold_at: soldAt, code, name, quantity: quantity!, net_sales: net!, rows: 1 })
  })
  if (rowsRead === 0) throw badRequest(RECIPE_MSG.csvEmpty)
  return { lines: [...sums.values()], rowsRead, rowsCounted: rowsRead - voided, voided, format: c.square ? 'square' : 'generic' }
}
