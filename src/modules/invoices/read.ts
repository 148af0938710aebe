import { INVOICE_MSG, type InvoiceSource, type PdfColumn } from '../../contract/invoices'
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

const tryRead = (read: () => ReadInvoice): ReadInvoice | null => {
  try {
    return read()
  } catch (e) {
    if (e instanceof UnreadableFile) return null
    throw e
  }
}
