import { costPerBaseUnit, fromCents, packPriceCents, toCents, valueCents } from '../../contract/fixed'
import {
  INVOICE_MSG,
  LAYOUT_SAMPLE_ROWS,
  OPEN_DRAFT_STATUSES,
  type DraftLayoutView,
  lineAmountOk,
  type DraftHeadInput,
  type DraftLayoutInput,
  type DraftLineInput,
  type DraftListQuery,
  type DraftReceiveInput,
  type DraftStatus,
  type DraftUploadInput,
  type InvoiceDifference,
  type InvoiceDraft,
  type InvoiceDraftLine,
  type InvoiceDraftSummary,
  type InvoiceProblem,
  type InvoiceSource,
  type OcrPage,
  type PdfColumn,
  readByColumns,
} from '../../contract/invoices'
import { priceJump, type Receipt } from '../../contract/purchasing'
import type { User } from '../../contract/auth'
import type { IdempotencyScope } from '../../db/idempotency'
import { badRequest, conflict, notFound } from '../../lib/errors'
import type { InvoiceReceipt, ReceiptService } from '../purchasing'
import type { StockServiceDeps } from '../stock'
import { aliasKey, matchLine, type Matcher } from './match'
import type { ReadOptions, ReadResult } from './read'
import { signatureOf } from './labels'
import { decodeUtf8 } from '../../lib/csv-read'
import { headerCells } from '../../contract/imports'
import { UnreadableFile } from './read-types'
import * as repo from './repo'

// Receiving from the supplier's own invoice (issue 34): file → draft (read, supplier, order, duplicates, matching),
// corrections, and the receipt written through purchasing's receiving. Nothing touches stock before `receive`.

const invoiceKey = (n: string) => n.replace(/\s+/g, '').toUpperCase()
const taxKey = (t: string) => t.replace(/[^0-9A-Za-z]/g, '').toUpperCase()
const nameKey = (n: string) => n.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()

export type InvoiceService = ReturnType<typeof createInvoiceService>

export function createInvoiceService({ db, clock, settings, receipts }: StockServiceDeps & { receipts: ReceiptService }) {
  const draftRow = (id: number) => repo.findDraft(db, id) ?? (() => { throw notFound('Invoice draft') })()
  const openDraft = (id: number) => {
    const d = draftRow(id)
    if (!OPEN_DRAFT_STATUSES.includes(d.status)) throw conflict(INVOICE_MSG.notOpen(d.status))
    return d
  }

  /** The supplier a file names: by tax id, then by name (the seller's, or anywhere in a PDF's text). */
  function recognise(read: ReadResult): number | null {
    const all = repo.suppliers(db)
    const ids = new Set(read.seller.tax_ids.map(taxKey))
    const text = read.text ? taxKey(read.text) : ''
    const byTax = all.find((s) => s.tax_id && taxKey(s.tax_id).length >= 5 && (ids.has(taxKey(s.tax_id)) || text.includes(taxKey(s.tax_id))))
    if (byTax) return byTax.id
    const seller = read.seller.name ? nameKey(read.seller.name) : null
    const body = read.text ? ` ${nameKey(read.text)} ` : ''
    const byName = all
      .filter((s) => nameKey(s.name).length >= 3 && (nameKey(s.name) === seller || body.includes(` ${nameKey(s.name)} `)))
      .sort((a, b) => b.name.length - a.name.length)[0]
    return byName?.id ?? null
  }

  const matcherFor = (supplierId: number): Matcher => ({ supplierId, items: repo.activeItems(db), aliases: repo.aliases(db, supplierId), codeHolder: (code) => repo.codeHolder(db, code) })

  const newLines = (read: ReadResult, supplierId: number): repo.NewLine[] => {
    const matcher = matcherFor(supplierId)
    return read.lines.map((l, i) => {
      const m = matchLine(l, matcher)
      return { n: i + 1, supplier_code: l.supplier_code, gtin: l.gtin, description: l.description, pack_text: l.pack_text, quantity: Math.abs(l.quantity), unit_price: Math.abs(l.unit_price), amount: l.amount, tax_rate: l.tax_rate, price_rounded: l.rounded ? 1 : 0, item_id: m?.item_id ?? null, pack_id: m?.pack_id ?? null, matched_by: m?.matched_by ?? null }
    })
  }

  const refuseDuplicate = (supplierId: number, number: string | null, exceptDraft = 0) => {
    if (!number) return
    const supplier = repo.supplierName(db, supplierId) ?? ''
    const receipt = repo.receiptWithInvoice(db, supplierId, invoiceKey(number))
    if (receipt !== null) throw conflict(INVOICE_MSG.duplicateReceipt(number, supplier, receipt))
    const draft = repo.draftWithInvoice(db, supplierId, invoiceKey(number), exceptDraft)
    if (draft !== null) throw conflict(INVOICE_MSG.duplicateDraft(number, supplier, draft))
  }

  const orderFor = (orderId: number, supplierId: number) => {
    const o = repo.orderHead(db, orderId)
    if (!o) throw badRequest('order_id does not match an existing purchase order')
    if (o.supplier_id !== supplierId) throw badRequest(INVOICE_MSG.orderOtherSupplier(o.number))
    return o.id
  }

  // ---------- The draft as answered: checks worked out from the stored lines every time ----------

  function view(id: number): InvoiceDraft {
    const d = draftRow(id)
    const rows = repo.draftLines(db, id)
    const orderLines = d.order_id === null ? [] : repo.orderLines(db, d.order_id)
    const pct = settings.get().price_alert_pct
    const received = d.receipt_id !== null
    const lineValue = (l: repo.LineRow) => (l.confirmed === 1 ? valueCents(l.unit_price, l.quantity) : l.amount)
    const sum = rows.reduce((s, l) => s + lineValue(l), 0)
    const totalsDiffer = d.lines_total !== null && rows.length > 0 && sum !== d.lines_total
    const lines = rows.map((l): InvoiceDraftLine => {
      const problems: InvoiceProblem[] = []
      const confirmed = l.confirmed === 1
      if (l.item_id === null) problems.push({ code: 'NO_ITEM', message: `No item found for "${l.description}": choose it once, it is remembered` })
      else if (l.matched_by === 'NAME' && !confirmed) problems.push({ code: 'NAME_SUGGESTION', message: `${l.item_name} is only a guess from the name: confirm it or choose another item` })
      // A cent apart is a supplier's rounding while the totals agree; when they do not, that line is marked too.
      if (!confirmed && (!lineAmountOk(l.quantity, l.unit_price, l.amount) || (totalsDiffer && valueCents(l.unit_price, l.quantity) !== l.amount)))
        problems.push({ code: 'AMOUNT', message: `${fromCents(l.quantity)} × ${fromCents(l.unit_price).toFixed(2)} is ${fromCents(valueCents(l.unit_price, l.quantity)).toFixed(2)}, the invoice says ${fromCents(l.amount).toFixed(2)}` })
      if (!confirmed && l.price_rounded === 1) problems.push({ code: 'PRICE_DECIMALS', message: 'The invoice prints more than 2 decimals here: check the rounded figures' })
      const size = l.pack_size ?? 100
      const compared = l.item_id === null ? null : receipts.comparedPrice(l.item_id)
      const jump = compared && l.item_id !== null ? priceJump(compared.price, costPerBaseUnit(l.unit_price, size), pct) : null
      const onOrder = l.item_id === null ? undefined : orderLines.find((o) => o.item_id === l.item_id)
      return {
        n: l.n,
        supplier_code: l.supplier_code,
        gtin: l.gtin,
        description: l.description,
        pack_text: l.pack_text,
        quantity: fromCents(l.quantity),
        unit_price: fromCents(l.unit_price),
        amount: fromCents(l.amount),
        tax_rate: l.tax_rate === null ? null : fromCents(l.tax_rate),
        item_id: l.item_id,
        item_name: l.item_name,
        unit: l.unit,
        pack: l.pack_id === null || l.pack_name === null ? null : { id: l.pack_id, name: l.pack_name, size: fromCents(size) },
        matched_by: l.matched_by,
        problems: received ? [] : problems,
        last_price: compared ? fromCents(packPriceCents(compared.price, size)) : null,
        price_change_pct: jump?.change_pct ?? null,
        order_line_id: onOrder?.id ?? null,
        ordered: onOrder ? fromCents(onOrder.quantity) : null,
        received_before: onOrder ? fromCents(onOrder.received_quantity - (received ? (l.received_quantity ?? 0) : 0)) : null,
        order_price: onOrder ? fromCents(onOrder.unit_price) : null,
        received_quantity: l.received_quantity === null ? null : fromCents(l.received_quantity),
        refused_quantity: l.refused_quantity === null ? null : fromCents(l.refused_quantity),
        refused_reason: l.refused_reason,
      }
    })
    const problems: InvoiceProblem[] = []
    if (!received) {
      // A PDF's or a photo's columns can be named (GET/PUT …/layout); other files have nothing to name.
      if (rows.length === 0) problems.push({ code: 'NO_LINES', message: readByColumns(d.reader) ? 'No line was read: say which column is which' : 'No line was read' })
      if (totalsDiffer)
        problems.push({ code: 'TOTALS', message: `The lines add up to ${fromCents(sum).toFixed(2)}, the invoice says ${fromCents(d.lines_total!).toFixed(2)}` })
      if (d.net !== null && d.tax !== null && d.gross !== null && d.net + d.tax !== d.gross)
        problems.push({ code: 'NET_TAX_GROSS', message: `${fromCents(d.net).toFixed(2)} + ${fromCents(d.tax).toFixed(2)} tax is not the printed total ${fromCents(d.gross).toFixed(2)}` })
      if (!d.invoice_number) problems.push({ code: 'NO_NUMBER', message: 'The invoice number was not found' })
      if (!d.invoice_date) problems.push({ code: 'NO_DATE', message: 'The invoice date was not found' })
    }
    const differences = differencesOf(rows, lines)
    return {
      ...summaryOf(d, lines, differences),
      lines,
      problems,
      differences,
      layout: d.layout === null ? null : { columns: JSON.parse(d.layout) as PdfColumn[], template: repo.layouts(db, 'PDF', d.supplier_id).some((t) => t.layout === d.layout) },
      csv_map: d.csv_map === null ? null : (JSON.parse(d.csv_map) as Record<string, string>),
    }
  }

  /** What a credit note should cover: prices above the order, and once received what was short, refused or damaged. */
  function differencesOf(rows: repo.LineRow[], lines: InvoiceDraftLine[]): InvoiceDifference[] {
    const out: InvoiceDifference[] = []
    rows.forEach((l, i) => {
      const v = lines[i]
      if (v.order_price !== null && l.unit_price > toCents(v.order_price))
        out.push({ n: l.n, description: l.description, kind: 'PRICE_ABOVE_ORDER', quantity: v.quantity, value: fromCents(valueCents(l.unit_price - toCents(v.order_price), l.quantity)) })
      if (l.received_quantity === null) return
      const refused = l.refused_quantity ?? 0
      const short = l.quantity - l.received_quantity - refused
      if (short > 0) out.push({ n: l.n, description: l.description, kind: 'SHORT', quantity: fromCents(short), value: fromCents(valueCents(l.unit_price, short)) })
      if (refused > 0) out.push({ n: l.n, description: l.description, kind: l.refused_reason ?? 'REFUSED', quantity: fromCents(refused), value: fromCents(valueCents(l.unit_price, refused)) })
    })
    return out
  }

  const summaryOf = (d: repo.DraftRow, lines: InvoiceDraftLine[], differences: InvoiceDifference[]): InvoiceDraftSummary => ({
    id: d.id,
    status: d.status,
    source: d.source,
    reader: d.reader,
    file_name: d.file_name,
    supplier_id: d.supplier_id,
    supplier_name: d.supplier_name,
    order_id: d.order_id,
    order_number: d.order_number,
    invoice_number: d.invoice_number,
    invoice_date: d.invoice_date,
    credit_note: d.credit_note === 1,
    currency: d.currency,
    net: d.net === null ? null : fromCents(d.net),
    tax: d.tax === null ? null : fromCents(d.tax),
    gross: d.gross === null ? null : fromCents(d.gross),
    lines_total: d.lines_total === null ? null : fromCents(d.lines_total),
    line_count: lines.length,
    problem_lines: lines.filter((l) => l.problems.length > 0).length,
    receipt_id: d.receipt_id,
    difference_value: fromCents(differences.reduce((s, x) => s + toCents(x.value), 0)),
    created_by_name: d.created_by_name,
    created_at: d.created_at,
    received_at: d.received_at,
    disputed_at: d.disputed_at,
    dispute_reason: d.dispute_reason,
  })

  /** READY or NEEDS_REVIEW from the checks, stored so that the Invoices list can filter by it. */
  const restate = (id: number, at: string): InvoiceDraft => {
    const v = view(id)
    const status: DraftStatus = v.problems.length === 0 && v.lines.every((l) => l.problems.length === 0) ? 'READY' : 'NEEDS_REVIEW'
    if (status !== v.status) repo.setStatus(db, id, status, at)
    return { ...v, status }
  }

  /** The saved CSV mapping for a CSV file: the chosen supplier's, or the one whose headers the file has. */
  const savedCsvLayout = (bytes: Uint8Array, kind: InvoiceSource, supplierId: number | undefined) => {
    if (kind !== 'CSV') return undefined
    const saved = repo.layouts(db, 'CSV', supplierId)
    if (supplierId !== undefined) return saved[0]
    const text = decodeUtf8(bytes.subarray(0, 64 * 1024))
    const signature = text === null ? null : signatureOf(headerCells(text))
    return saved.find((s) => s.signature === signature)
  }

  /** Reads a file; a refusal becomes a 400 with its one line. The readers (pdf.js, the XML parser) load with the first file, not at start. */
  const readFile = async (bytes: Uint8Array, name: string, o: (kind: InvoiceSource) => ReadOptions): Promise<ReadResult> => {
    const { kindOf, readInvoiceFile } = await import('./read')
    try {
      return await readInvoiceFile(bytes, name, o(kindOf(bytes, name)))
    } catch (e) {
      if (e instanceof UnreadableFile) throw badRequest(e.message)
      throw e
    }
  }

  /** A reader's refusal as a 400 with its one line. */
  const unreadable = <T>(read: () => T): T => {
    try {
      return read()
    } catch (e) {
      if (e instanceof UnreadableFile) throw badRequest(e.message)
      throw e
    }
  }

  /** What receiving a draft writes, or why it cannot be received yet. */
  function planReceipt(id: number, input: DraftReceiveInput) {
    const d = openDraft(id)
    if (d.credit_note === 1) throw badRequest(INVOICE_MSG.creditNote)
    const v = view(id)
    const needing = v.lines.filter((l) => l.problems.length > 0).length
    if (needing > 0) throw badRequest(INVOICE_MSG.notReady(needing))
    if (!d.invoice_number || !d.invoice_date) throw badRequest(INVOICE_MSG.headMissing)
    if (v.lines.length === 0) throw badRequest(INVOICE_MSG.nothingReceived)
    if (v.problems.length > 0 && !input.accept_totals) throw badRequest(INVOICE_MSG.totalsNotAccepted)
    const given = new Map<number, DraftReceiveInput['lines'][number]>()
    for (const l of input.lines) {
      if (given.has(l.n)) throw badRequest(INVOICE_MSG.lineTwice(l.n))
      if (!v.lines.some((x) => x.n === l.n)) throw badRequest(INVOICE_MSG.noLine(l.n))
      given.set(l.n, l)
    }
    const orderLines = d.order_id === null ? [] : repo.orderLines(db, d.order_id)
    const rows = repo.draftLines(db, id)
    const outcome = rows.map((l) => {
      const g = given.get(l.n)
      const received = g ? toCents(g.received_quantity) : l.quantity
      const refused = g ? toCents(g.refused_quantity ?? 0) : 0
      if (received + refused > l.quantity) throw badRequest(INVOICE_MSG.tooMuch(l.n))
      const reason = refused > 0 ? (g?.refused_reason ?? 'REFUSED') : null
      const note = [reason === 'DAMAGED' ? `${fromCents(refused)} refused as damaged` : null, g?.note ?? null].filter(Boolean).join('; ') || null
      return { n: l.n, line: l, received, refused, reason, expiry: g?.expiry_date ?? null, note }
    })
    const lines = outcome
      .filter((o) => o.received > 0 || o.refused > 0)
      .map((o) => ({
        order_line_id: orderLines.find((x) => x.item_id === o.line.item_id)?.id ?? null,
        item_id: o.line.item_id!,
        pack_id: o.line.pack_id,
        received: o.received,
        refused: o.refused,
        unit_price: o.line.unit_price,
        expiry_date: o.expiry,
        note: o.note,
      }))
    if (lines.every((l) => l.received === 0)) throw badRequest(INVOICE_MSG.nothingReceived)
    const receipt: InvoiceReceipt = { draft_id: id, supplier_id: d.supplier_id, order_id: d.order_id, invoice_number: d.invoice_number, invoice_date: d.invoice_date, invoice_total: d.lines_total ?? d.net, lines }
    return { draft: d, outcome, receipt }
  }

  return {
    /** A file in, a draft out (nothing stored when the file is refused). */
    async upload(user: User, file: { name: string; bytes: Uint8Array }, input: DraftUploadInput): Promise<InvoiceDraft> {
      if (input.supplier_id !== undefined && repo.supplierName(db, input.supplier_id) === null) throw badRequest('supplier_id does not match an existing supplier')
      const templates = repo.layouts(db, 'PDF', input.supplier_id).map((t) => ({ supplier_id: t.supplier_id, columns: JSON.parse(t.layout) as PdfColumn[] }))
      // A CSV: the mapping sent with it, else the saved mapping of the supplier (chosen, or recognised by the file's headers).
      let saved: ReturnType<typeof savedCsvLayout>
      const { imageType, readOcrPage } = await import('./read')
      // A photo is read from the words the phone found on it, only while OCR is on (the invoice_ocr setting); while
      // it is off, a photo alone is refused as any other kind of file is.
      if (input.words !== undefined && !settings.get().invoice_ocr) throw badRequest(INVOICE_MSG.ocrOff)
      if (input.words === undefined && imageType(file.bytes) !== null && settings.get().invoice_ocr) throw badRequest(INVOICE_MSG.ocrNoWords)
      const ocr = input.words
      const read = ocr
        ? unreadable(() => readOcrPage(file.bytes, ocr))
        : await readFile(file.bytes, file.name, (kind) => {
            saved = input.csv_map ? undefined : savedCsvLayout(file.bytes, kind, input.supplier_id)
            return { csvMap: input.csv_map ?? (saved ? (JSON.parse(saved.layout) as Record<string, string>) : {}), templates }
          })
      const csvSupplier = read.reader === 'CSV' ? (saved?.supplier_id ?? null) : null
      const supplierId = input.supplier_id ?? read.template_supplier_id ?? csvSupplier ?? recognise(read)
      if (supplierId === null) throw badRequest(INVOICE_MSG.noSupplier)
      const orderId = input.order_id !== undefined ? orderFor(input.order_id, supplierId) : read.order_reference ? repo.openOrderByNumber(db, supplierId, read.order_reference) : null
      const at = clock().toISOString()
      const id = db
        .transaction(() => {
          refuseDuplicate(supplierId, read.invoice_number)
          const draftId = repo.insertDraft(db, {
            status: 'NEEDS_REVIEW',
            source: read.source,
            reader: read.reader,
            supplier_id: supplierId,
            order_id: orderId,
            invoice_number: read.invoice_number,
            invoice_key: read.invoice_number ? invoiceKey(read.invoice_number) : null,
            invoice_date: read.invoice_date,
            credit_note: read.credit_note ? 1 : 0,
            currency: read.currency,
            net: read.net,
            tax: read.tax,
            gross: read.gross,
            lines_total: read.lines_total,
            layout: read.layout ? JSON.stringify(read.layout) : null,
            csv_map: read.csv_map ? JSON.stringify(read.csv_map) : null,
            ocr_words: ocr ? JSON.stringify(ocr) : null,
            created_by: user.id,
            at,
          })
          repo.insertFile(db, { draft_id: draftId, file_name: file.name.slice(0, 200) || 'invoice', media_type: read.media_type, bytes: file.bytes })
          repo.insertLines(db, draftId, newLines(read, supplierId))
          restate(draftId, at)
          return draftId
        })
        .immediate()
      return view(id)
    },

    get: (id: number) => view(id),

    list(q: DraftListQuery) {
      const { rows, total } = repo.listDrafts(db, q, q.limit, (q.page - 1) * q.limit)
      return { rows: rows.map((d) => { const v = view(d.id); return summaryOf(d, v.lines, v.differences) }), total }
    },

    /** A person's correction: the item (kept as the supplier's alias), its pack, the quantity and the price. */
    updateLine(user: User, id: number, n: number, input: DraftLineInput): InvoiceDraft {
      return db
        .transaction(() => {
          const d = openDraft(id)
          const line = repo.draftLines(db, id).find((l) => l.n === n)
          if (!line) throw notFound(`Line ${n}`)
          const item = repo.itemBrief(db, input.item_id)
          if (!item) throw badRequest('item_id does not match an existing item')
          if (item.is_active !== 1) throw badRequest(INVOICE_MSG.itemInactive(item.name))
          const packId = input.pack_id !== undefined ? input.pack_id : line.item_id === item.id ? line.pack_id : item.order_pack_id
          if (packId !== null && !repo.packOf(db, item.id, packId)) throw badRequest(INVOICE_MSG.packNotOfItem(item.name))
          const at = clock().toISOString()
          repo.confirmLine(db, id, n, { item_id: item.id, pack_id: packId, quantity: toCents(input.quantity), unit_price: toCents(input.unit_price) })
          repo.saveAlias(db, { supplier_id: d.supplier_id, alias_key: aliasKey(line), item_id: item.id, pack_id: packId, user_id: user.id, at })
          return restate(id, at)
        })
        .immediate()
    },

    /** The head the reader missed or got wrong: number (checked for duplicates), date, order. */
    updateHead(id: number, input: DraftHeadInput): InvoiceDraft {
      return db
        .transaction(() => {
          const d = openDraft(id)
          const number = input.invoice_number ?? d.invoice_number
          if (input.invoice_number !== undefined) refuseDuplicate(d.supplier_id, number, id)
          const orderId = input.order_id === undefined ? d.order_id : input.order_id === null ? null : orderFor(input.order_id, d.supplier_id)
          const at = clock().toISOString()
          repo.setHead(db, id, { invoice_number: number, invoice_key: number ? invoiceKey(number) : null, invoice_date: input.invoice_date ?? d.invoice_date, order_id: orderId }, at)
          return restate(id, at)
        })
        .immediate()
    },

    /** A PDF's or a photo's draft: its columns with its first rows cut into them, what a person names the columns by. */
    async layoutRows(id: number): Promise<DraftLayoutView> {
      const d = draftRow(id)
      const layout = view(id).layout
      if (!readByColumns(d.reader) || !layout) throw badRequest(INVOICE_MSG.notPdfText)
      const { ocrPageRows, pdfRows } = await import('./read')
      const words = d.reader === 'OCR' ? repo.ocrWords(db, id) : null
      if (words) return { ...layout, rows: ocrPageRows(JSON.parse(words) as OcrPage, layout.columns, LAYOUT_SAMPLE_ROWS) }
      const file = repo.draftFile(db, id)!
      return { ...layout, rows: await pdfRows(new Uint8Array(file.bytes), layout.columns, LAYOUT_SAMPLE_ROWS) }
    },

    /** A PDF read again with the columns a person named: the lines start over, matched afresh. */
    async updateLayout(id: number, input: DraftLayoutInput): Promise<InvoiceDraft> {
      const d = openDraft(id)
      if (!readByColumns(d.reader)) throw badRequest(INVOICE_MSG.notPdfText)
      const file = repo.draftFile(db, id)!
      const words = d.reader === 'OCR' ? repo.ocrWords(db, id) : null
      const { readOcrPage } = await import('./read')
      const read = words
        ? unreadable(() => readOcrPage(new Uint8Array(file.bytes), JSON.parse(words) as OcrPage, input.columns))
        : await readFile(new Uint8Array(file.bytes), file.file_name, () => ({ csvMap: {}, templates: [], columns: input.columns }))
      return db
        .transaction(() => {
          openDraft(id)
          const at = clock().toISOString()
          repo.deleteLines(db, id)
          repo.insertLines(db, id, newLines(read, d.supplier_id))
          repo.setLayout(db, id, JSON.stringify(input.columns), at)
          return restate(id, at)
        })
        .immediate()
    },

    /**
     * The receipt, through purchasing's receiving (one transaction with the draft's own change, once per
     * Idempotency-Key): each line received in full unless said otherwise (short, refused, damaged). The PDF columns
     * or CSV mapping the draft was read with, received, is the supplier's template from now on.
     */
    receive(scope: IdempotencyScope, id: number, input: DraftReceiveInput): Receipt {
      let plan: ReturnType<typeof planReceipt> | null = null
      return receipts.receiveInvoice(
        scope,
        // Inside the transaction, after a replay was looked for: a retried request gets its first answer.
        () => (plan = planReceipt(id, input)).receipt,
        (_receiptId, at) => {
          const { draft, outcome } = plan!
          for (const o of outcome) repo.setLineReceived(db, id, o.n, o)
          repo.markReceived(db, id, at)
          if (draft.layout && draft.reader === 'PDF_TEXT') repo.replaceLayout(db, { supplier_id: draft.supplier_id, kind: 'PDF', layout: draft.layout, signature: signatureOfLayout(draft.layout), at })
          if (draft.csv_map && draft.reader === 'CSV') repo.replaceLayout(db, { supplier_id: draft.supplier_id, kind: 'CSV', layout: draft.csv_map, signature: signatureOfMap(draft.csv_map), at })
        },
      )
    },

    /** The Manager sets an invoice aside (a credit note is due): it can no longer be received or changed. */
    dispute(id: number, reason: string): InvoiceDraft {
      return db
        .transaction(() => {
          const d = draftRow(id)
          if (d.status === 'DISPUTED') throw conflict(INVOICE_MSG.notOpen(d.status))
          repo.markDisputed(db, id, reason, clock().toISOString())
          return view(id)
        })
        .immediate()
    },

    file(id: number) {
      draftRow(id)
      const f = repo.draftFile(db, id)!
      return { name: f.file_name, media_type: f.media_type, bytes: new Uint8Array(f.bytes) }
    },

    /** Received invoices for the bookkeeper: one row per invoice, one column per item category (amounts as invoiced). */
    exportRows(f: { from?: string; to?: string }) {
      const rows = repo.receivedForExport(db, f)
      const categories = [...new Set(rows.map((r) => r.category_name ?? 'Not matched'))].sort()
      const invoices = new Map<number, { date: string; supplier: string; number: string; net: number | null; tax: number | null; gross: number | null; by: Map<string, number> }>()
      for (const r of rows) {
        const inv = invoices.get(r.id) ?? { date: r.invoice_date, supplier: r.supplier_name, number: r.invoice_number, net: r.net, tax: r.tax, gross: r.gross, by: new Map() }
        inv.by.set(r.category_name ?? 'Not matched', r.amount)
        invoices.set(r.id, inv)
      }
      return { categories, invoices: [...invoices.values()] }
    },
  }
}

const signatureOfLayout = (layout: string) => signatureOf((JSON.parse(layout) as PdfColumn[]).map((c) => c.header))
const signatureOfMap = (map: string) => signatureOf(Object.keys(JSON.parse(map) as Record<string, string>))
