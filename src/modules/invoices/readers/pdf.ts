import { getDocumentProxy } from 'unpdf'
import { INVOICE_MSG } from '../../../contract/invoices'
import { UnreadableFile } from '../read-types'

// Opening a PDF with pdf.js (through unpdf): its attachments (the XML of a Factur-X / ZUGFeRD invoice) and the words
// of its text layer with their positions.

type Pdf = Awaited<ReturnType<typeof getDocumentProxy>>

/** A word (a text run) as the PDF placed it: page from 1, x and top in points from the page's left and top edge. */
export interface Word {
  page: number
  x: number
  top: number
  width: number
  height: number
  str: string
}

/** The names Factur-X, ZUGFeRD and XRechnung give the embedded invoice, most specific first. */
const XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'zugferd_invoice.xml']

export async function withPdf<T>(bytes: Uint8Array, use: (pdf: Pdf) => Promise<T>): Promise<T> {
  let pdf: Pdf
  try {
    // pdf.js takes the buffer over: give it a copy, the caller keeps the file.
    pdf = await getDocumentProxy(bytes.slice(), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 })
  } catch {
    throw new UnreadableFile(INVOICE_MSG.pdfBroken)
  }
  try {
    return await use(pdf)
  } finally {
    await pdf.destroy()
  }
}

/** The invoice XML attached to the PDF, or null. */
export async function embeddedXml(pdf: Pdf): Promise<Uint8Array | null> {
  const files = ((await pdf.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>
  const list = Object.values(files)
  const named = XML_NAMES.map((n) => list.find((f) => f.filename.toLowerCase() === n)).find((f) => f)
  const xml = named ?? list.find((f) => f.filename.toLowerCase().endsWith('.xml'))
  return xml ? xml.content : null
}

/** Every non-blank word of every page, in reading order of the PDF's own drawing. */
export async function words(pdf: Pdf): Promise<Word[]> {
  const out: Word[] = []
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p)
    const height = page.view[3] - page.view[1]
    const content = await page.getTextContent()
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue
      const [a, b, , d, e, f] = item.transform as number[]
      // Only upright text makes table rows; a rotated stamp or margin note is left out.
      if (Math.abs(b) > 1e-3) continue
      const size = Math.abs(d) || Math.abs(a) || item.height
      out.push({ page: p, x: e, top: height - f, width: item.width, height: item.height || size, str: item.str })
    }
    page.cleanup()
  }
  return out
}
