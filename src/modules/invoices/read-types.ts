import type { InvoiceReader, InvoiceSource, PdfColumn } from '../../contract/invoices'

// What a reader gives back, before any matching: integer hundredths throughout (fixed.ts), as the database keeps them.

export interface ReadLine {
  supplier_code: string | null
  /** 14 digits when the invoice gave a GTIN with a right check digit; else as printed. */
  gtin: string | null
  description: string
  pack_text: string | null
  /** Hundredths, in the invoice's unit. */
  quantity: number
  /** Cents per invoice unit. */
  unit_price: number
  /** Cents, as printed. */
  amount: number
  /** Hundredths of a percent (16% → 1600); null when not given. */
  tax_rate: number | null
  /** A figure printed with more than 2 decimals was rounded half-up to hundredths. */
  rounded: boolean
}

export interface ReadInvoice {
  reader: InvoiceReader
  source: InvoiceSource
  invoice_number: string | null
  invoice_date: string | null
  credit_note: boolean
  currency: string | null
  /** The seller as the file names it: what the supplier is recognised by when none was chosen. */
  seller: { name: string | null; tax_ids: string[] }
  /** The buyer's order number when the invoice quotes it (UBL OrderReference, CII BuyerOrderReferencedDocument). */
  order_reference: string | null
  /** Cents; null when the file does not print it. */
  net: number | null
  tax: number | null
  gross: number | null
  /** The printed sum of the lines (UBL LineExtensionAmount, CII LineTotalAmount; the net elsewhere). */
  lines_total: number | null
  lines: ReadLine[]
  /** PDF_TEXT: the columns read; CSV: the header → field mapping used. */
  layout?: PdfColumn[]
  csv_map?: Record<string, string>
  /** The normalised headers of the table (PDF or CSV): how a saved layout recognises its supplier. */
  signature?: string
  /** PDF_TEXT: every row's text, searched for a known supplier's tax id or name. */
  text?: string
}

/** A refusal of the whole file: one line said to the person; nothing is stored. */
export class UnreadableFile extends Error {}
