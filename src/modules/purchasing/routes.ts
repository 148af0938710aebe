import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import {
  CloseOrderBody,
  FromSuggestionsBody,
  OrderReceiptBody,
  PO_MSG,
  PurchaseOrderBody,
  PurchaseOrderListQuery,
  ReceiptBody,
  ReceiptListQuery,
  PriceChangesQuery,
  ReturnBody,
  SendOrderBody,
} from '../../contract/purchasing'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyScope } from '../../http/idempotency'
import { parse, parseAction } from '../../http/validate'
import * as v from 'valibot'

const SuggestionsQuery = v.object({ supplier_id: v.optional(id('supplier_id')) })

/** Suggestions, purchase orders and receiving (issue 18): HTTP in, envelope out. */
export const purchasingRoutes = ({ purchasing, receipts }: AppDeps) =>
  new Elysia({ name: 'purchasing-routes' }).use(signedIn)
    .get('/purchasing/suggestions', ({ query }) => {
      const q = parse(SuggestionsQuery, query)
      const ids = q.supplier_id ? [q.supplier_id] : undefined
      const groups = purchasing.suggestions(ids)
      // `par` beside `data` (issue 32): the list stays the answer's data, and what it cannot see is said next to it.
      const par = purchasing.parCoverage(ids)
      const lines = groups.reduce((n, g) => n + g.lines.length, 0)
      return { ...ok(groups, PO_MSG.suggestions(lines, par, ids !== undefined)), par }
    })
    .get('/purchasing/price-changes', ({ query }) => ok(receipts.recentPriceChanges(parse(PriceChangesQuery, query).limit)))
    .get('/purchase-orders', ({ query }) => {
      const q = parse(PurchaseOrderListQuery, query)
      const { rows, total } = purchasing.listOrders(q)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .post('/purchase-orders', (ctx) => {
      const input = parse(PurchaseOrderBody, ctx.body)
      ctx.set.status = 201
      return ok(purchasing.create(idempotencyScope(ctx, input), ctx.user, input), PO_MSG.created)
    }, { signedIn: true })
    .post('/purchase-orders/from-suggestions', (ctx) => {
      const input = parse(FromSuggestionsBody, ctx.body)
      const { orders, suggested } = purchasing.fromSuggestions(ctx.user, input)
      const par = purchasing.parCoverage(input.supplier_ids)
      ctx.set.status = orders.length ? 201 : 200
      return { ...ok(orders, PO_MSG.createdFromSuggestions(orders.length, par, suggested, (input.supplier_ids?.length ?? 0) > 0)), par }
    }, { signedIn: true })
    .get('/purchase-orders/:id', ({ params }) => ok(purchasing.getOrder(parse(id('id'), params.id))))
    .put('/purchase-orders/:id', ({ params, body }) => ok(purchasing.update(parse(id('id'), params.id), parse(PurchaseOrderBody, body)), PO_MSG.updated))
    .post('/purchase-orders/:id/send', (ctx) => {
      const orderId = parse(id('id'), ctx.params.id)
      return ok(purchasing.send(orderId, ctx.user, parseAction(ctx.body, SendOrderBody)), PO_MSG.sent)
    }, { signedIn: true })
    .get('/purchase-orders/:id/text', ({ params }) => {
      const { number, text } = purchasing.text(parse(id('id'), params.id))
      return new Response(text, { headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `inline; filename="${number}.txt"`, 'cache-control': 'no-store' } })
    })
    .post('/purchase-orders/:id/cancel', (ctx) => {
      const orderId = parse(id('id'), ctx.params.id)
      parseAction(ctx.body)
      return ok(purchasing.cancel(orderId, ctx.user), PO_MSG.cancelled)
    }, { signedIn: true })
    .post('/purchase-orders/:id/close', (ctx) => {
      const orderId = parse(id('id'), ctx.params.id)
      return ok(purchasing.close(orderId, ctx.user, parseAction(ctx.body, CloseOrderBody).reason), PO_MSG.closed)
    }, { signedIn: true })
    .post('/purchase-orders/:id/receipts', (ctx) => {
      const orderId = parse(id('id'), ctx.params.id)
      const input = parse(OrderReceiptBody, ctx.body)
      ctx.set.status = 201
      return ok(receipts.receiveOrder(idempotencyScope(ctx, input), orderId, input), PO_MSG.received)
    }, { signedIn: true })
    .get('/receipts', ({ query }) => {
      const q = parse(ReceiptListQuery, query)
      const { rows, total } = receipts.listReceipts(q)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .post('/receipts', (ctx) => {
      const input = parse(ReceiptBody, ctx.body)
      ctx.set.status = 201
      return ok(receipts.receive(idempotencyScope(ctx, input), input), PO_MSG.received)
    }, { signedIn: true })
    .get('/receipts/:id', ({ params }) => ok(receipts.getReceipt(parse(id('id'), params.id))))
    .post('/receipts/:id/returns', (ctx) => {
      const receiptId = parse(id('id'), ctx.params.id)
      const input = parse(ReturnBody, ctx.body)
      ctx.set.status = 201
      return ok(receipts.returnGoods(idempotencyScope(ctx, input), receiptId, input), PO_MSG.returned)
    }, { signedIn: true })
    .get('/items/:id/prices', ({ params }) => ok(receipts.prices(parse(id('id'), params.id))))
