import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import { DateRangeQuery, MovementBody, MovementListQuery, MovementTypeParam, PagingQuery, STOCK_MSG, UpdateMovementBody, withTypeAlias } from '../../contract/stock'
import type { AppDeps } from '../../app'
import { currentUser } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyKey } from '../../http/idempotency'
import { parse } from '../../http/validate'
import { createMovementService, type MovementQuery } from './service'

export const stockMovementRoutes = (deps: AppDeps) => {
  const movements = createMovementService(deps.db, deps.clock, deps.settings)
  const list = (q: MovementQuery) => {
    const { rows, total } = movements.list(q)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }
  return new Elysia({ name: 'stock-movement-routes', prefix: '/stock-movements' })
    .get('', ({ query }) => list(parse(MovementListQuery, query)))
    .post('', (ctx) => {
      const answer = movements.record(currentUser(ctx).id, parse(MovementBody, withTypeAlias(ctx.body)), idempotencyKey(ctx.request.headers))
      ctx.set.status = answer.status
      return answer.body
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
      const answer = movements.update(currentUser(ctx).id, movementId, parse(UpdateMovementBody, withTypeAlias(ctx.body)), idempotencyKey(ctx.request.headers))
      ctx.set.status = answer.status
      return answer.body
    })
    .delete('/:id', ({ params }) => {
      movements.remove(parse(id('id'), params.id))
      return ok(null, STOCK_MSG.movementDeleted)
    })
}
