import * as v from 'valibot'
import { MANAGER_ONLY, STORE_STAFF, type Access } from './access-types'
import { amount, id, isoDate, paging, requiredText, upperEnum } from './fields'
import { valueCents } from './fixed'

// Receiving from the supplier's own invoice (issue 34): a file (e-invoice XML, CSV, PDF) is read into a draft,
// the draft's lines are matched to items and checked, a person corrects what is marked, and receiving the draft
// writes the ordinary receipt (contract/purchasing.ts). Money and quantities are decimal numbers on the wire with at
// most 2 decimals (integer hundredths in the database, fixed.ts), as on receipts: quantities in the line's pack
// (null pack = the item's base unit), prices per pack.

/** The largest file a draft is read from. */
export const MAX_INVOICE_BYTES = 10 * 1024 * 1024
/** The one route that takes multipart/form-data (a file): let through the JSON-only body rule, up to MAX_UPLOAD_BODY_BYTES. */
export const INVOICE_UPLOAD_ROUTE = /^\/api\/receipts\/drafts$/
/** The file and the form around it (boundaries, the other fields, a photo's OCR words). */
export const MAX_UPLOAD_BODY_BYTES = MAX_INVOICE_BYTES + 2 * 1024 * 1024 + 64 * 1024
/** The most lines one invoice may have (a receipt takes at most 500). */
export const MAX_INVOICE_LINES = 500

/**
 * READY: every line matched and every check passed; NEEDS_REVIEW: a line or the totals need a person;
 * RECEIVED: the receipt was written (`receipt_id`); DISPUTED: the Manager set it aside (a credit note is due).
 */
export const DRAFT_STATUSES = ['READY', 'NEEDS_REVIEW', 'RECEIVED', 'DISPUTED'] as const
export type DraftStatus = (typeof DRAFT_STATUSES)[number]
/** Drafts that can still be corrected and received. */
export const OPEN_DRAFT_STATUSES: readonly DraftStatus[] = ['READY', 'NEEDS_REVIEW']

/** What kind of file was uploaded (the file is kept as uploaded, GET /receipts/drafts/:id/file); IMAGE: a photo of paper, read by OCR on the phone. */
export const INVOICE_SOURCES = ['XML', 'CSV', 'PDF', 'IMAGE'] as const
export type InvoiceSource = (typeof INVOICE_SOURCES)[number]

/**
 * Which reader read it, most exact first: UBL 2.1, UN/CEFACT CII (also the XML inside a Factur-X/ZUGFeRD PDF), a
 * mapped CSV, a PDF's text layer, a photo's words found by OCR on the phone (read as the PDF's text layer is).
 */
export const INVOICE_READERS = ['UBL', 'CII', 'CSV', 'PDF_TEXT', 'OCR'] as const
export type InvoiceReader = (typeof INVOICE_READERS)[number]
/** Read by position (a PDF's text layer, a photo's OCR words): its columns can be shown and named (GET/PUT …/layout). */
export const readByColumns = (reader: InvoiceReader) => reader === 'PDF_TEXT' || reader === 'OCR'

/** How a line's item was found: the supplier's code on the item, a GTIN among the items' barcodes, an alias a person confirmed, or a name suggestion (still to confirm). */
export const MATCHED_BY = ['SUPPLIER_CODE', 'GTIN', 'ALIAS', 'NAME'] as const
export type MatchedBy = (typeof MATCHED_BY)[number]

/**
 * What needs a person. On a line: AMOUNT quantity × unit_price ≠ amount (more than 0.01 apart); NO_ITEM no item
 * matched; NAME_SUGGESTION the item is only a name guess (confirm it with PUT …/lines/:n); PRICE_DECIMALS the
 * invoice printed a figure with more than 2 decimals (rounded half-up to hundredths). On the draft: TOTALS the lines do not add up to the printed net (to the cent); NET_TAX_GROSS net + tax ≠
 * gross; NO_NUMBER / NO_DATE the invoice number or date was not found; NO_LINES nothing was read. Any problem
 * makes the draft NEEDS_REVIEW.
 */
export const PROBLEM_CODES = ['AMOUNT', 'NO_ITEM', 'NAME_SUGGESTION', 'PRICE_DECIMALS', 'TOTALS', 'NET_TAX_GROSS', 'NO_NUMBER', 'NO_DATE', 'NO_LINES'] as const
export type ProblemCode = (typeof PROBLEM_CODES)[number]

export interface InvoiceProblem {
  code: ProblemCode
  /** One sentence for the person, e.g. "2 × 10.00 is 20.00, the invoice says 200.00". */
  message: string
}

/**
 * What is worth a credit note, for the Manager's Invoices list: a price above the order's, goods short (invoiced
 * but neither received nor refused), refused, or refused as damaged. `value`: what it is worth at the invoiced price.
 */
export const DIFFERENCE_KINDS = ['PRICE_ABOVE_ORDER', 'SHORT', 'REFUSED', 'DAMAGED'] as const
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number]
export interface InvoiceDifference {
  n: number
  description: string
  kind: DifferenceKind
  /** In the line's pack: the quantity short, refused or damaged; for PRICE_ABOVE_ORDER the invoiced quantity. */
  quantity: number
  value: number
}

export interface InvoicePackRef {
  id: number
  name: string
  /** Base units in one pack. */
  size: number
}

export interface InvoiceDraftLine {
  /** 1, 2, 3 … in the invoice's order. */
  n: number
  supplier_code: string | null
  gtin: string | null
  /** As printed: "Flour type 00 / 16 kg" is one description. */
  description: string
  /** The pack as printed ("16 kg", "CS"), when the invoice gives one. */
  pack_text: string | null
  quantity: number
  unit_price: number
  /** As printed (a credit note's lines are read as positive amounts; the draft's `credit_note` says so). */
  amount: number
  /** Percent, e.g. 16; null when the invoice gives none. */
  tax_rate: number | null
  item_id: number | null
  item_name: string | null
  unit: string | null
  /** The item's pack the quantity and price are in (null: base units). */
  pack: InvoicePackRef | null
  matched_by: MatchedBy | null
  problems: InvoiceProblem[]
  /** The last price paid per pack (null: never received, or no item): the price-change rule of receiving. */
  last_price: number | null
  /** Percent change from last_price when it is at or over the price_alert_pct setting; else null. */
  price_change_pct: number | null
  /** Against the draft's order (null without an order, or when the item is not on it). */
  order_line_id: number | null
  ordered: number | null
  /** Received on the order before this invoice. */
  received_before: number | null
  order_price: number | null
  /** Once RECEIVED: what went into stock, what was refused and why (null before). */
  received_quantity: number | null
  refused_quantity: number | null
  refused_reason: RefusedReason | null
}

/**
 * One column of a PDF text-layer table: a word belongs to the column its x span (PDF points from the page's left)
 * overlaps most. `field` null: a column the reader does not know (its words are not read).
 */
export interface PdfColumn {
  field: PdfField | null
  x0: number
  x1: number
  /** The header text the column was found under (kept with a supplier's template to find the table again). */
  header: string
}
export const PDF_FIELDS = ['supplier_code', 'gtin', 'description', 'pack_text', 'quantity', 'unit_price', 'amount', 'tax_rate'] as const
export type PdfField = (typeof PDF_FIELDS)[number]

export interface InvoiceDraftSummary {
  id: number
  status: DraftStatus
  source: InvoiceSource
  reader: InvoiceReader
  file_name: string
  supplier_id: number
  supplier_name: string
  order_id: number | null
  order_number: string | null
  invoice_number: string | null
  invoice_date: string | null
  /** A credit note (UBL CreditNote, CII type 381): receiving it is refused; it is kept for the Manager. */
  credit_note: boolean
  currency: string | null
  net: number | null
  tax: number | null
  gross: number | null
  /** The printed sum of the lines the totals check compares with (the net, unless the invoice has charges or allowances on the whole); null when nothing is printed (CSV). */
  lines_total: number | null
  line_count: number
  /** Lines that carry a problem. */
  problem_lines: number
  receipt_id: number | null
  /** Σ differences' value (what a credit note should cover). */
  difference_value: number
  created_by_name: string
  created_at: string
  received_at: string | null
  disputed_at: string | null
  dispute_reason: string | null
}

export interface InvoiceDraft extends InvoiceDraftSummary {
  lines: InvoiceDraftLine[]
  /** Problems of the whole draft (TOTALS, NET_TAX_GROSS, NO_NUMBER, NO_DATE, NO_LINES). */
  problems: InvoiceProblem[]
  differences: InvoiceDifference[]
  /** PDF_TEXT and OCR: the columns the lines were read with; `template` true when they are the supplier's confirmed template. */
  layout: { columns: PdfColumn[]; template: boolean } | null
  /** CSV only: the header → field mapping the lines were read with (saved for the supplier when the draft is received). */
  csv_map: Record<string, string> | null
}

/** GET /receipts/drafts/:id/layout: a PDF_TEXT draft's columns and its first rows under the table's header, one cell per column, to name them by. */
export interface DraftLayoutView {
  columns: PdfColumn[]
  template: boolean
  /** At most LAYOUT_SAMPLE_ROWS rows; each has one cell per column ('' where empty). */
  rows: string[][]
}
export const LAYOUT_SAMPLE_ROWS = 8

// ---------- Input schemas ----------

/**
 * POST /receipts/drafts is multipart/form-data: `file` (PDF, XML or CSV, at most MAX_INVOICE_BYTES) and these
 * text fields. `csv_map`: JSON header → field (CSV_FIELDS; '' ignores a column) for a supplier's first CSV.
 */
export const CSV_FIELDS = ['supplier_code', 'gtin', 'description', 'pack_text', 'quantity', 'unit_price', 'amount', 'tax_rate', 'invoice_number', 'invoice_date'] as const
export type CsvField = (typeof CSV_FIELDS)[number]
export const CsvMap = v.pipe(
  v.string('csv_map must be a JSON object of header → field'),
  v.maxLength(10_000, 'csv_map is too long'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      const parsed = JSON.parse(dataset.value) as unknown
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const entries = Object.entries(parsed as Record<string, unknown>)
        const bad = entries.find(([, f]) => typeof f !== 'string' || (f !== '' && !(CSV_FIELDS as readonly string[]).includes(f)))
        if (!bad) return Object.fromEntries(entries) as Record<string, CsvField | ''>
        addIssue({ message: `csv_map: ${String(bad[1])} is not one of ${CSV_FIELDS.join(', ')}` })
        return NEVER
      }
    } catch {}
    addIssue({ message: 'csv_map must be a JSON object of header → field' })
    return NEVER
  }),
)
/**
 * The column headers suppliers print (English, German, French), normalised as the import wizard normalises a header
 * (normaliseHeader): how the server reads a CSV's or a PDF table's header row, and where the screen's CSV mapping starts.
 */
export const INVOICE_HEADERS: readonly { field: CsvField; aliases: string[] }[] = [
  { field: 'supplier_code', aliases: ['code', 'item_code', 'product_code', 'article', 'art_no', 'art_nr', 'artikel', 'artikelnummer', 'artikel_nr', 'art', 'sku', 'ref', 'reference', 'item_no', 'item_number', 'product_no', 'référence', 'article_no', 'cat_no'] },
  { field: 'gtin', aliases: ['ean', 'gtin', 'barcode', 'ean_code', 'ean13', 'upc'] },
  { field: 'description', aliases: ['description', 'item', 'product', 'item_description', 'product_description', 'name', 'bezeichnung', 'artikelbezeichnung', 'désignation', 'designation', 'libellé', 'goods', 'particulars'] },
  { field: 'pack_text', aliases: ['pack', 'unit', 'uom', 'packing', 'pack_size', 'size', 'einheit', 'gebinde', 'unité', 'packaging'] },
  { field: 'quantity', aliases: ['qty', 'quantity', 'menge', 'anzahl', 'qté', 'quantité', 'qte', 'units', 'delivered'] },
  { field: 'unit_price', aliases: ['price', 'unit_price', 'rate', 'price_unit', 'unit_cost', 'preis', 'einzelpreis', 'e_preis', 'ep', 'prix', 'prix_unitaire', 'pu', 'price_each', 'each'] },
  { field: 'amount', aliases: ['amount', 'total', 'line_total', 'value', 'net', 'net_amount', 'betrag', 'gesamt', 'gesamtpreis', 'gp', 'montant', 'total_ht', 'ext_price', 'extended'] },
  { field: 'tax_rate', aliases: ['vat', 'vat_rate', 'tax', 'tax_rate', 'mwst', 'ust', 'tva', 'vat_percent', 'vat_pct', 'tax_percent'] },
  { field: 'invoice_number', aliases: ['invoice', 'invoice_no', 'invoice_number', 'rechnung', 'rechnungsnummer', 'rechnung_nr', 'facture', 'no_facture'] },
  { field: 'invoice_date', aliases: ['date', 'invoice_date', 'datum', 'rechnungsdatum', 'date_facture'] },
]

/** What the columns of an invoice (a CSV's mapping, a PDF's named columns) must name to read a line: description, quantity, and a unit price or an amount. Empty when they do. */
export function columnsMissing(fields: Iterable<string | null>): CsvField[] {
  const have = new Set(fields)
  const missing: CsvField[] = (['description', 'quantity'] as const).filter((f) => !have.has(f))
  if (!have.has('unit_price') && !have.has('amount')) missing.push('unit_price')
  return missing
}
/** The most words a photo's OCR may send (a 500-line invoice has ≈ 5,000), and the most characters of their JSON. */
export const MAX_OCR_WORDS = 20_000
export const MAX_OCR_WORDS_CHARS = 2 * 1024 * 1024
const coordinate = (field: string) => v.pipe(v.number(`${field} must be a number`), v.finite(`${field} must be a number`), v.minValue(0, `${field} must be at least 0`), v.maxValue(100_000, `${field} must be at most 100000`))
/**
 * One word as tesseract.js found it on the photo: its text, its box in the image's pixels (x0, y0 top left; x1, y1
 * bottom right) and, when found, its baseline from (bx0, by0) to (bx1, by1) — what a slightly skewed photo's rows
 * are straightened by.
 */
export const OcrWord = v.strictObject({
  text: v.pipe(v.string('text must be text'), v.maxLength(200, 'text must be at most 200 characters')),
  x0: coordinate('x0'),
  y0: coordinate('y0'),
  x1: coordinate('x1'),
  y1: coordinate('y1'),
  baseline: v.optional(v.nullable(v.tuple([coordinate('bx0'), coordinate('by0'), coordinate('bx1'), coordinate('by1')], 'baseline must be [bx0, by0, bx1, by1]'))),
})
export type OcrWord = v.InferOutput<typeof OcrWord>
/** The `words` field of POST /receipts/drafts with a photo: the image's size in pixels and the words OCR found on it. */
export const OcrPage = v.pipe(
  v.strictObject({
    width: v.pipe(coordinate('width'), v.minValue(1, 'width must be at least 1')),
    height: v.pipe(coordinate('height'), v.minValue(1, 'height must be at least 1')),
    words: v.pipe(v.array(OcrWord, 'words must be a list'), v.maxLength(MAX_OCR_WORDS, `words must have at most ${MAX_OCR_WORDS} words`)),
  }),
  v.check((p) => p.words.every((w) => w.x0 <= w.x1 && w.y0 <= w.y1 && w.x1 <= p.width + 1 && w.y1 <= p.height + 1), 'each word\'s box must lie within the image (x0 ≤ x1, y0 ≤ y1)'),
)
export type OcrPage = v.InferOutput<typeof OcrPage>
const OcrWordsField = v.pipe(
  v.string('words must be JSON'),
  v.maxLength(MAX_OCR_WORDS_CHARS, 'words is too long'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return JSON.parse(dataset.value) as unknown
    } catch {
      addIssue({ message: 'words must be JSON: { width, height, words: [{ text, x0, y0, x1, y1, baseline }] }' })
      return NEVER
    }
  }),
  OcrPage,
)

const formId = (field: string) => v.optional(v.pipe(v.unknown(), v.transform((x) => (x === '' ? undefined : x)), v.optional(id(field))))
export const DraftUploadFields = v.object({
  supplier_id: formId('supplier_id'),
  order_id: formId('order_id'),
  csv_map: v.optional(CsvMap),
  /** A photo's words, read by OCR on the phone (only while the invoice_ocr setting is on); the photo is the `file`. */
  words: v.optional(OcrWordsField),
})
export type DraftUploadInput = v.InferOutput<typeof DraftUploadFields>

const required = <S extends v.GenericSchema>(field: string, schema: S) =>
  v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== '', `${field} is required`), schema)

/** PUT /receipts/drafts/:id/lines/:n: the item (confirmed by a person: it becomes the supplier's alias), its pack, quantity and price. */
export const DraftLineBody = v.strictObject({
  item_id: required('item_id', id('item_id')),
  /** The item's pack the quantity and price are in; omitted: the matched pack (or the item's order pack); null: base units. */
  pack_id: v.optional(v.nullable(id('pack_id'))),
  quantity: required('quantity', amount('quantity')),
  unit_price: required('unit_price', amount('unit_price')),
})
export type DraftLineInput = v.InferOutput<typeof DraftLineBody>

/** PATCH /receipts/drafts/:id: what the reader could not find or got wrong in the head. */
export const DraftHeadBody = v.strictObject({
  invoice_number: v.optional(requiredText('invoice_number', 100)),
  invoice_date: v.optional(isoDate('invoice_date')),
  order_id: v.optional(v.nullable(id('order_id'))),
})
export type DraftHeadInput = v.InferOutput<typeof DraftHeadBody>

/** Goods refused at the door: sent back as not wanted, or because they arrived damaged (both leave stock untouched). */
export const REFUSED_REASONS = ['REFUSED', 'DAMAGED'] as const
export type RefusedReason = (typeof REFUSED_REASONS)[number]

/** One line as it arrived; a line not named is received in full (the invoiced quantity). Short: less received than invoiced, the rest neither received nor refused. */
export const DraftReceiveLine = v.strictObject({
  n: required('n', id('n')),
  received_quantity: required('received_quantity', amount('received_quantity')),
  refused_quantity: v.optional(amount('refused_quantity'), 0),
  refused_reason: v.optional(v.nullable(upperEnum('refused_reason', REFUSED_REASONS))),
  expiry_date: v.optional(v.nullable(isoDate('expiry_date'))),
  note: v.optional(v.nullable(v.pipe(v.string('note must be text'), v.trim(), v.maxLength(500, 'note must be at most 500 characters')))),
})
/** POST /receipts/drafts/:id/receive (Idempotency-Key): the receipt is written through the ordinary receiving. */
export const DraftReceiveBody = v.strictObject({
  /**
   * The lines do not add up to the printed net (TOTALS) or net + tax ≠ gross (NET_TAX_GROSS) and a person has looked:
   * receive anyway (the receipt is marked as not matching its invoice total). Line problems can never be accepted so.
   */
  accept_totals: v.optional(v.boolean('accept_totals must be true or false'), false),
  lines: v.optional(v.pipe(v.array(DraftReceiveLine, 'lines must be a list'), v.maxLength(MAX_INVOICE_LINES, `lines must have at most ${MAX_INVOICE_LINES} lines`)), []),
})
export type DraftReceiveInput = v.InferOutput<typeof DraftReceiveBody>

/** PUT /receipts/drafts/:id/layout (PDF_TEXT drafts): the columns with their fields corrected; the file is read again with them (line corrections start over). */
export const DraftLayoutBody = v.strictObject({
  columns: v.pipe(
    v.array(
      v.strictObject({
        field: v.nullable(v.picklist(PDF_FIELDS, `field must be one of ${PDF_FIELDS.join(', ')} or null`)),
        x0: v.pipe(v.number('x0 must be a number'), v.finite('x0 must be a number')),
        x1: v.pipe(v.number('x1 must be a number'), v.finite('x1 must be a number')),
        header: v.pipe(v.string('header must be text'), v.maxLength(200, 'header must be at most 200 characters')),
      }),
      'columns must be a list',
    ),
    v.minLength(2, 'columns must have at least 2 columns'),
    v.maxLength(30, 'columns must have at most 30 columns'),
    v.check((cs) => cs.every((c) => c.x0 < c.x1), 'each column needs x0 < x1'),
    // The lines' own rule, as the screen checks it (columnsMissing): a layout without a price or an amount reads no line.
    v.check((cs) => columnsMissing(cs.map((c) => c.field)).length === 0, 'the columns must include description, quantity and unit_price or amount'),
    v.check((cs) => new Set(cs.map((c) => c.field).filter((f) => f !== null)).size === cs.filter((c) => c.field !== null).length, 'each field can name one column only'),
  ),
})
export type DraftLayoutInput = v.InferOutput<typeof DraftLayoutBody>

export const DraftDisputeBody = v.strictObject({ reason: requiredText('reason', 500) })

export const DraftListQuery = v.object({ ...paging, status: v.optional(upperEnum('status', DRAFT_STATUSES)), supplier_id: v.optional(id('supplier_id')) })
export type DraftListQuery = v.InferOutput<typeof DraftListQuery>

/** GET /receipts/drafts/export.csv?from=&to=: received invoices by invoice date (both days included). */
export const InvoicesCsvQuery = v.object({ from: v.optional(isoDate('from')), to: v.optional(isoDate('to')) })

// ---------- Messages ----------

const CSV_UNMAPPED = 'Say which column'
/** Is this refusal of an upload the CSV one that needs a mapping? The screen then offers the import wizard's mapping. */
export const isCsvUnmapped = (message: string | undefined) => message?.startsWith(CSV_UNMAPPED) === true

export const INVOICE_MSG = {
  read: (status: DraftStatus, lines: number, problems: number) =>
    status === 'READY' ? `Invoice read: ${lines} line${lines === 1 ? '' : 's'}, all matched and checked` : `Invoice read: ${problems} line${problems === 1 ? '' : 's'} or totals need a look`,
  updated: 'Draft updated',
  lineUpdated: 'Line corrected',
  layoutUpdated: 'Columns changed: the file was read again',
  notPdfText: 'Only a draft read from a PDF\'s text or a photo has columns to change',
  received: 'Invoice received into stock',
  disputed: 'Invoice marked as disputed',
  noFile: 'Choose a file to upload (multipart/form-data, the form field is file)',
  formBroken: 'The upload could not be read (send multipart/form-data with the field file)',
  tooLarge: 'The file is too large (10 MB at most)',
  wrongType: 'Only a PDF, an XML e-invoice or a CSV file can be read',
  pdfNoText: 'This PDF has no text layer (a scan or a photo). Reading photos (OCR) is off on this box: type the delivery in, or ask the supplier for the PDF they e-mail or an e-invoice',
  ocrOff: 'Reading photos of paper invoices (OCR) is off on this box: a Manager turns it on in Settings. Choose the PDF, XML or CSV file the supplier sent',
  ocrNoWords: 'A photo is read on the phone: send the words found on it (the words field) with the photo',
  ocrNotImage: 'The words read by OCR come with the photo they were read from (a JPEG, PNG or WebP image)',
  ocrNoText: 'No text was found on the photo: take it again, flat, in good light, with the whole invoice in the picture',
  pdfBroken: 'The PDF could not be opened (it is damaged or password-protected)',
  xmlBroken: (why: string) => `The XML could not be read: ${why}`,
  xmlUnknown: 'The XML is not an e-invoice RIMS reads (UBL 2.1 Invoice or CreditNote, UN/CEFACT CII)',
  xmlEntities: 'The XML declares entities (<!DOCTYPE … <!ENTITY>), which e-invoices never need; it is refused unread',
  csvNotUtf8: 'The CSV is not UTF-8: save it again as "CSV UTF-8"',
  csvEmpty: 'The CSV has no lines under its header',
  csvUnmapped: (missing: string[], headers: string[]) =>
    `${CSV_UNMAPPED} holds ${missing.join(', ')} (csv_map); the file's columns are: ${headers.join(', ')}`,
  pdfNoTable: 'No table of lines was found in the PDF (no header row with a description, a quantity and an amount)',
  tooManyLines: `An invoice is read with at most ${MAX_INVOICE_LINES} lines`,
  noSupplier: 'The supplier could not be recognised (by its tax id, its name or a saved layout): choose the supplier and upload again',
  duplicateReceipt: (invoice: string, supplier: string, receiptId: number) => `Invoice ${invoice} from ${supplier} was already received (receipt ${receiptId})`,
  duplicateDraft: (invoice: string, supplier: string, draftId: number) => `Invoice ${invoice} from ${supplier} is already a draft (draft ${draftId})`,
  orderOtherSupplier: (number: string) => `Purchase order ${number} is for another supplier`,
  notOpen: (status: DraftStatus) => `The draft is ${status}; only a draft that is READY or NEEDS_REVIEW can be changed`,
  totalsNotAccepted: 'The lines do not add up to the invoice\'s totals: check them, then receive with accept_totals',
  notReady: (n: number) => `${n} line${n === 1 ? '' : 's'} still need${n === 1 ? 's' : ''} a look: correct ${n === 1 ? 'it' : 'them'} before receiving`,
  headMissing: 'Give the invoice number and date before receiving',
  creditNote: 'A credit note is not received into stock; it is kept with the invoices for the Manager',
  noLine: (n: number) => `The draft has no line ${n}`,
  lineTwice: (n: number) => `Line ${n} is given twice`,
  tooMuch: (n: number) => `Line ${n}: received and refused add up to more than the invoiced quantity`,
  nothingReceived: 'Nothing would be received: every line is refused or short',
  packNotOfItem: (name: string) => `pack_id is not one of the packs of ${name}`,
  itemInactive: (name: string) => `${name} is not active`,
} as const

// ---------- Who may call what ----------

export const invoicesAccess = {
  'POST /api/receipts/drafts': STORE_STAFF,
  'GET /api/receipts/drafts': MANAGER_ONLY,
  'GET /api/receipts/drafts/export.csv': MANAGER_ONLY,
  'GET /api/receipts/drafts/ocr': STORE_STAFF,
  'GET /api/receipts/drafts/:id': STORE_STAFF,
  'PATCH /api/receipts/drafts/:id': STORE_STAFF,
  'PUT /api/receipts/drafts/:id/lines/:n': STORE_STAFF,
  'GET /api/receipts/drafts/:id/layout': STORE_STAFF,
  'PUT /api/receipts/drafts/:id/layout': STORE_STAFF,
  'POST /api/receipts/drafts/:id/receive': STORE_STAFF,
  'GET /api/receipts/drafts/:id/file': MANAGER_ONLY,
  'POST /api/receipts/drafts/:id/dispute': MANAGER_ONLY,
} as const satisfies Record<string, Access>

// ---------- Pure rules (server and UI) ----------

/** The line check: quantity × unit_price (hundredths × cents, rounded half-up) against the printed amount, within one cent. */
export const lineAmountOk = (quantityHundredths: number, unitPriceCents: number, amountCents: number): boolean =>
  Math.abs(valueCents(unitPriceCents, quantityHundredths) - amountCents) <= 1
