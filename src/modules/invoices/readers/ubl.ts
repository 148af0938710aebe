import type { ReadInvoice, ReadLine } from '../read-types'
import { dotDecimal, gtin14, isoDay, pricePerUnit } from '../numbers'
import { all, at, attr, text, type XmlNode } from './xml'

// UBL 2.1 Invoice and CreditNote (EN 16931, Peppol BIS 3, XRechnung UBL): every field read exactly as written.

const cents = (raw: string | null) => (raw === null ? null : (dotDecimal(raw)?.value ?? null))

export function readUbl(root: 'Invoice' | 'CreditNote', doc: XmlNode): ReadInvoice {
  const credit = root === 'CreditNote'
  const party = at(doc, 'AccountingSupplierParty', 'Party')
  const taxIds = [
    ...all(party, 'PartyTaxScheme').map((s) => text(s, 'CompanyID')),
    text(party, 'PartyLegalEntity', 'CompanyID'),
    ...all(party, 'PartyIdentification').map((s) => text(s, 'ID')),
  ].filter((x): x is string => x !== null)
  const totals = at(doc, 'LegalMonetaryTotal')
  // The tax total in the document's currency (a second TaxTotal may give it in the accounting currency).
  const currency = text(doc, 'DocumentCurrencyCode')
  const taxTotals = all(doc, 'TaxTotal')
  const taxTotal = taxTotals.find((t) => currency === null || attr(t, 'currencyID', 'TaxAmount') === currency) ?? taxTotals[0]
  const lines = all(doc, credit ? 'CreditNoteLine' : 'InvoiceLine').map((l): ReadLine => {
    const qty = dotDecimal(text(l, credit ? 'CreditedQuantity' : 'InvoicedQuantity') ?? '')
    const price = pricePerUnit(text(l, 'Price', 'PriceAmount') ?? '', text(l, 'Price', 'BaseQuantity'))
    const item = at(l, 'Item')
    const standard = at(item, 'StandardItemIdentification', 'ID')
    const rawGtin = text(standard)
    return {
      supplier_code: text(item, 'SellersItemIdentification', 'ID'),
      gtin: gtin14(rawGtin) ?? rawGtin,
      description: text(item, 'Name') ?? text(item, 'Description') ?? '',
      pack_text: attr(l, 'unitCode', credit ? 'CreditedQuantity' : 'InvoicedQuantity'),
      quantity: qty?.value ?? 0,
      unit_price: price?.value ?? 0,
      amount: cents(text(l, 'LineExtensionAmount')) ?? 0,
      tax_rate: cents(text(item, 'ClassifiedTaxCategory', 'Percent')),
      rounded: (qty?.rounded ?? false) || (price?.rounded ?? false),
    }
  })
  return {
    reader: 'UBL',
    source: 'XML',
    invoice_number: text(doc, 'ID'),
    invoice_date: isoDay(text(doc, 'IssueDate')),
    credit_note: credit,
    currency,
    seller: { name: text(party, 'PartyLegalEntity', 'RegistrationName') ?? text(party, 'PartyName', 'Name'), tax_ids: taxIds },
    order_reference: text(doc, 'OrderReference', 'ID'),
    net: cents(text(totals, 'TaxExclusiveAmount')),
    tax: cents(text(taxTotal, 'TaxAmount')),
    gross: cents(text(totals, 'TaxInclusiveAmount')),
    lines_total: cents(text(totals, 'LineExtensionAmount')),
    lines,
  }
}
