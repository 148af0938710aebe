import { normaliseHeader } from '../../contract/imports'
import type { CsvField } from '../../contract/invoices'

// The column headers suppliers print (English, German, French), normalised as the import wizard normalises a header
// (normaliseHeader): one list for a CSV's header row and for a PDF table's header row.

export const COLUMN_SPECS: readonly { field: CsvField; aliases: string[] }[] = [
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

/** The field a header names, or null. */
export function fieldOf(header: string): CsvField | null {
  const h = normaliseHeader(header)
  for (const s of COLUMN_SPECS) if (s.field === h || s.aliases.includes(h)) return s.field
  return null
}

/** The table's headers as one key: how a saved layout recognises a supplier's next file. */
export const signatureOf = (headers: string[]) => headers.map(normaliseHeader).filter((h) => h !== '').join('|')
