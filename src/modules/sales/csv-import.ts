import { isoDate } from '../../contract/fields'
import { RECIPE_MSG, type SalesImportLine } from '../../contract/recipes'
import { badRequest } from '../../lib/errors'
import * as v from 'valibot'

// Reads a sales CSV: headers by name in any order (common till spellings accepted), money with a
// currency sign or thousands separators, rows of one code and day summed. Any bad row refuses the whole file.

/** A summed line as read, before it is matched to a recipe: the contract's line with quantity and net sales in hundredths. */
export type SaleRow = Omit<SalesImportLine, 'status' | 'recipe_id' | 'recipe_name'>

const ALIASES: Record<string, string[]> = {
  date: ['date', 'sale_date', 'sales_date', 'day', 'business_date'],
  code: ['code', 'sales_code', 'sku', 'plu', 'item_code', 'product_code'],
  name: ['name', 'item', 'item_name', 'menu_item', 'product', 'dish'],
  quantity: ['quantity', 'qty', 'count', 'sold', 'items_sold', 'quantity_sold'],
  net_sales: ['net_sales', 'net', 'net_amount', 'sales', 'amount', 'net_total'],
}

const normalise = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')

/** Column index of each field, the first header that names it. */
function columnsOf(header: string[]) {
  const names = header.map(normalise)
  const at = (field: string) => {
    for (const alias of ALIASES[field]) {
      const i = names.indexOf(alias)
      if (i >= 0) return i
    }
    return -1
  }
  return { date: at('date'), code: at('code'), name: at('name'), quantity: at('quantity'), net_sales: at('net_sales') }
}

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

export function readSalesCsv(records: string[][], period: { from: string; to: string } | null): { lines: SaleRow[]; rowsRead: number } {
  const [header, ...body] = records
  if (!header) throw badRequest(RECIPE_MSG.csvEmpty)
  const c = columnsOf(header)
  if (c.quantity < 0) throw badRequest(RECIPE_MSG.csvMissingColumn('quantity (or qty)'))
  if (c.net_sales < 0) throw badRequest(RECIPE_MSG.csvMissingColumn('net_sales (or net sales)'))
  if (c.code < 0 && c.name < 0) throw badRequest(RECIPE_MSG.csvMissingColumn('code or name'))
  if (c.date < 0 && !period) throw badRequest(RECIPE_MSG.csvMissingColumn('date (or give from and to for a whole-period export)'))
  const sums = new Map<string, SaleRow>()
  let rowsRead = 0
  body.forEach((cells, i) => {
    const rowNo = i + 2 // the header is row 1, as a spreadsheet numbers them
    const cell = (at: number) => (at >= 0 ? (cells[at] ?? '').trim() : '')
    if (cells.every((x) => x.trim() === '')) return
    const fail = (message: string) => {
      throw badRequest(RECIPE_MSG.csvRow(rowNo, message))
    }
    let from: string
    let to: string
    const date = cell(c.date)
    if (date) {
      if (!validDate(date)) fail(`date must be a date (YYYY-MM-DD), got "${date}"`)
      from = to = date
    } else if (period) ((from = period.from), (to = period.to))
    else return fail('date is required (or give from and to for a whole-period export)')
    const name = cell(c.name) || null
    const code = cell(c.code) || name
    if (!code) return fail('code (or name) is required')
    if (code.length > 64) fail('code must be at most 64 characters')
    const quantity = parseAmount(cell(c.quantity))
    if (quantity === null) fail(`quantity must be a number with at most 2 decimals, got "${cell(c.quantity)}"`)
    const net = parseAmount(cell(c.net_sales))
    if (net === null) fail(`net_sales must be an amount with at most 2 decimals, got "${cell(c.net_sales)}"`)
    rowsRead++
    const key = `${from!}|${to!}|${code.toLowerCase()}`
    const sum = sums.get(key)
    if (sum) (sum.quantity += quantity!), (sum.net_sales += net!), sum.rows++
    else sums.set(key, { date_from: from!, date_to: to!, code, name, quantity: quantity!, net_sales: net!, rows: 1 })
  })
  if (rowsRead === 0) throw badRequest(RECIPE_MSG.csvEmpty)
  return { lines: [...sums.values()], rowsRead }
}
