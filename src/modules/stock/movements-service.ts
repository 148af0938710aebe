import { MADE_BY, mayChangeMovement, STOCK_MSG, type MovementHistoryEntry, type MovementInput, type MovementSnapshot, type MovementStatistics, type MovementType, type StockMovement, type UpdateMovementInput } from '../../contract/stock'
import { fromCents, toCents } from '../../contract/fixed'
import { addDays, startOfLocalDay } from '../../contract/dates'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { notFound, conflict, forbidden } from '../../lib/errors'
import type { User } from '../../contract/auth'
import { recordAudit } from '../audit'
import type { StockServiceDeps } from './events'
import { activeItem, changeBalanceOrRefuse, isEditable, recordMovement, signedEffect } from './ledger'
import * as items from './items-repo'
import * as repo from './ledger-repo'

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
  source_id: m.source_id ?? null,
  reference: m.reference,
  editable: isEditable(m),
  movement_date: m.movement_date,
  created_at: m.created_at,
  updated_at: m.updated_at,
  updated_by: m.updated_by,
  updated_by_name: m.updated_by_name,
})

const snapshot = (m: Pick<repo.MovementView, 'item_id' | 'item_name' | 'type' | 'quantity' | 'remarks'>): repo.StoredSnapshot => ({
  item_id: m.item_id,
  item_name: m.item_name,
  type: m.type,
  quantity: m.quantity,
  remarks: m.remarks,
})
const shown = (s: repo.StoredSnapshot): MovementSnapshot => ({ ...s, quantity: fromCents(s.quantity) })
const toHistory = (h: ReturnType<typeof repo.movementHistory>[number]): MovementHistoryEntry => ({
  ...h,
  before: shown(h.before),
  after: h.after === null ? null : shown(h.after),
})

export interface MovementQuery {
  page: number
  limit: number
  q?: string
  item_id?: number
  user_id?: number
  type?: MovementType
  start_date?: string
  end_date?: string
}

export type MovementService = ReturnType<typeof createMovementService>

export function createMovementService({ db, clock, settings, stockEvents }: StockServiceDeps) {
  /** The movement's detail: the row with its edit history. */
  const view = (id: number): StockMovement => {
    const row = repo.findMovementView(db, id)
    if (!row) throw notFound('Stock movement')
    return { ...toMovement(row), history: repo.movementHistory(db, id).map(toHistory) }
  }
  /** A row this user may change: made by a person (409 otherwise), and theirs of today unless a Manager (403). */
  const changeableRow = (id: number, user: Pick<User, 'id' | 'role_name'>, now: Date) => {
    const row = repo.findMovementView(db, id)
    if (!row) throw notFound('Stock movement')
    if (!isEditable(row)) throw conflict(STOCK_MSG.notEditable(MADE_BY[row.source_type] ?? MADE_BY[row.type === 'ADJUSTMENT' ? 'COUNT' : 'OPENING']))
    if (!mayChangeMovement(user, row, settings.get().time_zone, now)) throw forbidden(STOCK_MSG.editOwnToday)
    return row
  }

  return {
    list(o: MovementQuery) {
      const zone = settings.get().time_zone
      if (o.item_id !== undefined && !items.itemForLedger(db, o.item_id)) throw notFound('Item')
      if (o.user_id !== undefined && !repo.userExists(db, o.user_id)) throw notFound('User')
      const { rows, total } = repo.listMovements(
        db,
        {
          item_id: o.item_id,
          user_id: o.user_id,
          type: o.type,
          q: o.q,
          // Both ends inclusive, as calendar days in the restaurant's zone.
          from: o.start_date ? startOfLocalDay(o.start_date, zone).toISOString() : undefined,
          to: o.end_date ? startOfLocalDay(addDays(o.end_date, 1), zone).toISOString() : undefined,
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
    record(scope: IdempotencyScope, input: MovementInput): StockMovement {
      return writeOnce(db, scope, clock, (now) => {
            const row = recordMovement(db, stockEvents, {
              itemId: input.item_id,
              type: input.type,
              quantity: toCents(input.quantity),
              remarks: input.remarks ?? null,
              userId: scope.userId,
              sourceType: 'MANUAL',
              at: now.toISOString(),
            })
            return { ...toMovement(row), history: [] }
          })
    },

    /**
     * Applies the difference between the old and the new row; refused if any balance would go below zero.
     * Keeps who edited and when, and the values before and after in the history and the audit log.
     */
    update(scope: IdempotencyScope, user: Pick<User, 'id' | 'role_name'>, id: number, input: UpdateMovementInput): StockMovement {
      return writeOnce(db, scope, clock, (now) => {
            const at = now.toISOString()
            const old = changeableRow(id, user, now)
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
            repo.updateMovement(db, id, { ...next, at, by: user.id })
            const before = snapshot(old)
            const after = snapshot(repo.findMovementView(db, id)!)
            repo.insertHistory(db, { movement_id: id, action: 'edit', user_id: user.id, at, before, after })
            recordAudit(db, { userId: user.id, action: 'edit', entity: 'stock_movement', entityId: id, details: { before, after }, at })
            stockEvents.changed(db, { itemIds: [...deltas.keys()] })
            return view(id)
          })
    },

    /** Reverses the row; deleting an IN that was already used is refused by the same rule. The deletion stays in the history and the audit log. */
    remove(user: Pick<User, 'id' | 'role_name'>, id: number) {
      db.transaction(() => {
        const now = clock()
        const at = now.toISOString()
        const old = changeableRow(id, user, now)
        activeItem(db, old.item_id)
        changeBalanceOrRefuse(db, old.item_id, -signedEffect(old), at)
        repo.deleteMovement(db, id)
        const before = snapshot(old)
        repo.insertHistory(db, { movement_id: id, action: 'delete', user_id: user.id, at, before, after: null })
        recordAudit(db, { userId: user.id, action: 'delete', entity: 'stock_movement', entityId: id, details: { before }, at })
        stockEvents.changed(db, { itemIds: [old.item_id] })
      }).immediate()
    },
  }
}
