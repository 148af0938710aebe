import { formatCost, toCost } from '../contract/fixed'

export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => string | number | null | undefined
  /** money: always 2 decimals; cost (per unit): 2 decimals, more when it has them (0.007); qty: as a person writes it; text: neutralised against formulas. */
  kind?: 'text' | 'money' | 'cost' | 'qty'
}

// A spreadsheet runs a cell that starts with = + - @ tab or CR as a formula; a leading ' shows it as text.
const FORMULA_START = /^[=+\-@\t\r]/

export const neutralise = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text)

function cell<Row>(column: CsvColumn<Row>, row: Row): string {
  const v = column.value(row)
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') return column.kind === 'money' ? v.toFixed(2) : column.kind === 'cost' ? formatCost(toCost(v)) : String(v)
  return neutralise(v)
}

// papaparse loads with the first export, not at start.
let papa: Promise<typeof import('papaparse')> | null = null
const loadPapa = () => (papa ??= import('papaparse').then((m) => (m.default ?? m) as typeof import('papaparse')))

const BOM = '\uFEFF'
const BATCH = 500

/**
 * A CSV file as a stream: UTF-8 with a BOM (Excel opens it as UTF-8), every field quoted by
 * papaparse (LibreOffice may split on `;`, so an unquoted `a;=cmd` would become a formula cell) (twice as fast as csv-stringify on a year of movements), rows pulled from an iterator in small batches so a year of movements is
 * never held in memory.
 */
export function csvStream<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = rows[Symbol.iterator]()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const Papa = await loadPapa()
      const records: string[][] = []
      let prefix = ''
      if (!started) {
        started = true
        prefix = BOM
        records.push(columns.map((c) => neutralise(c.header)))
      }
      let done = false
      while (records.length < BATCH) {
        const next = iterator.next()
        if (next.done) {
          done = true
          break
        }
        records.push(columns.map((c) => cell(c, next.value)))
      }
      if (records.length) controller.enqueue(encoder.encode(prefix + Papa.unparse(records, { newline: '\r\n', quotes: true }) + '\r\n'))
      if (done) controller.close()
    },
    cancel() {
      iterator.return?.()
    },
  })
}

/** The same rows as an in-memory table, for previews (first rows only). */
export function csvPreview<Row>(columns: CsvColumn<Row>[], rows: Row[]) {
  return { columns: columns.map((c) => c.header), rows: rows.map((r) => columns.map((c) => cell(c, r))) }
}
