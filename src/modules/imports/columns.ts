import * as v from 'valibot'
import { MAX_AMOUNT } from '../../contract/fields'
import { COST_SCALE } from '../../contract/fixed'
import { normaliseHeader, type Delimiter, type ImportColumnSpec } from '../../contract/imports'
import type { Db } from '../../db/open'

// The column table of an import and its export. Each column is ONE entry: its header and aliases,
// how to read it from a stored row (export and "unchanged"), how to parse and check a cell, and how
// to apply the value to the row being written. Adding a field (packs, par_level, storage_areas) is
// adding one entry to the table of its kind; docs/import.md says how.

/** A cell that cannot be used; its message names the field. */
export class CellError extends Error {}

export interface CellContext {
  delimiter: Delimiter
  /** Semicolon or tab files may write 12,50 (a LibreOffice or Excel in a decimal-comma locale). */
  decimalComma: boolean
  /** Round prices with more than 2 decimals half up to the cent (`round_prices=true`), counting them in `rounded`. */
  roundPrices?: boolean
  rounded?: number
}

export interface ImportColumn<Stored, Draft, Value = unknown> {
  /** The header the export writes (snake_case). */
  field: string
  label: string
  /** Other headers accepted, in any case and spacing ("Cost Price", "price"). */
  aliases?: string[]
  /** How the export writes the value: money always with 2 decimals, a cost per unit with its decimals (0.007), quantities as a person writes them. */
  kind?: 'text' | 'money' | 'cost' | 'qty'
  /** Read from a file only (a partial bottle count): not in the export or the template. */
  importOnly?: boolean
  /** Needed when the row creates a new record. */
  requiredForNew?: boolean
  /** The stored value in the same form `parse` returns (export, and deciding "unchanged"). */
  read: (stored: Stored, db: Db) => Value
  /** Cell text (trimmed, a formula guard removed) → value; throws CellError. An empty cell is '' here. */
  parse: (cell: string, ctx: CellContext) => Value
  /** The value as a CSV cell (defaults: null → '', cents → decimal). */
  toCell?: (value: Value) => string | number | null
  /** Whether the file's value is what is stored (default: equal after JSON; text columns compare case-sensitively). */
  same?: (stored: Value, value: Value) => boolean
  /** Writes the value into the row about to be saved. */
  apply?: (draft: Draft, value: Value) => void
  /** For a value kept outside the main row (a pack table, storage areas): written after the row, in the same transaction. */
  write?: (db: Db, id: number, value: Value, at: string) => void
}

export const columnSpecs = (columns: readonly ImportColumn<any, any>[]): ImportColumnSpec[] =>
  columns.map((c) => ({ field: c.field, label: c.label, aliases: (c.aliases ?? []).map(normaliseHeader), required_for_new: c.requiredForNew === true }))

export const cellOf = (c: ImportColumn<any, any>, value: unknown): string | number | null =>
  c.toCell
    ? c.toCell(value as never)
    : c.kind === 'money' || c.kind === 'qty' || c.kind === 'cost'
      ? value === null || value === undefined
        ? null
        : (value as number) / (c.kind === 'cost' ? COST_SCALE : 100)
      : ((value as string | null) ?? null)

// ---------- Cell parsers ----------

/** The export guards cells starting with = + - @ tab or CR with a leading apostrophe; a re-import takes it off again. */
export const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)

/** Runs one of the contract's field schemas over a cell: the same rule and message as the JSON API. */
export function bySchema<T>(schema: v.GenericSchema<unknown, T>, cell: unknown): T {
  const r = v.safeParse(schema, cell)
  if (r.success) return r.output
  throw new CellError(r.issues[0].message)
}

/**
 * A decimal with at most `places` places (2: → hundredths; COST_DECIMALS: → a cost in 1/100,000). Decimal comma in
 * semicolon/tab files; thousands separators where unambiguous. Blank → null.
 */
export function parseAmount(field: string, cell: string, ctx: CellContext, places = 2, roundToCents = false): number | null {
  let s = cell.replace(/[\s\u00a0\u202f']/g, '')
  if (s === '') return null
  if (ctx.decimalComma) {
    if (s.includes(',') && s.includes('.')) {
      if (!/^-?\d{1,3}(\.\d{3})+,\d+$/.test(s)) throw new CellError(`${field} must be a number (like 12,50)`)
      s = s.replace(/\./g, '').replace(',', '.')
    } else if (s.includes(',')) {
      if ((s.match(/,/g) ?? []).length > 1) throw new CellError(`${field} must be a number (like 12,50)`)
      s = s.replace(',', '.')
    }
  } else if (s.includes(',')) {
    // In a comma file a comma inside a quoted number can only be a thousands separator: 1,234.50.
    if (!/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) throw new CellError(`${field} must be a number with a dot for decimals (like 12.50)`)
    s = s.replace(/,/g, '')
  }
  if (!/^-?\d+(\.\d+)?$/.test(s) && !/^-?\.\d+$/.test(s)) throw new CellError(`${field} must be a number`)
  const n = Number(s)
  if (n < 0) throw new CellError(`${field} must be at least 0`)
  if (n > MAX_AMOUNT) throw new CellError(`${field} is too large`)
  const [whole, decimals = ''] = s.split('.')
  if (roundToCents && decimals.replace(/0+$/, '').length > 2) {
    // Half up on the digits as written (5.295 → 5.30), never through a float's 5.29499…
    ctx.rounded = (ctx.rounded ?? 0) + 1
    const cents = Number(whole || '0') * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0)
    return cents * 10 ** (places - 2)
  }
  if (decimals.replace(/0+$/, '').length > places) throw new CellError(`${field} must have at most ${places} decimal places`)
  return Math.round(n * 10 ** places)
}

/** YYYY-MM-DD; a date a spreadsheet wrote with a midnight time ("2027-05-01 00:00:00") is taken as its day. Blank → null. */
export function parseDate(field: string, cell: string, schema: v.GenericSchema<unknown, string>): string | null {
  if (cell === '') return null
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(cell)
  if (!m) throw new CellError(`${field} must be a date (YYYY-MM-DD)`)
  return bySchema(schema, m[1])
}

export const sameText = (a: unknown, b: unknown) => (a ?? null) === (b ?? null)
export const sameName = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase()
