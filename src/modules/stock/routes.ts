import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import {
  CreateItemBody,
  DateRangeQuery,
  ExpiringQuery,
  ItemListQuery,
  MovementBody,
  MovementListQuery,
  MovementTypeParam,
  PagingQuery,
  STOCK_MSG,
  StockCountBody,
  UpdateItemBody,
  UpdateMovementBody,
  withTypeAlias,
} from '../../contract/stock'
import type { AppDeps } from '../../deps'
import { currentUser } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyScope } from '../../http/idempotency'
import { parse } from '../../http/validate'
import type { ItemListOptions } from './items-service'
import type { MovementQuery } from './movements-service'

/** Items under /items: HTTP in, envelope out; who sees values is the service's rule. */
export const itemRoutes = ({ items }: AppDeps) => {
  const list = (ctx: object, o: ItemListOptions) => {
    const { rows, total } = items.list(o, currentUser(ctx))
    return listOf(rows, { total, page: o.page, limit: o.limit })
  }
  return new Elysia({ name: 'item-routes', prefix: '/items' })
    .get('', (ctx) => list(ctx, parse(ItemListQuery, ctx.query)))
    .post('', (ctx) => {
      const input = parse(CreateItemBody, ctx.body)
      ctx.set.status = 201
      return ok(items.create(idempotencyScope(ctx, input), currentUser(ctx), input), STOCK_MSG.itemCreated)
    })
    .get('/search', (ctx) => list(ctx, parse(ItemListQuery, ctx.query)))
    .get('/low-stock', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'low', sort: 'quantity' }))
    .get('/critical-stock', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'out', sort: 'name' }))
    .get('/expiring', (ctx) => list(ctx, { ...parse(ExpiringQuery, ctx.query), status: 'expiring', sort: 'expiry_date' }))
    .get('/expired', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'expired', sort: 'expiry_date' }))
    .get('/statistics', (ctx) => ok(items.statistics(currentUser(ctx))))
    .get('/:id', (ctx) => ok(items.get(parse(id('id'), ctx.params.id), currentUser(ctx))))
    .put('/:id', (ctx) => ok(items.update(parse(id('id'), ctx.params.id), parse(UpdateItemBody, ctx.body), currentUser(ctx)), STOCK_MSG.itemUpdated))
    .delete('/:id', (ctx) => {
      const result = items.remove(parse(id('id'), ctx.params.id))
      return ok(result, result.deleted ? STOCK_MSG.itemDeleted : STOCK_MSG.itemDeactivated)
    })
    .patch('/:id/quantity', (ctx) => {
      const itemId = parse(id('id'), ctx.params.id)
      const input = parse(StockCountBody, ctx.body)
      const { item, changed } = items.count(idempotencyScope(ctx, input), currentUser(ctx), itemId, input)
      return ok(item, changed ? STOCK_MSG.stockCounted : STOCK_MSG.countUnchanged)
    })
}

/** The main-store ledger under /stock-movements. */
export const stockMovementRoutes = ({ movements }: AppDeps) => {
  const list = (q: MovementQuery) => {
    const { rows, total } = movements.list(q)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }
  return new Elysia({ name: 'stock-movement-routes', prefix: '/stock-movements' })
    .get('', ({ query }) => list(parse(MovementListQuery, query)))
    .post('', (ctx) => {
      const input = parse(MovementBody, withTypeAlias(ctx.body))
      ctx.set.status = 201
      return ok(movements.record(idempotencyScope(ctx, input), input), STOCK_MSG.movementRecorded)
    })
    .get('/statistics', () => ok(movements.statistics()))
    .get('/search', ({ query }) => list(parse(MovementListQuery, query)))
    .get('/date-range', ({ query }) => list(parse(DateRangeQuery, query)))
    .get('/item/:id', ({ params, query }) => list({ ...parse(PagingQuery, query), item_id: parse(id('id'), params.id) }))
    .get('/user/:id', ({ params, query }) => list({ ...parse(PagingQuery, query), user_id: parse(id('id'), params.id) }))
    .get('/type/:type', ({ params, query }) => list({ ...parse(PagingQuery, query), type: parse(MovementTypeParam, params.type) }))
    .get('/:id', ({ params }) => ok(movements.get(parse(id('id'), params.id))))
    .put('/:id', (ctx) => {
      const movementId = parse(id('id'), ctx.params.id)
      const input = parse(UpdateMovementBody, withTypeAlias(ctx.body))
      return ok(movements.update(idempotencyScope(ctx, input), currentUser(ctx), movementId, input), STOCK_MSG.movementUpdated)
    })
    .delete('/:id', (ctx) => {
      movements.remove(currentUser(ctx), parse(id('id'), ctx.params.id))
      return ok(null, STOCK_MSG.movementDeleted)
    })
}
