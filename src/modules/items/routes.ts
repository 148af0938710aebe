import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import { MANAGER } from '../../contract/roles'
import { CreateItemBody, ExpiringQuery, ItemListQuery, PagingQuery, STOCK_MSG, StockCountBody, UpdateItemBody } from '../../contract/stock'
import type { AppDeps } from '../../app'
import { currentUser } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyKey } from '../../http/idempotency'
import { parse } from '../../http/validate'
import { createItemService, type ItemListOptions } from './service'

/** Value fields (total_value, per-item value) go to Managers only. */
const seesValue = (ctx: object) => currentUser(ctx).role_name === MANAGER

export const itemRoutes = (deps: AppDeps) => {
  const items = createItemService(deps.db, deps.clock, deps.settings)
  const list = (ctx: object, o: ItemListOptions) => {
    const { rows, total } = items.list(o, seesValue(ctx))
    return listOf(rows, { total, page: o.page, limit: o.limit })
  }
  return new Elysia({ name: 'item-routes', prefix: '/items' })
    .get('', (ctx) => list(ctx, parse(ItemListQuery, ctx.query)))
    .post('', (ctx) => {
      const answer = items.create(currentUser(ctx).id, parse(CreateItemBody, ctx.body), idempotencyKey(ctx.request.headers), seesValue(ctx))
      ctx.set.status = answer.status
      return answer.body
    })
    .get('/search', (ctx) => list(ctx, parse(ItemListQuery, ctx.query)))
    .get('/low-stock', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'low', sort: 'quantity' }))
    .get('/critical-stock', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'out', sort: 'name' }))
    .get('/expiring', (ctx) => list(ctx, { ...parse(ExpiringQuery, ctx.query), status: 'expiring', sort: 'expiry_date' }))
    .get('/expired', (ctx) => list(ctx, { ...parse(PagingQuery, ctx.query), status: 'expired', sort: 'expiry_date' }))
    .get('/statistics', (ctx) => ok(items.statistics(seesValue(ctx))))
    .get('/:id', (ctx) => ok(items.get(parse(id('id'), ctx.params.id), seesValue(ctx))))
    .put('/:id', (ctx) => ok(items.update(parse(id('id'), ctx.params.id), parse(UpdateItemBody, ctx.body), seesValue(ctx)), STOCK_MSG.itemUpdated))
    .delete('/:id', (ctx) => {
      const result = items.remove(parse(id('id'), ctx.params.id))
      return ok(result, result.deleted ? STOCK_MSG.itemDeleted : STOCK_MSG.itemDeactivated)
    })
    .patch('/:id/quantity', (ctx) => {
      const itemId = parse(id('id'), ctx.params.id)
      const answer = items.count(currentUser(ctx).id, itemId, parse(StockCountBody, ctx.body), idempotencyKey(ctx.request.headers), seesValue(ctx))
      ctx.set.status = answer.status
      return answer.body
    })
}
