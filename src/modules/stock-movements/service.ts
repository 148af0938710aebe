import { MADE_BY, STOCK_MSG, type MovementInput, type MovementStatistics, type MovementType, type StockMovement, type UpdateMovementInput } from '../../contract/stock'
import type { Db } from '../../db/open'
import { fromCents, toCents } from '../../contract/fixed'
import { ok } from '../../http/envelope'
import { conflict, notFound } from '../../http/errors'
import { requestFingerprint, withIdempotency, type Answer } from '../../http/idempotency'
import type { Clock } from '../../lib/clock'
import { addDays, startOfLocalDay } from '../../contract/dates'
import { afterStockChange } from '../alerts/hooks'
import type { SettingsService } from '../settings/service'
import * as repo from './repo'

// ---------- The ledger: every main-store balance change goes through here, inside the caller's transaction ----------

/** What a row does to the balance, in hundredths: IN adds, OUT takes, ADJUSTMENT is signed. */
export const signedEffect = (m: { type: MovementType; quantity: number }) => (m.type === 'OUT' ? -m.quantity : m.quantity)

/** Only rows a person entered as IN or OUT may be edited or deleted. */
export const isEditable = (m: { type: string; source_type: string }) => m.source_type === 'MANUAL' && (m.type === 'IN' || m.type === 'OUT')

function activeItem(db: Db, itemId: number) {
  const item = repo.itemForLedger(db, itemId)
  if (!item) throw notFound('Item')
  if (!item.is_active) throw conflict(STOCK_MSG.itemInactive)
  return item
}

/**
 * Changes an item's balance by `delta` hundredths with the guarded UPDATE, or refuses with the
 * spec's message. `explain` turns the balance into the "Available … Requested …" pair shown.
 */
export function changeBalanceOrRefuse(
  db: Db,
  itemId: number,
  delta: number,
  at: string,
  explain: (current: number) => { available: number; requested: number } = (current) => ({ available: current, requested: -delta }),
) {
  if (delta === 0) return
  if (repo.changeBalance(db, itemId, delta, at) === 1) return
  const item = repo.itemForLedger(db, itemId)
  if (!item) throw notFound('Item')
  const { available, requested } = explain(item.current_quantity)
  throw conflict(STOCK_MSG.insufficientStock(available, requested, item.unit))
}

export interface LedgerEntry {
  itemId: number
  type: MovementType
  /** Hundredths: positive for IN/OUT, signed for ADJUSTMENT. */
  quantity: number
  remarks: string | null
  userId: number
  sourceType: string
  reference?: string | null
  at: string
  /** Defaults to `at`; the demo and bench seeders write the past. */
  movementDate?: string
}

/**
 * Writes one ledger row and moves the balance with it. Call inside `db.transaction(...).immediate()`:
 * the kitchen's fulfilment and transfers use this too, so the main store has one ledger and one rule.
 */
export function recordMovementTx(db: Db, e: LedgerEntry): number {
  activeItem(db, e.itemId)
  changeBalanceOrRefuse(db, e.itemId, signedEffect(e), e.at)
  const id = repo.insertMovement(db, {
    item_id: e.itemId,
    type: e.type,
    quantity: e.quantity,
    remarks: e.remarks,
    user_id: e.userId,
    source_type: e.sourceType,
    reference: e.reference ?? null,
    movement_date: e.movementDate ?? e.at,
    at: e.at,
  })
  afterStockChange(db, [e.itemId])
  return id
}

export const toMovement = (m: repo.MovementView): StockMovement => ({
  id: m.id,
  item_id: m.item_id,
  item_name: m.item_name,
  unit: m.unit,
  type: m.type,
  quantity: fromCents(m.quantity),
  remarks: m.remarks,
  user_id: m.user_id,
  user_name: m.user_name,
  role_name: m.role_name,
  source_type: m.source_type as StockMovement['source_type'],
  reference: m.reference,
  editable: isEditable(m),
  movement_date: m.movement_date,
  created_at: m.created_at,
  updated_at: m.updated_at,
})

// ---------- The service behind /stock-movements ----------

export interface MovementQuery {
  page: number
  limit: number
  q?: string
  item_id?: number
  user_id?: number
  type?: MovementType
  startDate?: string
  endDate?: string
}

export type MovementService = ReturnType<typeof createMovementService>

export function createMovementService(db: Db, clock: Clock, settings: SettingsService) {
  const view = (id: number): StockMovement => {
    const row = repo.findMovementView(db, id)
    if (!row) throw notFound('Stock movement')
    return toMovement(row)
  }
  const editableRow = (id: number) => {
    const row = repo.findMovement(db, id)
    if (!row) throw notFound('Stock movement')
    if (!isEditable(row)) throw conflict(STOCK_MSG.notEditable(MADE_BY[row.source_type] ?? MADE_BY[row.type === 'ADJUSTMENT' ? 'COUNT' : 'OPENING']))
    return row
  }

  return {
    list(o: MovementQuery) {
      const zone = settings.get().time_zone
      if (o.item_id !== undefined && !repo.itemForLedger(db, o.item_id)) throw notFound('Item')
      if (o.user_id !== undefined && !repo.userExists(db, o.user_id)) throw notFound('User')
      const { rows, total } = repo.listMovements(
        db,
        {
          item_id: o.item_id,
          user_id: o.user_id,
          type: o.type,
          q: o.q,
          // Both ends inclusive, as calendar days in the restaurant's zone.
          from: o.startDate ? startOfLocalDay(o.startDate, zone).toISOString() : undefined,
          to: o.endDate ? startOfLocalDay(addDays(o.endDate, 1), zone).toISOString() : undefined,
        },
        o.limit,
        (o.page - 1) * o.limit,
      )
      return { rows: rows.map(toMovement), total }
    },

    get: view,

    statistics(): MovementStatistics {
      const c = repo.movementCounts(db)
      return { total_movements: c.IN + c.OUT + c.ADJUSTMENT, stock_in_count: c.IN, stock_out_count: c.OUT, adjustment_count: c.ADJUSTMENT }
    },

    /** A person's IN or OUT. An OUT above the balance is refused with the spec's message. */
    record(userId: number, input: MovementInput, key: string | null): Answer {
      const now = clock()
      return db
        .transaction(() =>
          withIdempotency(db, userId, key, requestFingerprint('POST /api/stock-movements', input), now, () => {
            const id = recordMovementTx(db, {
              itemId: input.item_id,
              type: input.type,
              quantity: toCents(input.quantity),
              remarks: input.remarks ?? null,
              userId,
              sourceType: 'MANUAL',
              at: now.toISOString(),
            })
            return { status: 201, body: ok(view(id), STOCK_MSG.movementRecorded) }
          }),
        )
        .immediate()
    },

    /** Applies the difference between the old and the new row; refused if any balance would go below zero. */
    update(userId: number, id: number, input: UpdateMovementInput, key: string | null): Answer {
      const now = clock()
      return db
        .transaction(() =>
          withIdempotency(db, userId, key, requestFingerprint(`PUT /api/stock-movements/${id}`, input), now, () => {
            const at = now.toISOString()
            const old = editableRow(id)
            const next = {
              item_id: input.item_id ?? old.item_id,
              type: input.type ?? old.type,
              quantity: input.quantity !== undefined ? toCents(input.quantity) : old.quantity,
              remarks: input.remarks !== undefined ? input.remarks : old.remarks,
            }
            activeItem(db, old.item_id)
            if (next.item_id !== old.item_id) activeItem(db, next.item_id)
            const deltas = new Map<number, number>([[old.item_id, -signedEffect(old)]])
            deltas.set(next.item_id, (deltas.get(next.item_id) ?? 0) + signedEffect(next))
            // Increases first, so that moving a row between items never refuses for the wrong item.
            for (const [itemId, delta] of [...deltas].sort((a, b) => b[1] - a[1])) {
              changeBalanceOrRefuse(db, itemId, delta, at, (current) => {
                if (next.type === 'OUT' && itemId === next.item_id) {
                  // What the edited OUT could take: the balance as if the old row had never been.
                  const without = current - (itemId === old.item_id ? signedEffect(old) : 0)
                  if (without >= 0) return { available: without, requested: next.quantity }
                }
                return { available: current, requested: -delta }
              })
            }
            repo.updateMovement(db, id, { ...next, at })
            afterStockChange(db, [...deltas.keys()])
            return { status: 200, body: ok(view(id), STOCK_MSG.movementUpdated) }
          }),
        )
        .immediate()
    },

    /** Reverses the row; deleting an IN that was already used is refused by the same rule. */
    remove(id: number) {
      db.transaction(() => {
        const at = clock().toISOString()
        const old = editableRow(id)
        activeItem(db, old.item_id)
        changeBalanceOrRefuse(db, old.item_id, -signedEffect(old), at)
        repo.deleteMovement(db, id)
        afterStockChange(db, [old.item_id])
      }).immediate()
    },
  }
}

/** The item a stock count is about: it must exist and be active. */
export const activeItemForCount = (db: Db, itemId: number) => activeItem(db, itemId)

/**
 * Whether an item has any main-store history. Other ledgers that refer to items (the kitchen's)
 * append their own check here, so that deleting such an item deactivates it instead.
 */
export const ITEM_HISTORY_CHECKS: ((db: Db, itemId: number) => boolean)[] = [repo.itemHasMovements]
export const itemHasHistory = (db: Db, itemId: number) => ITEM_HISTORY_CHECKS.some((check) => check(db, itemId))
