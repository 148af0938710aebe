import { normaliseHeader } from '../../../contract/imports'
import { INVOICE_MSG, MAX_INVOICE_LINES, PDF_FIELDS, type PdfColumn, type PdfField } from '../../../contract/invoices'
import { fieldOf, signatureOf } from '../labels'
import { gtin14, isoDay, localDecimal } from '../numbers'
import { UnreadableFile, type ReadInvoice, type ReadLine } from '../read-types'
import type { Word } from './pdf'

// A PDF's text layer read as a table: words grouped into rows by their height on the page, and into columns by their
// x position under the table's header — never by splitting text on spaces, so "Flour type 00 / 16 kg" stays one
// description. The columns come from the header's labels, or from the supplier's template (the columns confirmed
// when its first PDF draft was received), or from a person (PUT …/layout).

interface Row {
  page: number
  top: number
  words: Word[]
}

/** Words on one baseline (within half a line's height) make a row; rows in page order, words left to right. */
export function rowsOf(words: Word[]): Row[] {
  const sorted = [...words].sort((a, b) => a.page - b.page || a.top - b.top || a.x - b.x)
  const rows: Row[] = []
  for (const w of sorted) {
    const last = rows.at(-1)
    if (last && last.page === w.page && Math.abs(w.top - last.top) <= Math.max(2, 0.5 * Math.min(w.height, last.words[0].height))) last.words.push(w)
    else rows.push({ page: w.page, top: w.top, words: [w] })
  }
  for (const r of rows) r.words.sort((a, b) => a.x - b.x)
  return rows
}

/** Words closer than a wide space make one phrase ("Unit price", "Flour type 00"): what a header label is read from. */
function phrases(row: Row): { text: string; x0: number; x1: number }[] {
  const out: { text: string; x0: number; x1: number }[] = []
  for (const w of row.words) {
    const last = out.at(-1)
    const gap = last ? w.x - last.x1 : Infinity
    if (last && gap < 0.6 * w.height) (last.text += gap > 0.1 * w.height ? ` ${w.str.trim()}` : w.str.trim()), (last.x1 = w.x + w.width)
    else out.push({ text: w.str.trim(), x0: w.x, x1: w.x + w.width })
  }
  return out
}

const rowText = (row: Row) => phrases(row).map((p) => p.text).join('  ')

/** The columns a header row names: each label's span widened to halfway to its neighbours. Null when it is not a table header. */
function headerColumns(row: Row): PdfColumn[] | null {
  const ps = phrases(row)
  const fields = ps.map((p) => fieldOf(p.text))
  const known = new Set(fields.filter((f): f is NonNullable<typeof f> => f !== null && (PDF_FIELDS as readonly string[]).includes(f)))
  if (!known.has('description') || !known.has('quantity') || !(known.has('amount') || known.has('unit_price'))) return null
  return ps.map((p, i) => ({
    field: known.has(fields[i] as PdfField) && fields.indexOf(fields[i]) === i ? (fields[i] as PdfField) : null,
    x0: i === 0 ? 0 : (ps[i - 1].x1 + p.x0) / 2,
    x1: i === ps.length - 1 ? 10_000 : (p.x1 + ps[i + 1].x0) / 2,
    header: p.text,
  }))
}

const figuresIn = (row: Row) => phrases(row).filter((p) => localDecimal(p.text) !== null).length

/** The first row of 3 or more labels (mostly not figures) followed by 2 rows with 2 or more figures each: a table's header. */
function guessedHeader(rows: Row[]): PdfColumn[] | null {
  for (let i = 0; i + 2 < rows.length; i++) {
    const ps = phrases(rows[i])
    if (ps.length < 3 || figuresIn(rows[i]) * 2 > ps.length) continue
    if (figuresIn(rows[i + 1]) < 2 || figuresIn(rows[i + 2]) < 2) continue
    const seen = new Set<string>()
    return ps.map((p, j) => {
      const f = fieldOf(p.text)
      const field = f && (PDF_FIELDS as readonly string[]).includes(f) && !seen.has(f) ? (f as PdfField) : null
      if (field) seen.add(field)
      return { field, x0: j === 0 ? 0 : (ps[j - 1].x1 + p.x0) / 2, x1: j === ps.length - 1 ? 10_000 : (p.x1 + ps[j + 1].x0) / 2, header: p.text }
    })
  }
  return null
}

/** Does this row carry the template's headers (at least two thirds of them, in any spacing)? */
function matchesTemplate(row: Row, template: PdfColumn[]): boolean {
  const here = new Set(phrases(row).map((p) => normaliseHeader(p.text)))
  const wanted = template.map((c) => normaliseHeader(c.header)).filter((h) => h !== '')
  return wanted.length > 0 && wanted.filter((h) => here.has(h)).length * 3 >= wanted.length * 2
}

/** The column a word belongs to: the one its span overlaps most (the nearest when it overlaps none). */
function columnOf(w: Word, columns: PdfColumn[]): number {
  let best = -1
  let bestOverlap = 0
  let nearest = 0
  let nearestGap = Infinity
  const x0 = w.x
  const x1 = w.x + Math.max(w.width, 0.1)
  columns.forEach((c, i) => {
    const overlap = Math.min(x1, c.x1) - Math.max(x0, c.x0)
    if (overlap > bestOverlap) (best = i), (bestOverlap = overlap)
    const gap = Math.max(c.x0 - x1, x0 - c.x1)
    if (gap < nearestGap) (nearest = i), (nearestGap = gap)
  })
  return best >= 0 ? best : nearest
}

/** A row's text per column ('' where the column is empty), named or not. */
function cellTexts(row: Row, columns: PdfColumn[]): string[] {
  const out = columns.map(() => '')
  const ends = columns.map(() => -Infinity)
  for (const w of row.words) {
    const i = columnOf(w, columns)
    // Words of one cell are joined with a space where the PDF left a gap, directly where they touch.
    out[i] += out[i] === '' ? w.str.trim() : (w.x - ends[i] > 0.1 * w.height ? ' ' : '') + w.str.trim()
    ends[i] = w.x + w.width
  }
  return out
}

function cellsOf(row: Row, columns: PdfColumn[]): Partial<Record<PdfField, string>> {
  const out: Partial<Record<PdfField, string>> = {}
  cellTexts(row, columns).forEach((text, i) => {
    const field = columns[i].field
    if (field && text !== '') out[field] = text
  })
  return out
}

/**
 * The first `n` rows under the table's header cut into `columns` (every column, named or not; a row with text in
 * only one column, such as a wrapped description, is left out): what a person sees to say which column is which.
 */
export function rowsUnder(words: Word[], columns: PdfColumn[], n: number): string[][] {
  const rows = rowsOf(words)
  const header = rows.findIndex((r) => matchesTemplate(r, columns))
  const out: string[][] = []
  for (const row of rows.slice(header + 1)) {
    if (out.length >= n) break
    const cells = cellTexts(row, columns)
    if (cells.filter((c) => c !== '').length >= 2) out.push(cells)
  }
  return out
}

/** The decimal sign the document's money is printed with: the commoner of "12.50" and "12,50". */
function decimalSign(words: Word[]): '.' | ',' | null {
  let dot = 0
  let comma = 0
  for (const w of words) {
    if (/\d\.\d{2}(?!\d)/.test(w.str)) dot++
    if (/\d,\d{2}(?!\d)/.test(w.str)) comma++
  }
  return dot === comma ? null : dot > comma ? '.' : ','
}

const GROSS = /\b(incl\.?|inclusive|gross|brutto|ttc|amount due|balance due|grand total|rechnungsbetrag|gesamtbetrag|total due|to pay)\b/i
const NET = /\b(excl\.?|exclusive|net|netto|subtotal|sub-total|total ht|zwischensumme|nettobetrag|warenwert)\b/i
const TAX = /\b(vat|tax|mwst|ust|tva|steuer)\b/i
const TOTAL = /\b(total|summe|gesamt)\b/i
const NUMBER_LABEL = /\b(?:invoice|rechnung|facture|inv)\b\.?\s*(?:no\.?|number|nr\.?|#|n°|nummer|num[ée]ro)?\s*[:.#]?\s*([A-Za-z0-9][A-Za-z0-9\-/.]*\d[A-Za-z0-9\-/]*)/i
const ORDER_LABEL = /\b(?:order|p\.?o\.?|purchase order|bestellung|bestell-nr|commande)\b\.?\s*(?:no\.?|number|nr\.?|#|n°|ref\.?)?\s*[:.#]?\s*([A-Za-z0-9][A-Za-z0-9\-/]*\d[A-Za-z0-9\-/]*)/i
const DATE = /\b(\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{4})\b/
const TAX_LABEL = /\b(?:vat(?:[ \t]*(?:no|reg(?:istration)?|number|id))?|tpin|tax[ \t]*id|ust-?id(?:nr)?|steuer-?nr|siret|tva)\b\.?[ \t]*[:#]?[ \t]*([^\n]{0,30})/gi
/** The id after a tax label: upper-case letters and digits, as printed (spaces and dashes dropped later). */
const TAX_ID = /^[A-Z]{0,3}[ -]?\d[\dA-Z -]{4,20}\d(?![\dA-Za-z])/

/**
 * The invoice a PDF's words describe. `template`: the supplier's confirmed columns, used instead of the header
 * labels; `fixed`: columns a person set for this file, read from the first row that is a line (no header needed).
 * Refused when there is no text at all (a scan: OCR is off) or no table header.
 */
export function readPdfText(words: Word[], template: PdfColumn[] | null, fixed = false): ReadInvoice {
  if (words.length === 0) throw new UnreadableFile(INVOICE_MSG.pdfNoText)
  const rows = rowsOf(words)
  const decimal = decimalSign(words)
  const num = (s: string | undefined) => (s === undefined ? null : localDecimal(s, decimal))
  const lines: ReadLine[] = []
  let columns: PdfColumn[] | null = fixed ? template : null
  let inTable = fixed
  let lastLine: { page: number; top: number; height: number } | null = null
  let tableEnd = -1
  rows.forEach((row, index) => {
    const fromTemplate = template && matchesTemplate(row, template) ? template : null
    if (fixed && fromTemplate) return
    const header = fromTemplate ?? (template ? null : headerColumns(row))
    if (header) {
      // A table header (again on each page of a long invoice): the rows under it are lines.
      columns = header
      inTable = true
      lastLine = null
      return
    }
    if (!inTable || !columns) return
    const cells = cellsOf(row, columns)
    const q = num(cells.quantity)
    const a = num(cells.amount)
    const p = num(cells.unit_price)
    if (q !== null && cells.description && (a !== null || p !== null)) {
      const t = num(cells.tax_rate)
      lines.push({
        supplier_code: cells.supplier_code ?? null,
        gtin: gtin14(cells.gtin) ?? cells.gtin ?? null,
        description: cells.description,
        pack_text: cells.pack_text ?? null,
        quantity: q.value,
        unit_price: p?.value ?? (q.value > 0 ? Math.round((a!.value * 100) / q.value) : 0),
        amount: a?.value ?? Math.round((p!.value * q.value) / 100),
        tax_rate: t?.value ?? null,
        rounded: q.rounded || (p?.rounded ?? false) || (a?.rounded ?? false),
      })
      lastLine = { page: row.page, top: row.top, height: row.words[0].height }
      tableEnd = index
      return
    }
    const onlyDescription = Object.keys(cells).length === 1 && cells.description
    const prev = lastLine as { page: number; top: number; height: number } | null
    if (onlyDescription && prev && prev.page === row.page && row.top - prev.top < 2.2 * prev.height) {
      // A description wrapped onto a second line.
      lines[lines.length - 1].description += ` ${cells.description}`
      lastLine = { ...prev, top: row.top }
      return
    }
    if (!fixed && (TOTAL.test(rowText(row)) || NET.test(rowText(row)) || TAX.test(rowText(row)))) inTable = false
    lastLine = null
  })
  // No header the reader knows: the row above the first run of rows with figures is taken as the header, and the
  // draft shows its columns for a person to name (PUT …/layout); no line is read until then.
  columns ??= fixed || template ? null : guessedHeader(rows)
  if (columns === null) throw new UnreadableFile(INVOICE_MSG.pdfNoTable)
  if (lines.length > MAX_INVOICE_LINES) throw new UnreadableFile(INVOICE_MSG.tooManyLines)

  // The head: number, date and order from labelled text anywhere; the totals from labelled rows after the last line.
  const texts = rows.map(rowText)
  const all = texts.join('\n')
  const invoiceNumber = texts.map((t) => NUMBER_LABEL.exec(t)?.[1] ?? null).find((x) => x !== null) ?? null
  const dated = texts.find((t) => /\b(date|datum|dated)\b/i.test(t) && DATE.test(t)) ?? texts.find((t) => DATE.test(t))
  const invoiceDate = dated ? isoDay(DATE.exec(dated)![1]) : null
  const orderReference = texts.map((t) => ORDER_LABEL.exec(t)?.[1] ?? null).find((x) => x !== null) ?? null
  let net: number | null = null
  let tax: number | null = null
  let gross: number | null = null
  for (const row of rows.slice(tableEnd + 1)) {
    const t = rowText(row)
    const figures = phrases(row).map((p) => num(p.text)).filter((x) => x !== null)
    const last = figures.at(-1)?.value
    if (last === undefined) continue
    if (GROSS.test(t)) gross ??= last
    else if (NET.test(t)) net ??= last
    else if (TAX.test(t)) tax = (tax ?? 0) + last
    else if (TOTAL.test(t)) gross ??= last
  }
  const taxIds = [...all.matchAll(TAX_LABEL)].map((m) => TAX_ID.exec(m[1])?.[0].replace(/[\s-]/g, '')).filter((x): x is string => !!x)
  const used = columns as PdfColumn[]
  return {
    reader: 'PDF_TEXT',
    source: 'PDF',
    invoice_number: invoiceNumber,
    invoice_date: invoiceDate,
    credit_note: /\b(credit note|gutschrift|avoir)\b/i.test(all),
    currency: null,
    seller: { name: texts[0] ?? null, tax_ids: taxIds },
    order_reference: orderReference,
    net,
    tax,
    gross,
    lines_total: net,
    lines,
    layout: used,
    signature: signatureOf(used.map((c) => c.header)),
    text: all,
  }
}
