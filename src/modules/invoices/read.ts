import { INVOICE_MSG, type InvoiceSource, type OcrPage, type PdfColumn } from '../../contract/invoices'
import { ocrWords } from './readers/ocr'
import { readCii } from './readers/cii'
import { readCsvInvoice } from './readers/csv'
import { readPdfText, rowsUnder } from './readers/pdf-text'
import { readUbl } from './readers/ubl'
import { parseXml } from './readers/xml'
import { UnreadableFile, type ReadInvoice } from './read-types'

// Which reader reads a file, most exact first: an e-invoice XML (alone or inside the PDF), a mapped CSV, a PDF's text.

export interface ReadOptions {
  /** The supplier's saved CSV mapping, or one sent with the file. */
  csvMap: Record<string, string>
  /** Confirmed PDF templates to try (the chosen supplier's only, when one was chosen). */
  templates: { supplier_id: number; columns: PdfColumn[] }[]
  /** Columns a person set for this very file (PUT …/layout): used as they are. */
  columns?: PdfColumn[]
}

export type ReadResult = ReadInvoice & { media_type: string; template_supplier_id: number | null }

const head = (bytes: Uint8Array, n: number) => new TextDecoder('latin1').decode(bytes.subarray(0, n))

/** What the file is by its first bytes (and its name for a CSV): PDF, XML or CSV; anything else is refused. */
export function kindOf(bytes: Uint8Array, name: string): InvoiceSource {
  const start = head(bytes, 1024)
  if (start.includes('%PDF-')) return 'PDF'
  if (/^(\uFEFF|ï»¿)?\s*<[?!a-zA-Z]/.test(start)) return 'XML'
  if (/\.(csv|txt)$/i.test(name) && !/[\x00-\x08\x0e-\x1a]/.test(start)) return 'CSV'
  throw new UnreadableFile(INVOICE_MSG.wrongType)
}

function readXml(text: string): ReadInvoice {
  const { root, node } = parseXml(text)
  if (root === 'Invoice' || root === 'CreditNote') return readUbl(root, node)
  if (root === 'CrossIndustryInvoice') return readCii(node)
  throw new UnreadableFile(INVOICE_MSG.xmlUnknown)
}

export async function readInvoiceFile(bytes: Uint8Array, name: string, o: ReadOptions): Promise<ReadResult> {
  const kind = kindOf(bytes, name)
  if (kind === 'XML') return { ...readXml(new TextDecoder().decode(bytes)), media_type: 'application/xml', template_supplier_id: null }
  if (kind === 'CSV') return { ...(await readCsvInvoice(bytes, o.csvMap)), media_type: 'text/csv', template_supplier_id: null }
  // pdf.js (through unpdf) is loaded with the first PDF, not at start: a box that never reads one never holds it.
  const { embeddedXml, withPdf, words } = await import('./readers/pdf')
  return withPdf(bytes, async (pdf) => {
    const xml = await embeddedXml(pdf)
    // Factur-X / ZUGFeRD: the attached XML is the invoice; the picture of it is only for people.
    if (xml) return { ...readXml(new TextDecoder().decode(xml)), source: 'PDF' as const, media_type: 'application/pdf', template_supplier_id: null }
    const ws = await words(pdf)
    if (o.columns) return { ...readPdfText(ws, o.columns, true), media_type: 'application/pdf', template_supplier_id: null }
    for (const t of o.templates) {
      const read = tryRead(() => readPdfText(ws, t.columns))
      if (read && read.lines.length > 0) return { ...read, media_type: 'application/pdf', template_supplier_id: t.supplier_id }
    }
    return { ...readPdfText(ws, null), media_type: 'application/pdf', template_supplier_id: null }
  })
}

/** A text-layer PDF's first rows under its table header, cut into the given columns (for a person to name them). */
export async function pdfRows(bytes: Uint8Array, columns: PdfColumn[], n: number): Promise<string[][]> {
  const { withPdf, words } = await import('./readers/pdf')
  return withPdf(bytes, async (pdf) => rowsUnder(await words(pdf), columns, n))
}

/** A photo's first rows under its table header, cut into the given columns (the words OCR found, as they were stored). */
export const ocrPageRows = (page: OcrPage, columns: PdfColumn[], n: number): string[][] => rowsUnder(ocrWords(page), columns, n)

/** A photo's media type by its first bytes: JPEG, PNG or WebP (what a phone's camera and a browser give); else null. */
export function imageType(bytes: Uint8Array): string | null {
  const starts = (at: number, sig: number[]) => sig.every((b, i) => bytes[at + i] === b)
  if (starts(0, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp'
  return null
}

/**
 * A photo of a paper invoice: the words OCR found on it in the phone's browser, read as a PDF's text layer is. The
 * columns come from this photo's header row (or a person's, PUT …/layout); a PDF template is not tried, because a
 * photo's framing moves every column.
 */
export function readOcrPage(bytes: Uint8Array, page: OcrPage, columns?: PdfColumn[]): ReadResult {
  const media = imageType(bytes)
  if (!media) throw new UnreadableFile(INVOICE_MSG.ocrNotImage)
  const words = ocrWords(page)
  if (words.length === 0) throw new UnreadableFile(INVOICE_MSG.ocrNoText)
  const read = columns ? readPdfText(words, columns, true) : readPdfText(words, null)
  return { ...read, reader: 'OCR', source: 'IMAGE', media_type: media, template_supplier_id: null }
}

const tryRead = (read: () => ReadInvoice): ReadInvoice | null => {
  try {
    return read()
  } catch (e) {
    if (e instanceof UnreadableFile) return null
    throw e
  }
}
