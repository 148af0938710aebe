import * as v from 'valibot'
import { MANAGER_ONLY, STORE_STAFF, type Access } from './access-types'
import { amount, flag, id } from './fields'

// CSV import and export of items, suppliers and categories, and bulk edit of items: shapes, the
// header rules both the server and the import wizard use, messages and access.

export const IMPORT_KINDS = ['items', 'suppliers', 'categories'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

/** The most an import body may be (the app's 1 MiB limit is lifted for the import routes only). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024
/** The most rows one import takes: checked before anything else is read, so a bigger file costs a scan, not a plan. */
export const MAX_IMPORT_ROWS = 20_000

/** One problem with one cell (or a whole row when `column` is ''). `row` is the spreadsheet's row number: the header is row 1. */
export interface ImportError {
  row: number
  column: string
  value: string
  message: string
}

/** The answer of POST /imports/{kind}: the same for a dry run and for the real import. */
export interface ImportResult {
  create: number
  update: number
  unchanged: number
  warnings: string[]
  errors: ImportError[]
}

/** A column the importer understands, as GET /imports/{kind}/columns lists it (the wizard matches headers with it). */
export interface ImportColumnSpec {
  field: string
  label: string
  /** Other headers accepted for it (already normalised, see normaliseHeader). */
  aliases: string[]
  /** Needed for a new row (items: name and unit). */
  required_for_new: boolean
}

/** `?map=` a JSON object: a header as written in the file → the field it means ('' ignores the column). */
const columnMap = v.pipe(
  v.string('map must be a JSON object of header → field'),
  v.maxLength(10_000, 'map is too long'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const parsed = JSON.parse(dataset.value) as unknown
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((x) => typeof x === 'string')) return parsed as Record<string, string>
    } catch {}
    addIssue({ message: 'map must be a JSON object of header → field' })
    return NEVER
  }),
)

const queryFlag = (field: string, fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(`${field} must be true or false`),
      v.toLowerCase(),
      v.picklist(['true', 'false', '1', '0'], `${field} must be true or false`),
      v.transform((s) => s === 'true' || s === '1'),
    ),
    fallback ? 'true' : 'false',
  )

/** The most columns one field may be built from, and the longest "same value for every row". */
export const MAX_LAYOUT_COLUMNS = 10
export const MAX_LAYOUT_VALUE = 200

/**
 * Where one field's value comes from (issue 32.7): columns of the file by position (0 = column A; several are joined
 * with spaces, empty parts skipped, or added up for an amount), or the same value for every row.
 */
export const ImportSource = v.union(
  [
    v.strictObject({
      columns: v.pipe(
        v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999)), 'columns must be a list of column positions'),
        v.minLength(1, 'columns must name at least one column'),
        v.maxLength(MAX_LAYOUT_COLUMNS, `a field is built from at most ${MAX_LAYOUT_COLUMNS} columns`),
      ),
    }),
    v.strictObject({ value: v.pipe(v.string(), v.maxLength(MAX_LAYOUT_VALUE, `a value for every row is at most ${MAX_LAYOUT_VALUE} characters`)) }),
  ],
  'each field of layout needs { columns: [positions] } or { value: text }',
)
export type ImportSource = v.InferOutput<typeof ImportSource>

/** `?layout=` a JSON object field → source: replaces the header matching (and `map`) whole; columns it does not name are not read. */
const layoutParam = v.pipe(
  v.string('layout must be a JSON object of field → source'),
  v.maxLength(10_000, 'layout is too long'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const parsed = JSON.parse(dataset.value) as unknown
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const r = v.safeParse(v.record(v.string(), ImportSource), parsed)
        if (r.success) return r.output
        addIssue({ message: `layout: ${r.issues[0].message}` })
        return NEVER
      }
    } catch {}
    addIssue({ message: 'layout must be a JSON object of field → source' })
    return NEVER
  }),
)

/** What to do with several rows of one file for one item (the same sku, else barcode, else name). */
export const REPEAT_RULES = ['refuse', 'last', 'sum'] as const
export type RepeatRule = (typeof REPEAT_RULES)[number]

/**
 * POST /imports/{kind}?dry_run=true|false[&set_quantity=true][&map={…}|&layout={…}][&repeats=refuse|last|sum][&round_prices=true]:
 * a dry run unless dry_run=false.
 */
export const ImportQuery = v.object({
  dry_run: queryFlag('dry_run', true),
  set_quantity: queryFlag('set_quantity', false),
  map: v.optional(columnMap),
  layout: v.optional(layoutParam),
  repeats: v.optional(v.picklist(REPEAT_RULES, `repeats must be one of ${REPEAT_RULES.join(', ')}`), 'refuse'),
  round_prices: queryFlag('round_prices', false),
})
export type ImportOptions = v.InferOutput<typeof ImportQuery>

export const BULK_MAX_ITEMS = 5000

/** PATCH /items/bulk: the same values set on every listed item, all or nothing. */
/** What a bulk edit sets: the bulk edit bar checks its fields with it. */
export const BulkEditSet = v.pipe(
  v.strictObject(
    {
      category_id: v.optional(id('category_id')),
      supplier_id: v.optional(id('supplier_id')),
      min_stock_level: v.optional(amount('min_stock_level')),
      /** Ordering (issue 32): the same par level, in each item's base unit; null clears it (never suggested). */
      par_level: v.optional(v.nullable(amount('par_level'))),
      is_active: v.optional(flag('is_active')),
    },
    'set must be an object',
  ),
  v.check((s) => Object.values(s).some((x) => x !== undefined), 'set must name at least one of category_id, supplier_id, min_stock_level, par_level, is_active'),
)

export const BulkEditBody = v.strictObject({
  item_ids: v.pipe(
    v.array(id('item_ids'), 'item_ids must be a list of item ids'),
    v.minLength(1, 'item_ids must name at least one item'),
    v.maxLength(BULK_MAX_ITEMS, `item_ids may name at most ${BULK_MAX_ITEMS} items`),
  ),
  set: BulkEditSet,
})
export type BulkEditInput = v.InferOutput<typeof BulkEditBody>

export interface BulkEditResult {
  updated: number
  fields: string[]
}

// ---------- Headers: the one rule for the server and the wizard ----------

/** "Cost Price", "cost-price", " COST_PRICE " → "cost_price". A BOM or a trailing space never matters. */
export const normaliseHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')

/** Which column each header means: a field, or null (ignored, with a warning). `map` (header as written → field, '' to ignore) wins. */
export function matchHeaders(headers: string[], specs: readonly Pick<ImportColumnSpec, 'field' | 'aliases'>[], map: Record<string, string> = {}) {
  const byName = new Map<string, string>()
  for (const s of specs) {
    byName.set(s.field, s.field)
    for (const a of s.aliases) byName.set(a, s.field)
  }
  const mapped = new Map(Object.entries(map).map(([h, f]) => [h.trim(), f]))
  const taken = new Set<string>()
  const fields: (string | null)[] = []
  const unknown: string[] = []
  const duplicate: string[] = []
  for (const raw of headers) {
    const header = raw.replace(/^\uFEFF/, '').trim()
    const chosen = mapped.has(header) ? mapped.get(header)! : (byName.get(normaliseHeader(header)) ?? null)
    const field = chosen && specs.some((s) => s.field === chosen) ? chosen : null
    if (field && taken.has(field)) {
      duplicate.push(header)
      fields.push(null)
      continue
    }
    if (field) taken.add(field)
    else if (header !== '' && !(mapped.has(header) && mapped.get(header) === '')) unknown.push(header)
    fields.push(field)
  }
  return { fields, unknown, duplicate }
}

export type Delimiter = ',' | ';' | '\t'

/** The delimiter of a file, read from its header line: the most frequent of comma, semicolon and tab outside quotes (a comma on a tie or none). */
export function detectDelimiter(text: string): Delimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (let i = 0; i < text.length && i < 65_536; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) break
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',')
  return best
}

/**
 * A file's records one at a time, as written (quotes honoured, a line break inside quotes kept, a record ending at
 * \r\n, \n or \r; blank records included, cells untrimmed): read lazily, so the wizard reads only the lines it shows.
 */
function* records(text: string, delimiter: Delimiter): Generator<string[]> {
  let record: string[] = []
  let cell = ''
  let quoted = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++
      else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === delimiter) record.push(cell), (cell = '')
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      record.push(cell)
      yield record
      ;(record = []), (cell = '')
    } else cell += c
  }
  if (cell !== '' || record.length) record.push(cell), yield record
}

/** The header cells of a file (first line, quotes honoured): what the wizard shows before anything is sent. */
export function headerCells(text: string, delimiter: Delimiter = detectDelimiter(text)): string[] {
  const first = records(text, delimiter).next()
  return (first.done ? [''] : first.value).map((c) => c.trim())
}

// ---------- The wizard's view of a file (issue 32.7) ----------

/** "A", "B", … "Z", "AA": a column's letter as a spreadsheet shows it. */
export function columnLetter(i: number): string {
  let s = ''
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

/** The positions whose header (normalised) appears more than once in the file. */
export function repeatedHeaders(headers: string[]): Set<number> {
  const seen = new Map<string, number[]>()
  headers.forEach((h, i) => {
    const k = normaliseHeader(h)
    if (k) seen.set(k, [...(seen.get(k) ?? []), i])
  })
  return new Set([...seen.values()].filter((at) => at.length > 1).flat())
}

/** A header as the wizard and the errors name it: a repeated one says its column ("Full bottles (column C)"). */
export const headerLabel = (headers: string[], i: number, repeated = repeatedHeaders(headers)) =>
  repeated.has(i) ? `${headers[i] || '(no header)'} (column ${columnLetter(i)})` : headers[i] || `(column ${columnLetter(i)})`

/** The file's layout as a key: the same headers in the same order (whatever their case or spacing) are the same file shape. */
export const headerSignature = (headers: string[]) => headers.map(normaliseHeader).join('|')

/** The first `n` data rows of a file (quotes honoured, line breaks inside quotes kept): the wizard's sample values. */
export function leadingRows(text: string, n: number, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  // The header is the first record with a value, as are the rows after it; blank records are skipped.
  const rows: string[][] = []
  for (const record of records(text, delimiter)) {
    if (rows.length > n) break
    if (record.some((c) => c.trim() !== '')) rows.push(record)
  }
  return rows.slice(1, n + 1).map((r) => r.map((c) => c.trim()))
}

/** A field built from several columns: text joined with single spaces, empty parts skipped ("Weller " + "12 Year" → "Weller 12 Year"). */
export const joinCells = (cells: string[]) =>
  cells
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .join(' ')

// ---------- Messages ----------

export const IMPORT_MSG = {
  dryRun: (r: ImportResult) => `Dry run: ${r.create} to create, ${r.update} to update, ${r.unchanged} unchanged, ${r.errors.length} error${r.errors.length === 1 ? '' : 's'}`,
  imported: (r: ImportResult) => `Imported: ${r.create} created, ${r.update} updated, ${r.unchanged} unchanged`,
  refused: (n: number) => `Nothing was imported: the file has ${n} error${n === 1 ? '' : 's'}. Fix ${n === 1 ? 'it' : 'them'} and try again.`,
  tooLarge: 'The file is too large (5 MB at most)',
  tooManyRows: (n: number) =>
    `The file has ${n.toLocaleString('en-US')} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')}. Split it into files of ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows or fewer.`,
  busy: 'Another import is running; try again when it has finished',
  changedMeanwhile: 'The items kept changing while the file was checked; nothing was imported. Try again.',
  notUtf8: 'The file is not UTF-8 text. In Excel choose "CSV UTF-8"; in LibreOffice choose the character set "Unicode (UTF-8)".',
  empty: 'The file is empty: it needs a header row and at least one row',
  csvOnly: 'The file must be sent as text/csv',
  rounded: (n: number) => `${n} price${n === 1 ? '' : 's'} rounded to the cent`,
  repeatsKept: (dropped: number, items: number) => `${dropped} repeated row${dropped === 1 ? '' : 's'} for ${items} item${items === 1 ? '' : 's'}: the last row of each was kept`,
  repeatsSummed: (dropped: number, items: number) => `${dropped} repeated row${dropped === 1 ? '' : 's'} for ${items} item${items === 1 ? '' : 's'}: quantities added up, the other columns read from the last row`,
  unknownField: (field: string) => `layout names "${field}", which is not a column of this import`,
  noSuchColumn: (at: number, count: number) => `layout names column ${columnLetter(at)}, but the file has ${count} column${count === 1 ? '' : 's'}`,
  orderPackGone: (pack: string) => `The pack “${pack}” of an item was deleted while the file was imported; nothing was imported. Check the file again.`,
  bulkUpdated: (n: number) => `${n} item${n === 1 ? '' : 's'} updated`,
  unknownItems: (ids: number[]) => `Unknown item ids: ${ids.join(', ')}. Nothing was changed.`,
} as const

// ---------- Who may call what ----------

export const importsAccess = {
  'GET /api/items/export.csv': STORE_STAFF,
  'GET /api/suppliers/export.csv': STORE_STAFF,
  'GET /api/categories/export.csv': STORE_STAFF,
  'GET /api/imports/items/template.csv': STORE_STAFF,
  'GET /api/imports/:kind/columns': STORE_STAFF,
  'POST /api/imports/items': STORE_STAFF,
  'POST /api/imports/suppliers': STORE_STAFF,
  'POST /api/imports/categories': STORE_STAFF,
  'PATCH /api/items/bulk': MANAGER_ONLY,
} as const satisfies Record<string, Access>

/** The routes that take a text/csv body (the app lets them through its JSON-only check, up to MAX_IMPORT_BYTES): the catalogue imports and the sales import (issue 22). */
export const CSV_BODY_ROUTES = /^\/api\/(imports\/(items|suppliers|categories)|sales\/import)$/
