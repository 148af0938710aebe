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
import type { User } from '../../contract/auth'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyScope } from '../../http/idempotency'
import { parse } from '../../http/validate'
import type { ItemListOptions } from './items-service'
import type { MovementQuery } from './movements-service'

/** Items under /items: HTTP in, envelope out; who sees values is the service's rule. */
export const itemRoutes = ({ items }: AppDeps) => {
  const list = (ctx: { user: User }, o: ItemListOptions) => {
    const { rows, total } = items.list(o, ctx.user)
    return listOf(rows, { total, page: o.page, limit: o.limit })
  }
  return new Elysia({ name: 'item-routes', prefix: '/items' }).use(signedIn)
    .get('', (ctx) => list(ctx, parse(ItemListQuery, ctx.query)), { signedIn: true })
    .post('', (ctx) => {
      const input = parse(CreateItemBody, ctx.body)
      ctx.set.status = 201
      return ok(items.create(idempotencyScope(ctx, input), ctx.user, input), STOCK_MSG.itemCreated)
    }, { signedIn: true })
    .get('/search', (ctx) => list(ctx, parse(ItemListQuery, ctx.query)), { signedIn: true })
    .get('/low-stock', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'low', sort: 'quantity' }), { signedIn: true })
    .get('/critical-stock', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'out', sort: 'name' }), { signedIn: true })
    .get('/expiring', (ctx) => list(ctx, { ...parse(ExpiringQuery, ctx.query), status: 'expiring', sort: 'expiry_date' }), { signedIn: true })
    .get('/expired', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'expired', sort: 'expiry_date' }), { signedIn: true })
    .get('/statistics', (ctx) => ok(items.statistics(ctx.user)), { signedIn: true })
    .get('/:id', (ctx) => ok(items.get(parse(id('id'), ctx.params.id), ctx.user)), { signedIn: true })
    .put('/:id', (ctx) => ok(items.update(parse(id('id'), ctx.params.id), parse(UpdateItemBody, ctx.body), ctx.user), STOCK_MSG.itemUpdated), { signedIn: true })
    .delete('/:id', (ctx) => {
      const result = items.remove(parse(id('id'), ctx.params.id))
      return ok(result, result.deleted ? STOCK_MSG.itemDeleted : STOCK_MSG.itemDeactivated)
    })
    .patch('/:id/quantity', (ctx) => {
      const itemId = parse(id('id'), ctx.params.id)
      const input = parse(StockCountBody, ctx.body)
      const { item, changed } = items.count(idempotencyScope(ctx, input), ctx.user, itemId, input)
      return ok(item, changed ? STOCK_MSG.stockCounted : STOCK_MSG.countUnchanged)
    }, { signedIn: true })
}

/** The main-store ledger under /stock-movements. */
export const stockMovementRoutes = ({ movements }: AppDeps) => {
  const list = (q: MovementQuery) => {
    const { rows, total } = movements.list(q)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }
  return new Elysia({ name: 'stock-movement-routes', prefix: '/stock-movements' }).use(signedIn)
    .get('', ({ query }) => list(parse(MovementListQuery, query)))
    .post('', (ctx) => {
      const input = parse(MovementBody, withTypeAlias(ctx.body))
      ctx.set.status = 201
      return ok(movements.record(idempotencyScope(ctx, input), input), STOCK_MSG.movementRecorded)
    }, { signedIn: true })
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
      return ok(movements.update(idempotencyScope(ctx, input), ctx.user, movementId, input), STOCK_MSG.movementUpdated)
    }, { signedIn: true })
    .delete('/:id', (ctx) => {
      movements.remove(ctx.user, parse(id('id'), ctx.params.id))
      return ok(null, STOCK_MSG.movementDeleted)
    }, { signedIn: true })
}
