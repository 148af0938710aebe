import { normaliseHeader } from '../../contract/imports'
import { INVOICE_HEADERS, type CsvField } from '../../contract/invoices'

// A header's field by the headers suppliers print (the contract's INVOICE_HEADERS, which the screen's CSV mapping
// starts from too): one list for a CSV's header row and for a PDF table's header row.

/** The field a header names, or null. */
export function fieldOf(header: string): CsvField | null {
  const h = normaliseHeader(header)
  for (const s of INVOICE_HEADERS) if (s.field === h || s.aliases.includes(h)) return s.field
  return null
}

/** The table's headers as one key: how a saved layout recognises a supplier's next file. */
export const signatureOf = (headers: string[]) => headers.map(normaliseHeader).filter((h) => h !== '').join('|')
