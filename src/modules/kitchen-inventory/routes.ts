import { Elysia } from 'elysia'
import type { AppDeps } from '../../app'
import {
  AdjustmentBody,
  InventoryListQuery,
  MovementListQuery,
  MovementStatisticsQuery,
  TransferBody,
  UsageBody,
  WastageBody,
} from '../../contract/kitchen'
import { currentUser } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { idempotencyKey, type Answer } from '../../http/idempotency'
import { parse } from '../../http/validate'
import { createKitchenInventoryService } from './service'

/** The kitchen balance and its ledger under /kitchen-inventory (SPEC §7). */
export const kitchenInventoryRoutes = (deps: AppDeps) => {
  const kitchen = createKitchenInventoryService(deps)
  const reply = (set: { status?: number | string }, answer: Answer) => ((set.status = answer.status), answer.body)

  const inventory = (query: unknown) => {
    const q = parse(InventoryListQuery, query)
    const { rows, total } = kitchen.inventory(q)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }
  const movements = (query: unknown) => {
    const q = parse(MovementListQuery, query)
    const { rows, total } = kitchen.movements(q)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }

  return new Elysia({ name: 'kitchen-inventory-routes', prefix: '/kitchen-inventory' })
    .get('/inventory', ({ query }) => inventory(query))
    .get('/inventory/statistics', () => ok(kitchen.inventoryStatistics()))
    .get('/inventory/search', ({ query }) => inventory(query))
    .get('/movements', ({ query }) => movements(query))
    .get('/movements/statistics', ({ query }) => ok(kitchen.movementStatistics(parse(MovementStatisticsQuery, query))))
    .get('/movements/search', ({ query }) => movements(query))
    .post('/usage', (ctx) => reply(ctx.set, kitchen.recordUsage(currentUser(ctx).id, parse(UsageBody, ctx.body), idempotencyKey(ctx.request.headers))))
    .post('/wastage', (ctx) => reply(ctx.set, kitchen.recordWastage(currentUser(ctx).id, parse(WastageBody, ctx.body), idempotencyKey(ctx.request.headers))))
    .post('/adjustment', (ctx) => reply(ctx.set, kitchen.recordAdjustment(currentUser(ctx).id, parse(AdjustmentBody, ctx.body), idempotencyKey(ctx.request.headers))))
    .post('/transfer', (ctx) => reply(ctx.set, kitchen.transfer(currentUser(ctx).id, parse(TransferBody, ctx.body), idempotencyKey(ctx.request.headers))))
}
