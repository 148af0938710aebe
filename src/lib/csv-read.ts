import { detectDelimiter, type Delimiter } from '../contract/imports'

// Reading a CSV someone saved from Excel, LibreOffice or Google Sheets: papaparse (already used
// for the downloads) with the delimiter chosen from the header line, a BOM dropped, quotes honoured.

let papa: Promise<typeof import('papaparse')> | null = null
const loadPapa = () => (papa ??= import('papaparse').then((m) => (m.default ?? m) as typeof import('papaparse')))

export interface CsvRecord {
  /** The spreadsheet's row number: the header is row 1. */
  row: number
  cells: string[]
}

export interface CsvTable {
  delimiter: Delimiter
  headers: string[]
  records: CsvRecord[]
  /** Rows papaparse could not read cleanly (an unclosed quote): the row and what went wrong. */
  problems: { row: number; message: string }[]
}

/** UTF-8 bytes → text, or null when they are not UTF-8 (a Windows-1252 "CSV" from an old Excel). The BOM is dropped. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return null
  }
}

/**
 * The data rows of a file without parsing it (the header and rows whose cells are all blank not counted): one pass
 * over the characters, line breaks inside quotes ignored. Cheap enough to refuse a huge file before it is parsed.
 */
export function countRows(text: string, delimiter: Delimiter = detectDelimiter(text)): number {
  const sep = delimiter.charCodeAt(0)
  let rows = 0
  let quoted = false
  let filled = false
  let header = true
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) (quoted = !quoted), (filled = true)
    else if (quoted) continue
    else if (c === 10 || c === 13) {
      if (filled && !header) rows++
      if (filled) header = false
      filled = false
    } else if (c !== sep && c !== 32 && c !== 9) filled = true
  }
  return filled && !header ? rows + 1 : rows
}

/** Parses the whole text (the caller bounds its size). Rows whose every cell is blank (";;;" left by a spreadsheet) are skipped but still counted. */
export async function readCsv(text: string): Promise<CsvTable> {
  const Papa = await loadPapa()
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const delimiter = detectDelimiter(body)
  const parsed = Papa.parse<string[]>(body, { delimiter, header: false, skipEmptyLines: false, quoteChar: '"', escapeChar: '"' })
  const rows = parsed.data
  // A file ending with a line break gives a last row of one empty cell.
  while (rows.length > 0 && rows[rows.length - 1].every((c) => c.trim() === '')) rows.pop()
  const headers = (rows[0] ?? []).map((h) => h.trim())
  const records: CsvRecord[] = []
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].every((c) => c.trim() === '')) continue
    records.push({ row: i + 1, cells: rows[i] })
  }
  const problems = parsed.errors.filter((e) => e.type === 'Quotes').map((e) => ({ row: (e.row ?? 0) + 1, message: `${e.message} (check the quotes on this row)` }))
  return { delimiter, headers, records, problems }
}
