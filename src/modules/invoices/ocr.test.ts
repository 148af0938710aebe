import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { INVOICE_MSG, type OcrPage } from '../../contract/invoices'
import { makeTestEnv, type TestEnv } from '../../test/harness'
import { lineAmount, specLines, totals, type InvoiceSpec } from '../../test/invoice-builders'
import { ocrPageOf, PNG_BYTES } from '../../test/ocr-words'
import { cleaned, ocrWords, slopeOf } from './readers/ocr'
import { readPdfText, rowsOf } from './readers/pdf-text'

// A photo of a paper invoice (issue 34, 2d): the phone runs OCR and sends the words with their boxes; the server reads
// them with the PDF text layer's table reader. Only while the Manager's invoice_ocr setting is on.

let env: TestEnv
let manager: { id: number; token: string }
let keeper: { id: number; token: string }
let supplier: { id: number; name: string }
const TAX_ID = 'ZM1002003004'

beforeEach(async () => {
  env = await makeTestEnv()
  manager = await env.userOf('Manager')
  keeper = await env.userOf('Storekeeper')
  const res = await call('POST', '/suppliers', { name: 'Lusaka Foods Ltd', tax_id: TAX_ID })
  expect(res.status).toBe(201)
  supplier = res.body.data
})
afterEach(() => env.close())

const call = (method: string, path: string, body?: unknown, token = manager.token) => env.call(method, `/api${path}`, { token, body })
const ocrOn = async (on: boolean) => {
  const res = await call('PUT', '/manager/settings', { invoice_ocr: on })
  expect([res.status, res.body.message]).toEqual([200, 'Settings saved'])
}

async function upload(bytes: Uint8Array, name: string, fields: Record<string, string> = {}, token = keeper.token) {
  const form = new FormData()
  form.set('file', new File([bytes.slice()], name))
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  const res = await env.app.handle(new Request('http://localhost/api/receipts/drafts', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }))
  return { status: res.status, body: (await res.json()) as any }
}

const spec = (number: string, lines = specLines(40)): InvoiceSpec => ({ number, date: '2026-11-20', seller: { name: 'Lusaka Foods Ltd', tax_id: TAX_ID }, lines })
const stored = () => env.deps.db.query('SELECT (SELECT count(*) FROM invoice_drafts) + (SELECT count(*) FROM invoice_files) AS n').get()

describe('the words of a photo are read as a PDF text layer', () => {
  test('a page turned 1° (rows drift a line’s height across it) is straightened by its baselines: 40 rows of 5 cells', () => {
    const page = ocrPageOf(spec('OCR-1'), { degrees: 1 })
    expect(slopeOf(page)).toBeCloseTo(Math.tan(Math.PI / 180), 3)
    const rows = rowsOf(ocrWords(page))
    // seller + VAT no. share rows with number + date; the header; 40 lines; 3 totals.
    expect(rows.length).toBe(2 + 1 + 40 + 3)
    // Without straightening, the same words make rows that mix neighbouring lines.
    const flat = rowsOf(ocrWords({ ...page, words: page.words.map((w) => ({ ...w, baseline: null })) }))
    expect(flat.length).not.toBe(rows.length)
  })

  test('OCR on: 40 of 40 lines, the head and the totals; the photo is the draft’s file; matching and checks as for any draft', async () => {
    await ocrOn(true)
    expect((await call('GET', '/receipts/drafts/ocr', undefined, keeper.token)).body.data).toEqual({ enabled: true })
    const s = spec('OCR-1')
    const res = await upload(PNG_BYTES, 'photo.png', { words: JSON.stringify(ocrPageOf(s, { degrees: -1.2 })) })
    expect([res.status, res.body.message]).toEqual([201, expect.any(String)])
    const d = res.body.data
    const t = totals(s)
    expect(d).toMatchObject({ source: 'IMAGE', reader: 'OCR', supplier_id: supplier.id, invoice_number: 'OCR-1', invoice_date: '2026-11-20', net: Number(t.net), tax: Number(t.tax), gross: Number(t.gross), file_name: 'photo.png' })
    expect(d.problems).toEqual([])
    expect(d.lines.map((l: any) => [l.supplier_code, l.description, l.quantity, l.unit_price, l.amount])).toEqual(
      s.lines.map((l) => [l.code, l.description, Number(l.qty), Number(l.price), Number(lineAmount(l))]),
    )
    // No item is known yet: each line needs a person, nothing else does.
    expect(d.lines.every((l: any) => l.problems.map((p: any) => p.code).join() === 'NO_ITEM')).toBe(true)
    const file = await env.app.handle(new Request(`http://localhost/api/receipts/drafts/${d.id}/file`, { headers: { authorization: `Bearer ${manager.token}` } }))
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_BYTES)
  })

  test('marks OCR makes of dust are dropped, stray ones at a word’s ends taken off; the lines read the same', async () => {
    const s = spec('OCR-4', specLines(4))
    const page = ocrPageOf(s)
    const code = page.words.findIndex((w) => w.text === s.lines[1].code)
    const qty = page.words.findIndex((w, i) => i > code && w.text === s.lines[1].qty)
    page.words[qty] = { ...page.words[qty], text: `${s.lines[1].qty}.` }
    page.words[code + 1] = { ...page.words[code + 1], text: `-${page.words[code + 1].text}` }
    const at = page.words[code]
    page.words.push({ ...at, text: '©', x0: at.x1 + 30, x1: at.x1 + 40 }, { ...at, text: ':', x0: 1300, x1: 1306 })
    expect(cleaned('"32.05')).toBe('32.05')
    expect(cleaned('-5.00')).toBe('-5.00')
    const read = readPdfText(ocrWords(page), null)
    expect(read.lines.map((l) => [l.supplier_code, l.description, l.quantity])).toEqual(s.lines.map((l) => [l.code, l.description, Number(l.qty) * 100]))
  })

  test('a misread figure is caught by the line and totals checks (NEEDS_REVIEW, the line named)', async () => {
    await ocrOn(true)
    const s = spec('OCR-2', specLines(5))
    const page = ocrPageOf(s)
    // OCR reads 6 as 8 in line 3's amount.
    const amount = lineAmount(s.lines[2])
    const misread = amount.replace('6', '8') === amount ? amount.replace(/\d/, '9') : amount.replace('6', '8')
    const at = page.words.findIndex((w, i) => w.text === amount && i > page.words.findIndex((x) => x.text === s.lines[2].code))
    page.words[at] = { ...page.words[at], text: misread }
    const d = (await upload(PNG_BYTES, 'p.png', { words: JSON.stringify(page) })).body.data
    expect(d.status).toBe('NEEDS_REVIEW')
    expect(d.problems.map((p: any) => p.code)).toEqual(['TOTALS'])
    expect(d.lines[2].problems.map((p: any) => p.code)).toContain('AMOUNT')
    expect(d.lines.filter((l: any) => l.problems.some((p: any) => p.code === 'AMOUNT')).map((l: any) => l.n)).toEqual([3])
  })

  test('a person names the columns of an OCR draft: the stored words are read again', async () => {
    await ocrOn(true)
    const s = spec('OCR-3', specLines(3))
    const d = (await upload(PNG_BYTES, 'p.png', { words: JSON.stringify(ocrPageOf(s)) })).body.data
    // What a person names them by: the photo's first rows, cut into its columns from the words stored with the draft.
    const shown = await call('GET', `/receipts/drafts/${d.id}/layout`, undefined, keeper.token)
    expect(shown.status).toBe(200)
    const described = shown.body.data.columns.findIndex((c: any) => c.field === 'description')
    expect(shown.body.data.rows.slice(0, 3).map((r: string[]) => r[described])).toEqual(s.lines.map((l) => l.description))
    const columns = d.layout.columns.map((c: any) => (c.field === 'supplier_code' ? { ...c, field: null } : c))
    const res = await call('PUT', `/receipts/drafts/${d.id}/layout`, { columns }, keeper.token)
    expect(res.status).toBe(200)
    expect(res.body.data.lines.map((l: any) => [l.supplier_code, l.description, l.amount])).toEqual(s.lines.map((l) => [null, l.description, Number(lineAmount(l))]))
  })
  test('a photo whose column headers are not known: no line read, and the draft says to name its columns, as a PDF’s does', async () => {
    await ocrOn(true)
    const page = ocrPageOf(spec('OCR-4', specLines(3)))
    const renamed: Record<string, string> = { Code: 'Ref', Description: 'Goods', Qty: 'Cnt', Unit: 'Each', price: 'one', Amount: 'Sum' }
    page.words = page.words.map((w) => (renamed[w.text] ? { ...w, text: renamed[w.text] } : w))
    const d = (await upload(PNG_BYTES, 'p.png', { words: JSON.stringify(page) })).body.data
    expect(d.lines).toEqual([])
    expect(d.problems).toEqual([{ code: 'NO_LINES', message: 'No line was read: say which column is which' }])
    expect((await call('GET', `/receipts/drafts/${d.id}/layout`, undefined, keeper.token)).status).toBe(200)
  })
})

describe('refused, nothing stored', () => {
  test('OCR off (the default): words are refused, and a photo alone is refused as before', async () => {
    const words = JSON.stringify(ocrPageOf(spec('OFF-1', specLines(2))))
    expect((await call('GET', '/receipts/drafts/ocr', undefined, keeper.token)).body.data).toEqual({ enabled: false })
    const res = await upload(PNG_BYTES, 'p.png', { words })
    expect([res.status, res.body.message]).toEqual([400, INVOICE_MSG.ocrOff])
    const photo = await upload(PNG_BYTES, 'p.png')
    expect([photo.status, photo.body.message]).toEqual([400, INVOICE_MSG.wrongType])
    expect(stored()).toEqual({ n: 0 })
  })

  test('OCR on: a photo without words, words without a photo, words of the wrong shape; only a Manager turns it on', async () => {
    const keeperPut = await call('PUT', '/manager/settings', { invoice_ocr: true }, keeper.token)
    expect(keeperPut.status).toBe(403)
    await ocrOn(true)
    const page = ocrPageOf(spec('ON-1', specLines(2)))
    const cases: [Uint8Array, Record<string, string>, string][] = [
      [PNG_BYTES, {}, INVOICE_MSG.ocrNoWords],
      [new TextEncoder().encode('%PDF-1.7 nothing'), { words: JSON.stringify(page) }, INVOICE_MSG.ocrNotImage],
      [PNG_BYTES, { words: '{not json' }, 'words must be JSON'],
      [PNG_BYTES, { words: JSON.stringify({ ...page, words: [{ text: 'x', x0: 10, y0: 10, x1: 5, y1: 20 }] }) }, "each word's box must lie within the image"],
      [PNG_BYTES, { words: JSON.stringify({ width: 100, height: 100, words: [] } satisfies OcrPage) }, INVOICE_MSG.ocrNoText],
    ]
    for (const [bytes, fields, message] of cases) {
      const res = await upload(bytes, 'p.png', fields)
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)])
    }
    expect(stored()).toEqual({ n: 0 })
  })
})
