import {
  KITCHEN_MOVEMENT_TYPES,
  KITCHEN_MSG,
  type AdjustmentInput,
  type KitchenMinimumInput,
  type KitchenInventoryRow,
  type KitchenInventoryStatistics,
  type KitchenMovement,
  type KitchenMovementListQuery,
  type KitchenMovementStatistics,
  type KitchenMovementType,
  type KitchenSourceType,
  type KitchenWriteResult,
  type TransferInput,
  type TransferResult,
  type UsageInput,
  type WastageInput,
} from '../../contract/kitchen'
import type { DateRange } from '../../contract/fields'
import type { Db } from '../../db/open'
import { fromCents, fromCost, toCents } from '../../contract/fixed'
import { exceedsValueCeiling, STOCK_MSG } from '../../contract/stock'
import { addDays, startOfLocalDay } from '../../contract/dates'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors'
import { recordAudit } from '../audit'
import { recordMovement, type StockEvents, type StockServiceDeps } from '../stock'
import * as repo from './repo'

// ---------- The kitchen ledger: every kitchen balance change goes through here, inside the caller's transaction ----------

/** What a row does to the kitchen balance, in hundredths: IN adds, OUT and WASTE take, ADJUSTMENT is signed. */
export const kitchenEffect = (m: { movement_type: KitchenMovementType; quantity: number }) =>
  m.movement_type === 'OUT' || m.movement_type === 'WASTE' ? -m.quantity : m.quantity

export interface KitchenEntry {
  itemId: number
  type: KitchenMovementType
  /** Hundredths: positive for IN, OUT, WASTE; signed for ADJUSTMENT. */
  quantity: number
  sourceType: KitchenSourceType
  requestNumber?: string | null
  remarks: string | null
  userId: number
  at: string
  /** Defaults to `at`; the demo and bench seeders write the past. */
  movementDate?: string
}

/** Builds the refusal shown when the kitchen holds too little (usage, wastage, adjustment and return each say it their way). */
export type Refusal = (availableHundredths: number, requestedHundredths: number, unit: string) => string

/**
 * Writes one kitchen ledger row and moves the kitchen balance with it, with the guarded UPDATE for
 * decreases (409 with `refuse`'s message when the kitchen holds less). Call inside
 * `db.transaction(...).immediate()`; request fulfilment and transfers use it too.
 */
export function recordKitchenMovement(db: Db, events: StockEvents, e: KitchenEntry, refuse: Refusal = KITCHEN_MSG.insufficientForUsage): number {
  const item = repo.itemForKitchen(db, e.itemId)
  if (!item) throw notFound('Item')
  const delta = kitchenEffect({ movement_type: e.type, quantity: e.quantity })
  // The kitchen's stock of an item stays under the same value ceiling as the main store's.
  if (delta > 0 && exceedsValueCeiling(item.cost_e5, repo.kitchenQuantity(db, e.itemId) + delta)) throw badRequest(STOCK_MSG.valueTooLarge('quantity'))
  if (delta > 0) repo.addToKitchen(db, e.itemId, delta, e.at)
  else if (repo.takeFromKitchen(db, e.itemId, -delta, e.at) !== 1) throw conflict(refuse(repo.kitchenQuantity(db, e.itemId), -delta, item.unit))
  const row = {
    item_id: e.itemId,
    movement_type: e.type,
    quantity: e.quantity,
    source_type: e.sourceType,
    request_number: e.requestNumber ?? null,
    user_id: e.userId,
    remarks: e.remarks,
    movement_date: e.movementDate ?? e.at,
    at: e.at,
  }
  const id = repo.insertKitchenMovement(db, row)
  events.changed(db, { itemIds: [e.itemId], movement: { ledger: 'kitchen', id, ...row } })
  return id
}

export const toKitchenMovement = (m: repo.MovementView): KitchenMovement => ({ ...m, quantity: fromCents(m.quantity) })

const toInventoryRow = ({ cost_e5, ...r }: repo.InventoryRow): KitchenInventoryRow => ({
  ...r,
  cost_price: fromCost(cost_e5),
  quantity: fromCents(r.quantity),
  is_active: r.is_active === 1,
  min_quantity: r.min_quantity === null ? null : fromCents(r.min_quantity),
})

/** The kitchen ledger checked by `rims doctor`. */
export function kitchenLedgerProblems(db: Db): string[] {
  const problems = repo
    .kitchenLedgerDifferences(db)
    .map((d) => `item ${d.item_id}: kitchen balance ${fromCents(d.quantity)} but its kitchen movements add up to ${fromCents(d.ledger)}`)
  const real = new Map(repo.realMovementTotals(db).map((t) => [t.movement_type, t]))
  for (const kept of repo.movementTotals(db)) {
    const r = real.get(kept.movement_type) ?? { n: 0, quantity: 0 }
    if (r.n !== kept.n || (r.quantity ?? 0) !== kept.quantity) {
      problems.push(`kitchen ${kept.movement_type} totals kept ${kept.n} rows / ${fromCents(kept.quantity)} but the ledger has ${r.n} / ${fromCents(r.quantity ?? 0)}`)
    }
  }
  for (const d of repo.dayTotalDifferences(db)) problems.push(`kitchen ${d.movement_type} day totals for ${d.day} kept ${d.kept} rows but the ledger has ${d.real}`)
  return problems
}

// ---------- The service behind /kitchen-inventory ----------

export type KitchenInventoryService = ReturnType<typeof createKitchenInventoryService>

export function createKitchenInventoryService({ db, clock, settings, stockEvents }: StockServiceDeps) {
  const movement = (id: number) => toKitchenMovement(repo.findMovementView(db, id)!)
  /** Both ends inclusive, as calendar days in the restaurant's zone. */
  const range = (startDate?: string, endDate?: string) => {
    const zone = settings.get().time_zone
    return {
      from: startDate ? startOfLocalDay(startDate, zone).toISOString() : undefined,
      to: endDate ? startOfLocalDay(addDays(endDate, 1), zone).toISOString() : undefined,
    }
  }

  /** One kitchen write: idempotent, one transaction, answering the movement and the balance after it. */
  const write = (scope: IdempotencyScope, entry: () => { e: Omit<KitchenEntry, 'userId' | 'at'>; refuse: Refusal }): KitchenWriteResult => {
    return writeOnce(db, scope, clock, (now) => {
      const { e, refuse } = entry()
      const id = recordKitchenMovement(db, stockEvents, { ...e, userId: scope.userId, at: now.toISOString() }, refuse)
      return { movement: movement(id), kitchen_quantity: fromCents(repo.kitchenQuantity(db, e.itemId)) }
    })
  }

  return {
    inventory(o: { page: number; limit: number; q?: string; stock?: 'in' | 'low' | 'out' }) {
      const { rows, total } = repo.listInventory(db, { q: o.q, stock: o.stock }, o.limit, (o.page - 1) * o.limit)
      return { rows: rows.map(toInventoryRow), total }
    },

    inventoryStatistics(): KitchenInventoryStatistics {
      return repo.inventoryStatistics(db)
    },

    /** The kitchen's own minimum of one item (null: none); the item must have a kitchen row. Audited like other settings of stock. */
    setMinimum(itemId: number, input: KitchenMinimumInput, userId: number): KitchenInventoryRow {
      return db
        .transaction(() => {
          if (!repo.itemForKitchen(db, itemId)) throw notFound('Item')
          const min = input.min_quantity === null ? null : toCents(input.min_quantity)
          if (repo.setKitchenMinimum(db, itemId, min) !== 1) throw new AppError(404, KITCHEN_MSG.notInKitchen)
          recordAudit(db, { userId, action: 'update', entity: 'kitchen_minimum', entityId: itemId, details: { item_id: itemId, min_quantity: input.min_quantity }, at: clock().toISOString() })
          return toInventoryRow(repo.findInventoryRow(db, itemId)!)
        })
        .immediate()
    },

    movements(o: KitchenMovementListQuery) {
      if (o.item_id !== undefined && !repo.itemForKitchen(db, o.item_id)) throw notFound('Item')
      const { rows, total } = repo.listMovements(
        db,
        { movement_type: o.movement_type, source_type: o.source_type, item_id: o.item_id, q: o.q, ...range(o.start_date, o.end_date) },
        o.limit,
        (o.page - 1) * o.limit,
      )
      return { rows: rows.map(toKitchenMovement), total }
    },

    movementStatistics(o: DateRange): KitchenMovementStatistics {
      const { from, to } = range(o.start_date, o.end_date)
      const rows = from === undefined && to === undefined ? repo.movementTotals(db) : repo.movementTotalsBetween(db, from, to)
      const by = new Map(rows.map((r) => [r.movement_type, r]))
      const by_type = KITCHEN_MOVEMENT_TYPES.map((t) => ({ movement_type: t, count: by.get(t)?.n ?? 0, quantity: fromCents(by.get(t)?.quantity ?? 0) }))
      const get = (t: KitchenMovementType) => by_type.find((x) => x.movement_type === t)!
      return {
        start_date: o.start_date ?? null,
        end_date: o.end_date ?? null,
        total_movements: by_type.reduce((s, t) => s + t.count, 0),
        stock_in_count: get('IN').count,
        usage_count: get('OUT').count,
        wastage_count: get('WASTE').count,
        adjustment_count: get('ADJUSTMENT').count,
        stock_in_quantity: get('IN').quantity,
        usage_quantity: get('OUT').quantity,
        wastage_quantity: get('WASTE').quantity,
        adjustment_quantity: get('ADJUSTMENT').quantity,
        by_type,
      }
    },

    /** What the kitchen used: OUT, refused below zero with the spec's usage message. */
    recordUsage: (scope: IdempotencyScope, input: UsageInput) =>
      write(scope, () => ({
        e: { itemId: input.item_id, type: 'OUT', quantity: toCents(input.quantity), sourceType: 'USAGE', remarks: input.remarks ?? null },
        refuse: KITCHEN_MSG.insufficientForUsage,
      })),

    /** What the kitchen threw away, with its reason: WASTE. */
    recordWastage: (scope: IdempotencyScope, input: WastageInput) =>
      write(scope, () => ({
        e: { itemId: input.item_id, type: 'WASTE', quantity: toCents(input.quantity), sourceType: 'WASTE', remarks: input.remarks },
        refuse: KITCHEN_MSG.insufficientForWastage,
      })),

    /** A Manager's count correction: a signed ADJUSTMENT that never takes the kitchen below zero. */
    recordAdjustment: (scope: IdempotencyScope, input: AdjustmentInput) =>
      write(scope, () => {
        const item = repo.itemForKitchen(db, input.item_id)
        if (!item) throw notFound('Item')
        // Raising the count of an item the store has deactivated would create stock nobody can move.
        if (input.quantity > 0 && !item.is_active) throw conflict(KITCHEN_MSG.itemInactive)
        return {
          e: { itemId: input.item_id, type: 'ADJUSTMENT', quantity: toCents(input.quantity), sourceType: 'ADJUSTMENT', remarks: input.remarks },
          refuse: KITCHEN_MSG.insufficientForAdjustment,
        }
      }),

    /**
     * Moves stock between the main store and the kitchen: one ledger row on each side (TRANSFER),
     * both balances guarded, in one transaction. TO_KITCHEN is refused with the main-store message,
     * TO_STORE with the kitchen's.
     */
    transfer(scope: IdempotencyScope, input: TransferInput): TransferResult {
      const userId = scope.userId
      return writeOnce(db, scope, clock, (now) => {
        const at = now.toISOString()
        const quantity = toCents(input.quantity)
        const item = repo.itemForKitchen(db, input.item_id)
        if (!item) throw notFound('Item')
        const remarks = input.remarks ?? null
        const common = { itemId: input.item_id, quantity, remarks, userId, at }
        let kitchenId: number
        let storeId: number
        if (input.direction === 'TO_KITCHEN') {
          storeId = recordMovement(db, stockEvents, { ...common, type: 'OUT', sourceType: 'TRANSFER' }).id
          kitchenId = recordKitchenMovement(db, stockEvents, { ...common, type: 'IN', sourceType: 'TRANSFER' })
        } else {
          kitchenId = recordKitchenMovement(db, stockEvents, { ...common, type: 'OUT', sourceType: 'TRANSFER' }, KITCHEN_MSG.insufficientForReturn)
          storeId = recordMovement(db, stockEvents, { ...common, type: 'IN', sourceType: 'TRANSFER' }).id
        }
        const result: TransferResult = {
          direction: input.direction,
          item_id: input.item_id,
          quantity: input.quantity,
          kitchen_quantity: fromCents(repo.kitchenQuantity(db, input.item_id)),
          store_quantity: fromCents(repo.storeQuantity(db, input.item_id)),
          kitchen_movement: movement(kitchenId),
          stock_movement_id: storeId,
        }
        return result
      })
    },
  }
}
