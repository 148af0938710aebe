// A supplier's invoice as a text-layer PDF, written by the test (issue 34: never a real supplier's invoice).
import { type APIRequestContext } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { expect } from './fixtures'

export interface InvoiceLine {
  code: string
  description: string
  quantity: number
  price: number
}

/** The demo supplier whose items (rice, flour, oil, sugar) the invoices name. */
export const DEMO_SUPPLIER = 'Lusaka Wholesale Distributors'

const money = (n: number) => n.toFixed(2)

/** The table's headers as most suppliers print them: the reader knows each label. */
export const LABELLED = ['Code', 'Description', 'Qty', 'Unit Price', 'Amount', 'VAT'] as const
/** Headers no reader label knows: a person names the columns once, then they are the supplier's template. */
export const UNLABELLED = ['Pos-Ref', 'Goods supplied', 'Cnt', 'Each', 'Line sum', 'Levy'] as const

/** One A4 page: the seller, number and date, a table (code, description, qty, unit price, amount, VAT %) under `headers` and the totals, each word where a reader finds it by position. */
export async function invoicePdf(number: string, date: string, lines: InvoiceLine[], taxPct = 16, headers: readonly string[] = LABELLED, seller = DEMO_SUPPLIER): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const text = (s: string, x: number, y: number, f = font) => page.drawText(s, { x, y, size: 10, font: f })
  const right = (s: string, x: number, y: number) => text(s, x - font.widthOfTextAtSize(s, 10), y)
  text(seller, 40, 800, bold)
  text('Lumumba Road, Heavy Industrial Area, Lusaka', 40, 786)
  text('Invoice', 400, 800, bold)
  text(`Invoice No: ${number}`, 400, 786)
  text(`Invoice Date: ${date}`, 400, 772)
  const y0 = 700
  text(headers[0], 40, y0, bold)
  text(headers[1], 110, y0, bold)
  right(headers[2], 350, y0)
  right(headers[3], 430, y0)
  right(headers[4], 500, y0)
  right(headers[5], 555, y0)
  let net = 0
  lines.forEach((l, i) => {
    const y = y0 - 20 * (i + 1)
    const amount = Math.round(l.quantity * l.price * 100) / 100
    net += amount
    text(l.code, 40, y)
    text(l.description, 110, y)
    right(String(l.quantity), 350, y)
    right(money(l.price), 430, y)
    right(money(amount), 500, y)
    right(String(taxPct), 555, y)
  })
  const tax = Math.round(net * taxPct) / 100
  const yt = y0 - 20 * (lines.length + 2)
  text('Net total', 380, yt)
  right(money(net), 500, yt)
  text(`VAT ${taxPct}%`, 380, yt - 16)
  right(money(tax), 500, yt - 16)
  text('Total due', 380, yt - 32, bold)
  right(money(net + tax), 500, yt - 32)
  return Buffer.from(await doc.save())
}

/** The API as a demo Manager: an item found by its exact name, and its supplier code set (what the reader matches first). */
export async function demoItem(request: APIRequestContext, headers: Record<string, string>, name: string, supplierCode?: string) {
  const found = (await (await request.get(`/api/items/search?q=${encodeURIComponent(name)}&limit=10&page=1`, { headers })).json()).data as { id: number; name: string; current_quantity: number }[]
  const item = found.find((i) => i.name === name)
  expect(item, `demo item ${name}`).toBeTruthy()
  if (supplierCode) expect((await request.put(`/api/items/${item!.id}`, { headers, data: { supplier_code: supplierCode } })).status()).toBe(200)
  return item!
}

/** A supplier of the test's own (a unique name) with an item per code: its invoices match by the supplier's code, and what a person teaches RIMS about its files stays with it. */
export async function supplierWithItems(send: (method: 'get' | 'post' | 'put', path: string, data?: unknown) => Promise<any>, name: string, items: { name: string; code: string }[]) {
  const supplier = (await send('post', '/suppliers', { name })) as { id: number; name: string }
  const category = (await send('post', '/categories', { name: `${name} goods` })) as { id: number }
  const made: { id: number; name: string; current_quantity: number }[] = []
  for (const i of items) made.push(await send('post', '/items', { name: i.name, category_id: category.id, supplier_id: supplier.id, unit: 'kg', cost_price: 10, current_quantity: 0, supplier_code: i.code }))
  return { supplier, items: made }
}
