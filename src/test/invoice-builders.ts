import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

// Supplier invoices made by the tests and the benchmark (issue 34): never a real supplier's invoice. One invoice
// spec is written as UBL 2.1, as CII (alone or attached to a Factur-X PDF), as a CSV, and as text-layer PDFs in
// three different supplier layouts.

export interface SpecLine {
  code: string
  gtin?: string
  description: string
  pack: string
  /** Decimal strings, as the file prints them. */
  qty: string
  price: string
  /** Defaults to qty × price to the cent; a test plants a misread by setting another. */
  amount?: string
  rate: string
}

export interface InvoiceSpec {
  number: string
  date: string
  seller: { name: string; tax_id: string }
  order_ref?: string
  currency?: string
  lines: SpecLine[]
  /** Defaults to the lines' sum, the tax at each line's rate, and their sum. */
  net?: string
  tax?: string
  gross?: string
}

const c = (s: string) => Math.round(Number(s) * 100)
const fmt = (cents: number) => (cents / 100).toFixed(2)
export const lineAmount = (l: SpecLine) => l.amount ?? fmt(Math.round((c(l.qty) * c(l.price)) / 100))

/** The spec's totals as strings (net, tax, gross). */
export function totals(s: InvoiceSpec) {
  const net = s.net ?? fmt(s.lines.reduce((a, l) => a + c(lineAmount(l)), 0))
  const tax = s.tax ?? fmt(s.lines.reduce((a, l) => a + Math.round((c(lineAmount(l)) * c(l.rate)) / 10000), 0))
  const gross = s.gross ?? fmt(c(net) + c(tax))
  return { net, tax, gross }
}

/** n lines of restaurant goods, with GTINs (valid check digits) on the even ones. */
export function specLines(n: number, offset = 0): SpecLine[] {
  const goods = ['Flour type 00 / 16 kg', 'Tomatoes, peeled 2.5 kg tin', 'Olive oil extra virgin 5 L', 'Mozzarella fior di latte', 'Basil fresh bunch', 'Sugar white 50 kg bag', 'Rice parboiled 25 kg', 'Chicken breast fillet', 'Onions red 10 kg net', 'Gin London dry 0.75 L']
  return Array.from({ length: n }, (_, i) => {
    const k = i + offset
    const body = `400638133${String(1000 + k).slice(-3)}`.padEnd(12, '0')
    return {
      code: `SC-${100 + k}`,
      gtin: k % 2 === 0 ? body + checkDigit(body) : undefined,
      description: `${goods[k % goods.length]} #${k + 1}`,
      pack: k % 3 === 0 ? 'CS' : 'EA',
      qty: String(1 + (k % 7)),
      price: (12.5 + k * 1.75).toFixed(2),
      rate: k % 4 === 0 ? '0' : '16',
    }
  })
}

function checkDigit(body: string): string {
  let sum = 0
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return String((10 - (sum % 10)) % 10)
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function ublXml(s: InvoiceSpec, kind: 'Invoice' | 'CreditNote' = 'Invoice'): string {
  const t = totals(s)
  const cur = s.currency ?? 'ZMW'
  const qtyTag = kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity'
  const lineTag = kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine'
  return `<?xml version="1.0" encoding="UTF-8"?>
<${kind} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${kind}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>${esc(s.number)}</cbc:ID>
  <cbc:IssueDate>${s.date}</cbc:IssueDate>
  <cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>
  ${s.order_ref ? `<cac:OrderReference><cbc:ID>${esc(s.order_ref)}</cbc:ID></cac:OrderReference>` : ''}
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>${esc(s.seller.name)}</cbc:Name></cac:PartyName>
    <cac:PartyTaxScheme><cbc:CompanyID>${esc(s.seller.tax_id)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>${esc(s.seller.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="${cur}">${t.tax}</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="${cur}">${t.net}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="${cur}">${t.net}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${cur}">${t.gross}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="${cur}">${t.gross}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
${s.lines
  .map(
    (l, i) => `  <cac:${lineTag}>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:${qtyTag} unitCode="${l.pack}">${l.qty}</cbc:${qtyTag}>
    <cbc:LineExtensionAmount currencyID="${cur}">${lineAmount(l)}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>${esc(l.description)}</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>${esc(l.code)}</cbc:ID></cac:SellersItemIdentification>
      ${l.gtin ? `<cac:StandardItemIdentification><cbc:ID schemeID="0160">${l.gtin}</cbc:ID></cac:StandardItemIdentification>` : ''}
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${l.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${cur}">${l.price}</cbc:PriceAmount></cac:Price>
  </cac:${lineTag}>`,
  )
  .join('\n')}
</${kind}>`
}

export function ciiXml(s: InvoiceSpec): string {
  const t = totals(s)
  const cur = s.currency ?? 'EUR'
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${esc(s.number)}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${s.date.replace(/-/g, '')}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
${s.lines
  .map(
    (l, i) => `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>${l.gtin ? `<ram:GlobalID schemeID="0160">${l.gtin}</ram:GlobalID>` : ''}<ram:SellerAssignedID>${esc(l.code)}</ram:SellerAssignedID><ram:Name>${esc(l.description)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.price}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${l.pack}">${l.qty}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${l.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${lineAmount(l)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
  )
  .join('\n')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>${esc(s.seller.name)}</ram:Name><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${esc(s.seller.tax_id)}</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
      ${s.order_ref ? `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${esc(s.order_ref)}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>` : ''}
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${cur}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${t.net}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${t.net}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${cur}">${t.tax}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${t.gross}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${t.gross}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`
}

/** The supplier's CSV export: its own header names (mapped by the reader's labels or a saved mapping). */
export function csvText(s: InvoiceSpec, headers = ['Invoice', 'Date', 'Item code', 'EAN', 'Description', 'Unit', 'Qty', 'Price', 'VAT %', 'Amount']): string {
  const q = (x: string) => (/[",\n]/.test(x) ? `"${x.replace(/"/g, '""')}"` : x)
  const rows = s.lines.map((l) => [s.number, s.date, l.code, l.gtin ?? '', l.description, l.pack, l.qty, l.price, l.rate, lineAmount(l)].map(q).join(','))
  return [headers.map(q).join(','), ...rows].join('\r\n') + '\r\n'
}

/** Three supplier layouts: where each column stands, what its header says, how figures are printed. */
export const LAYOUTS = {
  /** English, decimal point, code first. */
  A: {
    columns: [
      { key: 'code', header: 'Code', x: 40, align: 'left' },
      { key: 'description', header: 'Description', x: 100, align: 'left' },
      { key: 'pack', header: 'Pack', x: 300, align: 'left' },
      { key: 'qty', header: 'Qty', x: 360, align: 'right' },
      { key: 'price', header: 'Unit price', x: 430, align: 'right' },
      { key: 'rate', header: 'VAT %', x: 480, align: 'right' },
      { key: 'amount', header: 'Amount', x: 550, align: 'right' },
    ],
    comma: false,
    head: (s: InvoiceSpec) => [s.seller.name, `VAT No: ${s.seller.tax_id}`, 'TAX INVOICE', `Invoice No: ${s.number}`, `Invoice date: ${s.date}`, ...(s.order_ref ? [`Order No: ${s.order_ref}`] : [])],
    foot: (t: { net: string; tax: string; gross: string }) => [['Subtotal excl. VAT', t.net], ['VAT', t.tax], ['Total due', t.gross]],
  },
  /** German, decimal comma, description first, figures before the code. */
  B: {
    columns: [
      { key: 'description', header: 'Bezeichnung', x: 40, align: 'left' },
      { key: 'qty', header: 'Menge', x: 270, align: 'right' },
      { key: 'pack', header: 'Einheit', x: 285, align: 'left' },
      { key: 'price', header: 'Einzelpreis', x: 390, align: 'right' },
      { key: 'amount', header: 'Betrag', x: 460, align: 'right' },
      { key: 'code', header: 'Art.-Nr.', x: 480, align: 'left' },
    ],
    comma: true,
    head: (s: InvoiceSpec) => [s.seller.name, `USt-IdNr: ${s.seller.tax_id}`, `Rechnung Nr. ${s.number}`, `Datum: ${s.date.split('-').reverse().join('.')}`],
    foot: (t: { net: string; tax: string; gross: string }) => [['Nettobetrag', t.net], ['MwSt', t.tax], ['Rechnungsbetrag', t.gross]],
  },
  /** Headers no reader label knows: the layout must be named by a person once, then it is the supplier's template. */
  C: {
    columns: [
      { key: 'code', header: 'Pos-Ref', x: 40, align: 'left' },
      { key: 'description', header: 'Goods supplied', x: 110, align: 'left' },
      { key: 'qty', header: 'Cnt', x: 350, align: 'right' },
      { key: 'price', header: 'Each', x: 430, align: 'right' },
      { key: 'amount', header: 'Line sum', x: 520, align: 'right' },
    ],
    comma: false,
    head: (s: InvoiceSpec) => [s.seller.name, `TPIN ${s.seller.tax_id}`, `Invoice ${s.number}`, `Date ${s.date}`],
    foot: (t: { net: string; tax: string; gross: string }) => [['Net', t.net], ['Tax', t.tax], ['Total incl. tax', t.gross]],
  },
} as const

/** A text-layer PDF of the spec in a supplier layout; long invoices run onto more pages, the header repeated. */
export async function layoutPdf(s: InvoiceSpec, layout: keyof typeof LAYOUTS): Promise<Uint8Array> {
  const L = LAYOUTS[layout]
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const t = totals(s)
  const size = 9
  const num = (x: string) => (L.comma ? x.replace('.', ',') : x)
  const draw = (page: PDFPage, text: string, x: number, y: number, align: string, f: PDFFont = font) =>
    page.drawText(text, { x: align === 'right' ? x - f.widthOfTextAtSize(text, size) : x, y, size, font: f })
  let page = doc.addPage([595, 842])
  let y = 800
  for (const line of L.head(s)) draw(page, line, 40, (y -= 14), 'left', bold)
  const header = () => {
    y -= 24
    for (const col of L.columns) draw(page, col.header, col.x, y, col.align, bold)
    y -= 4
  }
  header()
  for (const l of s.lines) {
    if (y < 80) {
      page = doc.addPage([595, 842])
      y = 800
      header()
    }
    y -= 14
    const value: Record<string, string> = { code: l.code, description: l.description, pack: l.pack, qty: num(l.qty), price: num(l.price), rate: num(l.rate), amount: num(lineAmount(l)) }
    for (const col of L.columns) draw(page, value[col.key], col.x, y, col.align)
  }
  y -= 10
  for (const [label, value] of L.foot(t)) {
    if (y < 60) (page = doc.addPage([595, 842])), (y = 800)
    y -= 14
    draw(page, label, 300, y, 'left')
    draw(page, num(value), L.columns.at(-1)!.align === 'right' ? L.columns.at(-1)!.x : 560, y, 'right')
  }
  return doc.save()
}

/** A Factur-X PDF: a human page with the CII XML attached as factur-x.xml. */
export async function facturXPdf(s: InvoiceSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await layoutPdf(s, 'A'))
  await doc.attach(new TextEncoder().encode(ciiXml(s)), 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X invoice' })
  return doc.save()
}

/** A scanned page: drawn shapes only, no text layer. */
export async function scanPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  for (let i = 0; i < 30; i++) page.drawRectangle({ x: 40, y: 780 - i * 20, width: 400 + (i % 5) * 20, height: 8 })
  return doc.save()
}
