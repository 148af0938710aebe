import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import { ApproveBody, BatchRequestBody, CreateRequestBody, KITCHEN_MSG, PriorityParam, RejectBody, RequestListQuery, StatusParam, UpdateRequestBody } from '../../contract/kitchen'
import type { AppDeps } from '../../deps'
import { onLine } from './service'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyScope } from '../../http/idempotency'
import { parse, parseAction } from '../../http/validate'

/** Ingredient requests and their approval workflow under /kitchen-requests (SPEC §7). */
export const kitchenRequestRoutes = ({ requests }: AppDeps) => {
  const idOf = (params: { id: string }) => parse(id('id'), params.id)
  /** The list with its filters; the path may fix one of them (status, priority, chef). */
  const list = (query: unknown, fixed: { status?: unknown; priority?: unknown; chef_id?: number } = {}) => {
    const q = parse(RequestListQuery, query)
    if (fixed.status !== undefined) q.status = parse(StatusParam, fixed.status)
    if (fixed.priority !== undefined) q.priority = parse(PriorityParam, fixed.priority)
    const { rows, total } = fixed.chef_id !== undefined ? requests.byChef(fixed.chef_id, q) : requests.list(q)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }

  return new Elysia({ name: 'kitchen-request-routes', prefix: '/kitchen-requests' }).use(signedIn)
    .get('', ({ query }) => list(query))
    .post('', (ctx) => {
      ctx.set.status = 201
      return ok(requests.create(ctx.user, parse(CreateRequestBody, ctx.body)), KITCHEN_MSG.requestCreated)
    }, { signedIn: true })
    .post('/batch', (ctx) => {
      const { lines } = parse(BatchRequestBody, ctx.body)
      const inputs = lines.map((line, i) => onLine(i + 1, () => parse(CreateRequestBody, line)))
      const made = requests.createMany(ctx.user, inputs)
      ctx.set.status = 201
      return ok(made, KITCHEN_MSG.requestsCreated(made.length))
    }, { signedIn: true })
    .get('/statistics', () => ok(requests.statistics()))
    .get('/search', ({ query }) => list(query))
    .get('/chef/:id', ({ query, params }) => list(query, { chef_id: idOf(params) }))
    .get('/status/:status', ({ query, params }) => list(query, { status: params.status }))
    .get('/priority/:priority', ({ query, params }) => list(query, { priority: params.priority }))
    .get('/:id', ({ params }) => ok(requests.get(idOf(params))))
    .put('/:id', (ctx) => ok(requests.update(ctx.user, idOf(ctx.params), parse(UpdateRequestBody, ctx.body)), KITCHEN_MSG.requestUpdated), { signedIn: true })
    .delete('/:id', (ctx) => {
      requests.remove(ctx.user, idOf(ctx.params))
      return ok(null, KITCHEN_MSG.requestDeleted)
    }, { signedIn: true })
    .patch('/:id/approve', (ctx) => ok(requests.approve(ctx.user, idOf(ctx.params), parseAction(ctx.body, ApproveBody)), KITCHEN_MSG.requestApproved), { signedIn: true })
    .patch('/:id/reject', (ctx) => ok(requests.reject(ctx.user, idOf(ctx.params), parseAction(ctx.body, RejectBody)), KITCHEN_MSG.requestRejected), { signedIn: true })
    .patch('/:id/fulfill', (ctx) => {
      const requestId = idOf(ctx.params)
      return ok(requests.fulfil(idempotencyScope(ctx, parseAction(ctx.body)), ctx.user, requestId), KITCHEN_MSG.requestFulfilled)
    }, { signedIn: true })
}
