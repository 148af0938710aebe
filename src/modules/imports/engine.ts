import { matchHeaders, type ImportError, type ImportResult } from '../../contract/imports'
import type { CsvTable } from '../../lib/csv-read'
import type { Slice } from '../../lib/slices'
import { CellError, columnSpecs, unguard, type CellContext, type ImportColumn } from './columns'

// The part every kind shares: headers → columns, each cell parsed by its column, errors with row and column.

/** A row's parsed values by field: one small array per row (a Map per row cost ≈ 1 KB, 40 MB for 20,000 rows). */
export class RowValues {
  constructor(
    private readonly slot: ReadonlyMap<string, number>,
    private readonly values: unknown[] = [],
  ) {}
  get(field: string): unknown {
    const i = this.slot.get(field)
    return i === undefined ? undefined : this.values[i]
  }
  has(field: string): boolean {
    return this.get(field) !== undefined
  }
  set(field: string, value: unknown) {
    this.values[this.slot.get(field)!] = value
  }
}

/** A row's cells as written, by field (for messages): read from the record's own cells, not copied. */
export class RowCells {
  constructor(
    private readonly index: ReadonlyMap<string, number>,
    private readonly cells: string[],
  ) {}
  get(field: string): string | undefined {
    const i = this.index.get(field)
    return i === undefined ? undefined : (this.cells[i] ?? '')
  }
}

export interface ParsedRow {
  row: number
  /** field → parsed value; a blank cell that means "keep" (undefined) is left out. */
  values: RowValues
  /** field → the cell as written, for messages. */
  cells: RowCells
  ok: boolean
}

export interface ParsedFile<C> {
  present: C[]
  rows: ParsedRow[]
  /** field → the header as written in the file (errors name the column the person sees). */
  headerOf: Map<string, string>
  errors: ImportError[]
  warnings: string[]
  ctx: CellContext
}

/** Reads every row through its columns; `slice` lets other requests in between rows. */
export async function parseFile<C extends ImportColumn<any, any>>(table: CsvTable, columns: readonly C[], map: Record<string, string> | undefined, slice: Slice): Promise<ParsedFile<C>> {
  const errors: ImportError[] = []
  const warnings: string[] = []
  const { fields, unknown, duplicate } = matchHeaders(table.headers, columnSpecs(columns), map)
  for (const h of unknown) warnings.push(`Column "${h}" is not known and was ignored`)
  for (const h of duplicate) warnings.push(`Column "${h}" appears twice; only the first one is read`)
  const headerOf = new Map<string, string>()
  const at: { column: C; index: number }[] = []
  fields.forEach((f, index) => {
    if (!f) return
    const column = columns.find((c) => c.field === f)!
    headerOf.set(f, table.headers[index])
    at.push({ column, index })
  })
  const slot = new Map(at.map((a, i) => [a.column.field, i]))
  const index = new Map(at.map((a) => [a.column.field, a.index]))
  const ctx: CellContext = { delimiter: table.delimiter, decimalComma: table.delimiter !== ',' }
  for (const p of table.problems) errors.push({ row: p.row, column: '', value: '', message: p.message })
  const rows: ParsedRow[] = []
  for (const rec of table.records) {
    const pause = slice()
    if (pause) await pause
    const row: ParsedRow = { row: rec.row, values: new RowValues(slot), cells: new RowCells(index, rec.cells), ok: true }
    // Cells beyond the header that hold something would be read as nothing: say so.
    const extra = rec.cells.slice(table.headers.length).filter((c) => c.trim() !== '')
    if (extra.length) {
      errors.push({ row: rec.row, column: '', value: extra[0], message: `This row has ${rec.cells.length} cells but the header has ${table.headers.length}` })
      row.ok = false
    }
    for (const { column, index } of at) {
      const raw = rec.cells[index] ?? ''
      const cell = unguard(raw.trim())
      try {
        const value = column.parse(cell, ctx)
        if (value !== undefined) row.values.set(column.field, value)
      } catch (e) {
        if (!(e instanceof CellError)) throw e
        errors.push({ row: rec.row, column: headerOf.get(column.field)!, value: raw, message: e.message })
        row.ok = false
      }
    }
    rows.push(row)
  }
  return { present: at.map((a) => a.column), rows, headerOf, errors, warnings, ctx }
}

/** An error about a field of a row (the column as the file names it, or the field when the file has no such column). */
export const rowError = (f: ParsedFile<any>, row: ParsedRow, field: string, message: string): ImportError => ({
  row: row.row,
  column: f.headerOf.get(field) ?? field,
  value: row.cells.get(field) ?? '',
  message,
})

export const emptyResult = (): ImportResult => ({ create: 0, update: 0, unchanged: 0, warnings: [], errors: [] })

/** "a, b and 3 more": a list that stays readable in a warning. */
export function listNames(names: string[], max = 10) {
  const shown = names.slice(0, max).map((n) => `"${n}"`)
  return names.length > max ? `${shown.join(', ')} and ${names.length - max} more` : shown.join(', ')
}
