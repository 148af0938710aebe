import * as v from 'valibot'
import { Elysia } from 'elysia'
import {
  AdjustmentBody,
  InventoryListQuery,
  KitchenMinimumBody,
  KITCHEN_MSG,
  MovementListQuery,
  MovementStatisticsQuery,
  TransferBody,
  UsageBody,
  WastageBody,
} from '../../contract/kitchen'
import type { User } from '../../contract/auth'
import type { AppDeps } from '../../deps'
import { listOf, ok } from '../../http/envelope'
import type { IdempotencyScope } from '../../db/idempotency'
import { idempotencyScope } from '../../http/idempotency'
import { parse } from '../../http/validate'
import { signedIn } from '../../http/access'
import { id } from '../../contract/fields'

/** The kitchen balance and its ledger under /kitchen-inventory (SPEC §7). */
export const kitchenInventoryRoutes = ({ kitchen }: AppDeps) => {
  /** A kitchen write: the validated body, run once per Idempotency-Key, answered 201 with its message. */
  const write = <S extends v.GenericSchema, T>(
    ctx: { body: unknown; request: Request; path: string; set: { status?: number | string }; user: User },
    schema: S,
    run: (scope: IdempotencyScope, input: v.InferOutput<S>) => T,
    message: string,
  ) => {
    const input = parse(schema, ctx.body)
    const result = run(idempotencyScope(ctx, input), input)
    ctx.set.status = 201
    return ok(result, message)
  }

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

  return new Elysia({ name: 'kitchen-inventory-routes', prefix: '/kitchen-inventory' }).use(signedIn)
    .get('/inventory', ({ query }) => inventory(query))
    .get('/inventory/statistics', () => ok(kitchen.inventoryStatistics()))
    .get('/inventory/search', ({ query }) => inventory(query))
    .put('/inventory/:item_id/minimum', (ctx) => {
      const itemId = parse(id('item_id'), ctx.params.item_id)
      const input = parse(KitchenMinimumBody, ctx.body)
      const row = kitchen.setMinimum(itemId, input, ctx.user.id)
      return ok(row, input.min_quantity === null ? KITCHEN_MSG.minimumCleared : KITCHEN_MSG.minimumSaved)
    }, { signedIn: true })
    .get('/movements', ({ query }) => movements(query))
    .get('/movements/statistics', ({ query }) => ok(kitchen.movementStatistics(parse(MovementStatisticsQuery, query))))
    .get('/movements/search', ({ query }) => movements(query))
    .post('/usage', (ctx) => write(ctx, UsageBody, kitchen.recordUsage, KITCHEN_MSG.usageRecorded), { signedIn: true })
    .post('/wastage', (ctx) => write(ctx, WastageBody, kitchen.recordWastage, KITCHEN_MSG.wastageRecorded), { signedIn: true })
    .post('/adjustment', (ctx) => write(ctx, AdjustmentBody, kitchen.recordAdjustment, KITCHEN_MSG.adjustmentRecorded), { signedIn: true })
    .post('/transfer', (ctx) => write(ctx, TransferBody, kitchen.transfer, KITCHEN_MSG.transferRecorded), { signedIn: true })
}
