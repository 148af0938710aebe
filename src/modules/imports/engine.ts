import { headerLabel, IMPORT_MSG, joinCells, matchHeaders, normaliseHeader, repeatedHeaders, type ImportError, type ImportResult, type ImportSource } from '../../contract/imports'
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

/** A row's cells as written, by field (for messages): read from the record's own cells, not copied; a field built from several columns or a value for every row is computed once. */
export class RowCells {
  constructor(
    private readonly sources: ReadonlyMap<string, FieldSource>,
    private readonly cells: string[],
  ) {}
  get(field: string): string | undefined {
    const src = this.sources.get(field)
    if (!src) return undefined
    if (src.value !== undefined) return src.value
    if (src.indexes.length === 1) return this.cells[src.indexes[0]] ?? ''
    return joinCells(src.indexes.map((i) => this.cells[i] ?? ''))
  }
}

/** Where a field is read from: columns by position (several: joined, or added up for an amount) or one value for every row. */
export interface FieldSource {
  field: string
  indexes: number[]
  value?: string
  /** As errors name it: the header, "Brand + Item + Size", "Full (column G)", or "(same value for every row)". */
  header: string
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

export interface ReadOptions {
  map?: Record<string, string>
  layout?: Record<string, ImportSource>
  roundPrices?: boolean
}

/** The amounts: several columns read as one are added up (two "Full bottles" columns), not joined. */
const adds = (c: ImportColumn<any, any>) => c.kind === 'qty' || c.kind === 'money' || c.kind === 'cost'

/** Each field's source: from `layout` when given (every field named, nothing else read), else by matching the headers (and `map`). */
function sourcesOf(table: CsvTable, columns: readonly ImportColumn<any, any>[], o: ReadOptions, errors: ImportError[], warnings: string[]): FieldSource[] {
  if (o.layout) {
    const repeated = repeatedHeaders(table.headers)
    const out: FieldSource[] = []
    for (const [field, src] of Object.entries(o.layout)) {
      if (!columns.some((c) => c.field === field)) {
        errors.push({ row: 1, column: '', value: field, message: IMPORT_MSG.unknownField(field) })
        continue
      }
      if ('value' in src) {
        out.push({ field, indexes: [], value: src.value.trim(), header: `${field} (same value for every row)` })
        continue
      }
      const beyond = src.columns.find((i) => i >= table.headers.length)
      if (beyond !== undefined) {
        errors.push({ row: 1, column: '', value: field, message: IMPORT_MSG.noSuchColumn(beyond, table.headers.length) })
        continue
      }
      out.push({ field, indexes: src.columns, header: src.columns.map((i) => headerLabel(table.headers, i, repeated)).join(' + ') })
    }
    // A column no field reads, with a header no field knows: said as without a layout.
    const read = new Set(out.flatMap((src) => src.indexes))
    const known = new Set(columnSpecs(columns).flatMap((c) => [c.field, ...c.aliases]))
    table.headers.forEach((h, i) => {
      if (!read.has(i) && h.trim() !== '' && !known.has(normaliseHeader(h))) warnings.push(`Column "${headerLabel(table.headers, i, repeated)}" is not known and was ignored`)
    })
    return out
  }
  const { fields, unknown, duplicate } = matchHeaders(table.headers, columnSpecs(columns), o.map)
  for (const h of unknown) warnings.push(`Column "${h}" is not known and was ignored`)
  for (const h of duplicate) warnings.push(`Column "${h}" appears twice; only the first one is read`)
  return fields.flatMap((f, index) => (f ? [{ field: f, indexes: [index], header: table.headers[index] }] : []))
}

/** Reads every row through its columns; `slice` lets other requests in between rows. */
export async function parseFile<C extends ImportColumn<any, any>>(table: CsvTable, columns: readonly C[], o: ReadOptions, slice: Slice): Promise<ParsedFile<C>> {
  const errors: ImportError[] = []
  const warnings: string[] = []
  const sources = sourcesOf(table, columns, o, errors, warnings)
  const headerOf = new Map<string, string>()
  const at: { column: C; src: FieldSource }[] = []
  for (const src of sources) {
    const column = columns.find((c) => c.field === src.field)!
    headerOf.set(src.field, src.header)
    at.push({ column, src })
  }
  const slot = new Map(at.map((a, i) => [a.column.field, i]))
  const bySource = new Map(sources.map((src) => [src.field, src]))
  const ctx: CellContext = { delimiter: table.delimiter, decimalComma: table.delimiter !== ',', roundPrices: o.roundPrices, rounded: 0 }
  for (const p of table.problems) errors.push({ row: p.row, column: '', value: '', message: p.message })
  const rows: ParsedRow[] = []
  for (const rec of table.records) {
    const pause = slice()
    if (pause) await pause
    const row: ParsedRow = { row: rec.row, values: new RowValues(slot), cells: new RowCells(bySource, rec.cells), ok: true }
    // Cells beyond the header that hold something would be read as nothing: say so.
    const extra = rec.cells.slice(table.headers.length).filter((c) => c.trim() !== '')
    if (extra.length) {
      errors.push({ row: rec.row, column: '', value: extra[0], message: `This row has ${rec.cells.length} cells but the header has ${table.headers.length}` })
      row.ok = false
    }
    for (const { column, src } of at) {
      const read = (raw: string) => {
        try {
          return { value: column.parse(unguard(raw.trim()), ctx) }
        } catch (e) {
          if (!(e instanceof CellError)) throw e
          errors.push({ row: rec.row, column: src.header, value: raw, message: e.message })
          row.ok = false
          return null
        }
      }
      let got: { value: unknown } | null
      if (src.value !== undefined) got = read(src.value)
      else if (src.indexes.length === 1) got = read(rec.cells[src.indexes[0]] ?? '')
      else if (adds(column)) {
        // Added up: blanks are nothing; all blank is a blank cell.
        const parts = src.indexes.map((i) => rec.cells[i] ?? '').filter((c) => c.trim() !== '')
        if (parts.length === 0) got = read('')
        else {
          const each = parts.map(read)
          got = each.every((x) => x !== null) ? { value: each.reduce<number>((sum, x) => sum + ((x!.value as number | null | undefined) ?? 0), 0) } : null
        }
      } else got = read(joinCells(src.indexes.map((i) => rec.cells[i] ?? '')))
      if (got && got.value !== undefined) row.values.set(column.field, got.value)
    }
    rows.push(row)
  }
  if (ctx.rounded) warnings.push(IMPORT_MSG.rounded(ctx.rounded))
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
