import { Elysia } from 'elysia'
import * as v from 'valibot'
import { localDate } from '../../contract/dates'
import { id } from '../../contract/fields'
import {
  DraftDisputeBody,
  DraftHeadBody,
  DraftLayoutBody,
  DraftLineBody,
  DraftListQuery,
  DraftReceiveBody,
  DraftUploadFields,
  INVOICE_MSG,
  InvoicesCsvQuery,
  MAX_INVOICE_BYTES,
} from '../../contract/invoices'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyScope } from '../../http/idempotency'
import { parse, parseAction } from '../../http/validate'
import { csvStream, type CsvColumn } from '../../lib/csv'
import { AppError, badRequest } from '../../lib/errors'

const lineNumber = v.pipe(v.unknown(), v.transform(Number), v.number('n must be a line number'), v.integer('n must be a line number'), v.minValue(1, 'n must be a line number'), v.maxValue(10_000, 'n must be a line number'))

/** A file name safe in a header: ASCII without quotes for old clients, the real one in filename* (RFC 6266). */
const disposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

/** Receiving from the supplier's invoice (issue 34): upload, correct, receive; the Manager's Invoices list, file, dispute and CSV. */
export const invoiceRoutes = ({ invoices, clock, settings }: AppDeps) =>
  new Elysia({ name: 'invoice-routes' }).use(signedIn)
    .post('/receipts/drafts', async (ctx) => {
      if (!/^multipart\/form-data\s*;/i.test(ctx.request.headers.get('content-type') ?? '')) throw badRequest(INVOICE_MSG.noFile)
      let form: FormData
      try {
        form = await ctx.request.formData()
      } catch {
        throw badRequest(INVOICE_MSG.formBroken)
      }
      const file = form.get('file')
      if (!(file instanceof Blob) || file.size === 0) throw badRequest(INVOICE_MSG.noFile)
      if (file.size > MAX_INVOICE_BYTES) throw new AppError(413, INVOICE_MSG.tooLarge)
      const text = (k: string) => {
        const x = form.get(k)
        return typeof x === 'string' ? x : undefined
      }
      const fields = parse(DraftUploadFields, { supplier_id: text('supplier_id'), order_id: text('order_id'), csv_map: text('csv_map'), words: text('words') })
      const name = file instanceof File ? file.name : 'invoice'
      const draft = await invoices.upload(ctx.user, { name, bytes: new Uint8Array(await file.arrayBuffer()) }, fields)
      ctx.set.status = 201
      return ok(draft, INVOICE_MSG.read(draft.status, draft.line_count, draft.problem_lines + draft.problems.length))
    }, { parse: 'none', signedIn: true })
    .get('/receipts/drafts', ({ query }) => {
      const q = parse(DraftListQuery, query)
      const { rows, total } = invoices.list(q)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .get('/receipts/drafts/export.csv', ({ query }) => {
      const q = parse(InvoicesCsvQuery, query)
      const { categories, invoices: rows } = invoices.exportRows(q)
      type Row = (typeof rows)[number]
      const money = (c: number | null) => (c === null ? null : c / 100)
      const columns: CsvColumn<Row>[] = [
        { header: 'Date', value: (r) => r.date },
        { header: 'Supplier', value: (r) => r.supplier },
        { header: 'Invoice number', value: (r) => r.number },
        { header: 'Net', value: (r) => money(r.net), kind: 'money' },
        { header: 'Tax', value: (r) => money(r.tax), kind: 'money' },
        { header: 'Gross', value: (r) => money(r.gross), kind: 'money' },
        ...categories.map((c): CsvColumn<Row> => ({ header: c, value: (r) => money(r.by.get(c) ?? null), kind: 'money' })),
      ]
      const today = localDate(clock(), settings.get().time_zone)
      return new Response(csvStream(columns, rows), {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="invoices-${today}.csv"`, 'cache-control': 'no-store' },
      })
    })
    // Whether a photo may be read (the invoice_ocr setting), for the Receive from invoice screen of any store role.
    .get('/receipts/drafts/ocr', () => ok({ enabled: settings.get().invoice_ocr }))
    .get('/receipts/drafts/:id', ({ params }) => ok(invoices.get(parse(id('id'), params.id))))
    .patch('/receipts/drafts/:id', ({ params, body }) => ok(invoices.updateHead(parse(id('id'), params.id), parse(DraftHeadBody, body)), INVOICE_MSG.updated))
    .put('/receipts/drafts/:id/lines/:n', (ctx) => {
      const draftId = parse(id('id'), ctx.params.id)
      const n = parse(lineNumber, ctx.params.n)
      return ok(invoices.updateLine(ctx.user, draftId, n, parse(DraftLineBody, ctx.body)), INVOICE_MSG.lineUpdated)
    }, { signedIn: true })
    .get('/receipts/drafts/:id/layout', async ({ params }) => ok(await invoices.layoutRows(parse(id('id'), params.id))))
    .put('/receipts/drafts/:id/layout', async ({ params, body }) => ok(await invoices.updateLayout(parse(id('id'), params.id), parse(DraftLayoutBody, body)), INVOICE_MSG.layoutUpdated))
    .post('/receipts/drafts/:id/receive', (ctx) => {
      const draftId = parse(id('id'), ctx.params.id)
      const input = parseAction(ctx.body, DraftReceiveBody)
      ctx.set.status = 201
      return ok(invoices.receive(idempotencyScope(ctx, input), draftId, input), INVOICE_MSG.received)
    }, { signedIn: true })
    .get('/receipts/drafts/:id/file', ({ params }) => {
      const f = invoices.file(parse(id('id'), params.id))
      return new Response(f.bytes, { headers: { 'content-type': f.media_type, 'content-disposition': disposition(f.name), 'cache-control': 'no-store' } })
    })
    .post('/receipts/drafts/:id/dispute', ({ params, body }) => ok(invoices.dispute(parse(id('id'), params.id), parseAction(body, DraftDisputeBody).reason), INVOICE_MSG.disputed))
