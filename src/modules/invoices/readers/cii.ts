import type { ReadInvoice, ReadLine } from '../read-types'
import { dotDecimal, gtin14, isoDay, pricePerUnit } from '../numbers'
import { all, at, attr, text, type XmlNode } from './xml'

// UN/CEFACT Cross Industry Invoice (EN 16931 CII): Factur-X / ZUGFeRD (the XML inside the PDF) and XRechnung CII.

const cents = (raw: string | null) => (raw === null ? null : (dotDecimal(raw)?.value ?? null))
/** Type codes of a credit note (UNTDID 1001): 381 credit note, 261 self-billed credit note, 396 factored credit note. */
const CREDIT_TYPES = new Set(['381', '261', '396'])

export function readCii(doc: XmlNode): ReadInvoice {
  const exchanged = at(doc, 'ExchangedDocument')
  const trade = at(doc, 'SupplyChainTradeTransaction')
  const agreement = at(trade, 'ApplicableHeaderTradeAgreement')
  const seller = at(agreement, 'SellerTradeParty')
  const settlement = at(trade, 'ApplicableHeaderTradeSettlement')
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation')
  const currency = text(settlement, 'InvoiceCurrencyCode')
  // TaxTotalAmount may be given twice (document and accounting currency): the document's one.
  const taxes = all(sums, 'TaxTotalAmount')
  const tax = taxes.find((t) => currency === null || attr(t, 'currencyID') === currency) ?? taxes[0]
  const lines = all(trade, 'IncludedSupplyChainTradeLineItem').map((l): ReadLine => {
    const product = at(l, 'SpecifiedTradeProduct')
    const price = at(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice')
    const billed = at(l, 'SpecifiedLineTradeDelivery', 'BilledQuantity')
    const qty = dotDecimal(text(billed) ?? '')
    const unit = pricePerUnit(text(price, 'ChargeAmount') ?? '', text(price, 'BasisQuantity'))
    const lineSettlement = at(l, 'SpecifiedLineTradeSettlement')
    const rawGtin = text(product, 'GlobalID')
    return {
      supplier_code: text(product, 'SellerAssignedID'),
      gtin: gtin14(rawGtin) ?? rawGtin,
      description: text(product, 'Name') ?? text(product, 'Description') ?? '',
      pack_text: attr(billed, 'unitCode'),
      quantity: qty?.value ?? 0,
      unit_price: unit?.value ?? 0,
      amount: cents(text(lineSettlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')) ?? 0,
      tax_rate: cents(text(lineSettlement, 'ApplicableTradeTax', 'RateApplicablePercent')),
      rounded: (qty?.rounded ?? false) || (unit?.rounded ?? false),
    }
  })
  return {
    reader: 'CII',
    source: 'XML',
    invoice_number: text(exchanged, 'ID'),
    invoice_date: isoDay(text(exchanged, 'IssueDateTime', 'DateTimeString')),
    credit_note: CREDIT_TYPES.has(text(exchanged, 'TypeCode') ?? ''),
    currency,
    seller: { name: text(seller, 'Name'), tax_ids: all(seller, 'SpecifiedTaxRegistration').map((r) => text(r, 'ID')).filter((x): x is string => x !== null) },
    order_reference: text(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    net: cents(text(sums, 'TaxBasisTotalAmount')),
    tax: cents(text(tax)),
    gross: cents(text(sums, 'GrandTotalAmount')),
    lines_total: cents(text(sums, 'LineTotalAmount')),
    lines,
  }
}
