import { headerSignature, joinCells, matchHeaders, normaliseHeader, repeatedHeaders, type ImportColumnSpec, type ImportKind, type ImportSource, type RepeatRule } from '../../../../src/contract/imports'

// The wizard's choices for one file (issue 32.7) and how they become the `layout` the server reads.

/** A column read as nothing. */
export const IGNORE = ''
/** A repeated header that matches a field: the person says which column (or both) before the file is checked. */
export const UNDECIDED = '?'

export interface Choices {
  /** Column position → field ('' ignored, '?' undecided). Several columns on one field are joined (text) or added up (amounts). */
  columns: Record<number, string>
  /** Fields built from several columns, joined with spaces in the file's column order. */
  combined: { field: string; columns: number[] }[]
  /** Fields with the same value on every row. */
  constants: Record<string, string>
  repeats: RepeatRule
  roundPrices: boolean
}

/** The starting choices: each header as the server would match it; a repeated known header is left for the person to choose. */
export function initialChoices(headers: string[], specs: ImportColumnSpec[]): Choices {
  const { fields } = matchHeaders(headers, specs)
  const repeated = repeatedHeaders(headers)
  const known = new Set(specs.flatMap((s) => [s.field, ...s.aliases]))
  const columns: Record<number, string> = {}
  headers.forEach((h, i) => {
    columns[i] = repeated.has(i) ? (known.has(normaliseHeader(h)) ? UNDECIDED : IGNORE) : (fields[i] ?? IGNORE)
  })
  return { columns, combined: [], constants: {}, repeats: 'refuse', roundPrices: false }
}

/** The layout sent with the file: every field the choices read, and from where. */
export function layoutOf(c: Choices): Record<string, ImportSource> {
  const out: Record<string, ImportSource> = {}
  for (const [at, field] of Object.entries(c.columns)) {
    if (field === IGNORE || field === UNDECIDED) continue
    const src = out[field]
    out[field] = { columns: src && 'columns' in src ? [...src.columns, Number(at)] : [Number(at)] }
  }
  for (const r of c.combined) out[r.field] = { columns: [...r.columns].sort((a, b) => a - b) }
  for (const [field, value] of Object.entries(c.constants)) if (value.trim() !== '') out[field] = { value }
  return out
}

/** What a combined field reads on a sample row ("Eagle Rare 10 year 750ml"). */
export const combinedSample = (columns: number[], row: string[] | undefined) => (row ? joinCells([...columns].sort((a, b) => a - b).map((i) => row[i] ?? '')) : '')

const storageKey = (kind: ImportKind, headers: string[]) => `rims.import.${kind}.${headerSignature(headers)}`

/** The choices of the last import of a file with these headers, on this browser, or null. */
export function rememberedChoices(kind: ImportKind, headers: string[]): (Choices & { saved_at: string }) | null {
  try {
    const raw = localStorage.getItem(storageKey(kind, headers))
    const saved = raw ? (JSON.parse(raw) as Choices & { saved_at: string }) : null
    return saved && typeof saved.columns === 'object' && Array.isArray(saved.combined) ? saved : null
  } catch {
    return null
  }
}

export function rememberChoices(kind: ImportKind, headers: string[], c: Choices) {
  try {
    localStorage.setItem(storageKey(kind, headers), JSON.stringify({ ...c, saved_at: new Date().toISOString() }))
  } catch {
    // A full or blocked storage only loses the memory, never the import.
  }
}

export function forgetChoices(kind: ImportKind, headers: string[]) {
  try {
    localStorage.removeItem(storageKey(kind, headers))
  } catch {}
}
