import { describe, expect, test } from 'bun:test'
import { INVOICE_MSG } from '../../contract/invoices'
import { ciiXml, csvText, facturXPdf, layoutPdf, lineAmount, scanPdf, specLines, totals, ublXml, type InvoiceSpec } from '../../test/invoice-builders'
import { gtin14, localDecimal } from './numbers'
import { readInvoiceFile, type ReadOptions } from './read'
import type { ReadInvoice } from './read-types'

// Each reader on files the test writes (issue 34): XML every field exact, CSV through the import wizard's reader,
// PDFs in two supplier layouts read by position, and the bad files each refused with one line.

const spec: InvoiceSpec = { number: 'A-1001', date: '2026-11-20', seller: { name: 'Lusaka Foods Ltd', tax_id: 'ZM1002003004' }, order_ref: 'PO-20261118-001', lines: specLines(40) }
const none: ReadOptions = { csvMap: {}, templates: [] }
const read = (bytes: Uint8Array | string, name: string, o = none) => readInvoiceFile(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes, name, o)
const cents = (s: string) => Math.round(Number(s) * 100)

/** What every reader must give for `spec`, field by field (GTIN and tax rate where the format carries them). */
function expectSpec(r: ReadInvoice, o: { gtin: boolean; rate: boolean; pack: boolean }) {
  const t = totals(spec)
  expect(r.invoice_number).toBe(spec.number)
  expect(r.invoice_date).toBe(spec.date)
  expect([r.net, r.tax, r.gross]).toEqual([cents(t.net), cents(t.tax), cents(t.gross)])
  expect(r.lines).toHaveLength(spec.lines.length)
  r.lines.forEach((l, i) => {
    const s = spec.lines[i]
    expect(l).toEqual({
      supplier_code: s.code,
      gtin: o.gtin ? (gtin14(s.gtin) ?? null) : null,
      description: s.description,
      pack_text: o.pack ? s.pack : null,
      quantity: cents(s.qty),
      unit_price: cents(s.price),
      amount: cents(lineAmount(s)),
      tax_rate: o.rate ? cents(s.rate) : null,
      rounded: false,
    })
  })
}

describe('e-invoice XML: every field exact', () => {
  test('UBL 2.1 Invoice', async () => {
    const r = await read(ublXml(spec), 'a.xml')
    expect(r).toMatchObject({ reader: 'UBL', source: 'XML', credit_note: false, currency: 'ZMW', order_reference: spec.order_ref, seller: { name: spec.seller.name, tax_ids: [spec.seller.tax_id] } })
    expect(r.lines_total).toBe(cents(totals(spec).net))
    expectSpec(r, { gtin: true, rate: true, pack: true })
  })

  test('UBL CreditNote is read as a credit note', async () => {
    const r = await read(ublXml({ ...spec, lines: spec.lines.slice(0, 2) }, 'CreditNote'), 'c.xml')
    expect(r).toMatchObject({ reader: 'UBL', credit_note: true })
    expect(r.lines.map((l) => l.quantity)).toEqual([100, 200])
  })

  test('UBL: a price per base quantity and a price with 4 decimals are per unit, rounded once and flagged', async () => {
    const xml = ublXml({ ...spec, lines: [{ code: 'X', description: 'Saffron', pack: 'GRM', qty: '3', price: '1.2345', amount: '3.70', rate: '16' }] })
      .replace('<cbc:PriceAmount currencyID="ZMW">1.2345</cbc:PriceAmount>', '<cbc:PriceAmount currencyID="ZMW">12.345</cbc:PriceAmount><cbc:BaseQuantity unitCode="GRM">10</cbc:BaseQuantity>')
    const [l] = (await read(xml, 'a.xml')).lines
    expect(l).toMatchObject({ unit_price: 123, rounded: true, amount: 370 })
  })

  test('CII (XRechnung / Factur-X XML)', async () => {
    const r = await read(ciiXml(spec), 'x.xml')
    expect(r).toMatchObject({ reader: 'CII', source: 'XML', credit_note: false, currency: 'EUR', order_reference: spec.order_ref, seller: { name: spec.seller.name, tax_ids: [spec.seller.tax_id] } })
    expectSpec(r, { gtin: true, rate: true, pack: true })
  })

  test('Factur-X: the CII attached to the PDF is read, not its picture', async () => {
    const r = await read(await facturXPdf(spec), 'f.pdf')
    expect(r).toMatchObject({ reader: 'CII', source: 'PDF', media_type: 'application/pdf' })
    expectSpec(r, { gtin: true, rate: true, pack: true })
  })

  test('entities are never expanded: a DOCTYPE is refused unread; the five predefined ones are decoded', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Invoice>&lol2;</Invoice>`
    await expect(read(bomb, 'b.xml')).rejects.toThrow(INVOICE_MSG.xmlEntities)
    const r = await read(ublXml({ ...spec, lines: [{ ...spec.lines[0], description: 'Salt & Pepper <fine>' }] }), 'a.xml')
    expect(r.lines[0].description).toBe('Salt & Pepper <fine>')
  })
})

describe('supplier CSV', () => {
  test('read with the import wizard’s reader and header labels; GTINs to 14 digits; no totals printed', async () => {
    const r = await read(csvText(spec), 'inv.csv')
    expect(r).toMatchObject({ reader: 'CSV', source: 'CSV', lines_total: null })
    expectSpec(r, { gtin: true, rate: true, pack: true })
    expect(r.csv_map).toMatchObject({ 'Item code': 'supplier_code', Qty: 'quantity', Amount: 'amount' })
  })

  test('unknown headers need a mapping; with one (as saved per supplier) the file reads', async () => {
    const headers = ['Beleg', 'Tag', 'Nr', 'Code', 'Text', 'Gb', 'Stk', 'EPreis', 'Satz', 'Wert']
    await expect(read(csvText(spec, headers), 'x.csv')).rejects.toThrow('Say which column holds description, quantity')
    const map = { Beleg: 'invoice_number', Tag: 'invoice_date', Nr: 'supplier_code', Code: 'gtin', Text: 'description', Gb: 'pack_text', Stk: 'quantity', EPreis: 'unit_price', Satz: 'tax_rate', Wert: 'amount' }
    expectSpec(await read(csvText(spec, headers), 'x.csv', { csvMap: map, templates: [] }), { gtin: true, rate: true, pack: true })
  })

  test('formulas: a description is kept as text, never run; a figure that is a formula refuses the file', async () => {
    const withText = csvText({ ...spec, lines: [{ ...spec.lines[0], description: '=HYPERLINK("http://x","y")' }] })
    expect((await read(withText, 'f.csv')).lines[0].description).toBe('=HYPERLINK("http://x","y")')
    const withFigure = csvText(spec).replace(/\r\n(A-1001,2026-11-20,SC-100,[^,]*,[^,]*,CS,)1,/, '\r\n$1=1+1,')
    await expect(read(withFigure, 'f.csv')).rejects.toThrow('Row 2: quantity is a formula (=1+1), not a figure: export the file with values')
    await expect(read(csvText(spec).replace(',12.50,', ',@SUM(A1),'), 'f.csv')).rejects.toThrow('unit_price is a formula')
  })
})

describe('PDF text layer: rows by height, columns by position', () => {
  for (const layout of ['A', 'B'] as const)
    test(`supplier layout ${layout}: 40 of 40 lines, descriptions whole, the head and totals`, async () => {
      const r = await read(await layoutPdf(spec, layout), `${layout}.pdf`)
      expect(r).toMatchObject({ reader: 'PDF_TEXT', source: 'PDF', media_type: 'application/pdf' })
      expectSpec(r, { gtin: false, rate: layout === 'A', pack: true })
      expect(r.lines[0].description).toBe('Flour type 00 / 16 kg #1')
      expect(r.seller.tax_ids).toContain(spec.seller.tax_id)
      if (layout === 'A') expect(r.order_reference).toBe(spec.order_ref!)
    })

  test('a layout whose headers no label knows: its columns are offered with no lines; named once, all 40 lines read', async () => {
    const bytes = await layoutPdf(spec, 'C')
    const first = await read(bytes, 'c.pdf')
    expect(first.lines).toEqual([])
    expect(first.layout!.map((c) => c.header)).toEqual(['Pos-Ref', 'Goods supplied', 'Cnt', 'Each', 'Line sum'])
    const fields = ['supplier_code', 'description', 'quantity', 'unit_price', 'amount'] as const
    const named = first.layout!.map((c, i) => ({ ...c, field: fields[i] }))
    const again = await read(bytes, 'c.pdf', { csvMap: {}, templates: [], columns: named })
    expect(again.lines).toHaveLength(40)
    expect(again.lines.map((l) => l.description)).toEqual(spec.lines.map((l) => l.description))
    // As a supplier's template, it reads the next invoice by itself.
    const next: InvoiceSpec = { ...spec, number: 'A-1002', lines: specLines(40, 40) }
    const r = await read(await layoutPdf(next, 'C'), 'c2.pdf', { csvMap: {}, templates: [{ supplier_id: 7, columns: named }] })
    expect(r.template_supplier_id).toBe(7)
    expect(r.lines.map((l) => [l.supplier_code, l.description, l.quantity, l.unit_price, l.amount])).toEqual(next.lines.map((l) => [l.code, l.description, cents(l.qty), cents(l.price), cents(lineAmount(l))]))
  })
})

describe('bad files: one line each', () => {
  test('a scan without a text layer, OCR off', async () => {
    await expect(read(await scanPdf(), 'scan.pdf')).rejects.toThrow(INVOICE_MSG.pdfNoText)
  })
  test('a damaged PDF', async () => {
    await expect(read(new TextEncoder().encode('%PDF-1.7\n1 0 obj garbage'), 'x.pdf')).rejects.toThrow(INVOICE_MSG.pdfBroken)
  })
  test('a broken XML', async () => {
    await expect(read('<?xml version="1.0"?><Invoice><cbc:ID>1</Invoice>', 'x.xml')).rejects.toThrow('The XML could not be read:')
  })
  test('an XML that is not an invoice', async () => {
    await expect(read('<?xml version="1.0"?><Order><ID>1</ID></Order>', 'x.xml')).rejects.toThrow(INVOICE_MSG.xmlUnknown)
  })
  test('anything else (a picture)', async () => {
    await expect(read(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'photo.jpg')).rejects.toThrow(INVOICE_MSG.wrongType)
  })
})

test('figures as documents print them', () => {
  const f = (s: string, d: '.' | ',' | null = null) => localDecimal(s, d)?.value ?? null
  expect([f('1.234,56'), f('1,234.56'), f('12,5'), f('3.00-'), f('(4.00)'), f('16 %'), f('€ 12.50'), f('1,000'), f('1.000', ','), f('1.000', '.'), f('1.2.3'), f('=1+1')]).toEqual([123456, 123456, 1250, -300, -400, 1600, 1250, 100000, 100000, 100, null, null])
})
