import { matchHeaders } from '../../../contract/imports'
import { CSV_FIELDS, columnsMissing, INVOICE_HEADERS, INVOICE_MSG, MAX_INVOICE_LINES, type CsvField } from '../../../contract/invoices'
import { decodeUtf8, readCsv } from '../../../lib/csv-read'
import { signatureOf } from '../labels'
import { gtin14, isoDay, localDecimal } from '../numbers'
import { UnreadableFile, type ReadInvoice, type ReadLine } from '../read-types'

// A supplier's CSV export: read with the import wizard's reader (lib/csv-read) and its header matching
// (matchHeaders), with the supplier's saved header → field mapping, or one sent with the file (csv_map).
// A cell is only ever text or a figure read by localDecimal: nothing is evaluated. A figure column holding a
// formula (=…, @…, or + / - before something that is not a number) refuses the file: the export kept formulas
// instead of values, and a guessed figure would be worse than none.

const FORMULA = /^[=@]|^[+-](?![\d.,\s]*\d[\d.,]*\s*$)/

export async function readCsvInvoice(bytes: Uint8Array, map: Record<string, string>): Promise<ReadInvoice> {
  const text = decodeUtf8(bytes)
  if (text === null) throw new UnreadableFile(INVOICE_MSG.csvNotUtf8)
  const table = await readCsv(text)
  if (table.problems.length) throw new UnreadableFile(`Row ${table.problems[0].row}: ${table.problems[0].message}`)
  if (table.records.length === 0) throw new UnreadableFile(INVOICE_MSG.csvEmpty)
  const { fields } = matchHeaders(table.headers, INVOICE_HEADERS, map)
  const col = new Map<CsvField, number>()
  fields.forEach((f, i) => f && col.set(f as CsvField, i))
  const missing = columnsMissing(col.keys())
  if (missing.length) throw new UnreadableFile(INVOICE_MSG.csvUnmapped(missing, table.headers))
  if (table.records.length > MAX_INVOICE_LINES) throw new UnreadableFile(INVOICE_MSG.tooManyLines)
  const cell = (cells: string[], f: CsvField) => {
    const i = col.get(f)
    const s = i === undefined ? '' : (cells[i] ?? '').trim()
    return s === '' ? null : s
  }
  const figure = (row: number, cells: string[], f: CsvField) => {
    const s = cell(cells, f)
    if (s === null) return null
    if (FORMULA.test(s)) throw new UnreadableFile(`Row ${row}: ${f} is a formula (${s.slice(0, 40)}), not a figure: export the file with values`)
    const n = localDecimal(s)
    if (n === null) throw new UnreadableFile(`Row ${row}: ${f} "${s.slice(0, 40)}" is not a number`)
    return n
  }
  let number: string | null = null
  let date: string | null = null
  const lines: ReadLine[] = []
  for (const r of table.records) {
    number ??= cell(r.cells, 'invoice_number')
    date ??= isoDay(cell(r.cells, 'invoice_date'))
    const description = cell(r.cells, 'description')
    const q = figure(r.row, r.cells, 'quantity')
    // A row without a quantity (a subtotal, a note) is not a line.
    if (q === null || description === null) continue
    const p = figure(r.row, r.cells, 'unit_price')
    const a = figure(r.row, r.cells, 'amount')
    const t = figure(r.row, r.cells, 'tax_rate')
    lines.push({
      supplier_code: cell(r.cells, 'supplier_code'),
      gtin: gtin14(cell(r.cells, 'gtin')) ?? cell(r.cells, 'gtin'),
      description,
      pack_text: cell(r.cells, 'pack_text'),
      quantity: q.value,
      // Without a price column the price is the amount over the quantity (and the line check has nothing to compare).
      unit_price: p?.value ?? (q.value > 0 && a ? Math.round((a.value * 100) / q.value) : 0),
      amount: a?.value ?? Math.round(((p?.value ?? 0) * q.value) / 100),
      tax_rate: t?.value ?? null,
      rounded: q.rounded || (p?.rounded ?? false) || (a?.rounded ?? false),
    })
  }
  if (lines.length === 0) throw new UnreadableFile(INVOICE_MSG.csvEmpty)
  // A CSV prints no totals: the net is the lines' sum, and there is no printed total to check it against.
  const net = lines.reduce((s, l) => s + l.amount, 0)
  const taxed = lines.every((l) => l.tax_rate !== null)
  const tax = taxed ? lines.reduce((s, l) => s + Math.round((l.amount * l.tax_rate!) / 10000), 0) : null
  const csvMap: Record<string, string> = {}
  table.headers.forEach((h, i) => (csvMap[h] = fields[i] && (CSV_FIELDS as readonly string[]).includes(fields[i]!) ? fields[i]! : ''))
  return {
    reader: 'CSV',
    source: 'CSV',
    invoice_number: number,
    invoice_date: date,
    credit_note: false,
    currency: null,
    seller: { name: null, tax_ids: [] },
    order_reference: null,
    net,
    tax,
    gross: tax === null ? null : net + tax,
    lines_total: null,
    lines,
    csv_map: csvMap,
    signature: signatureOf(table.headers),
  }
}
