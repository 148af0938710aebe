import type { User } from '../../contract/auth'
import {
  KITCHEN_MSG,
  type ApproveInput,
  type CreateRequestInput,
  type KitchenRequest,
  type KitchenRequestStatistics,
  type RejectInput,
  type RequestListQuery,
  type UpdateRequestInput,
} from '../../contract/kitchen'
import { CHEF } from '../../contract/roles'
import type { Db } from '../../db/open'
import { fromCents, toCents } from '../../contract/fixed'
import { localDate } from '../../contract/dates'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import type { StockServiceDeps } from '../stock'
import { recordKitchenMovement } from '../kitchen-inventory'
import { recordMovement } from '../stock'
import * as repo from './repo'

export const toKitchenRequest = (r: repo.RequestView): KitchenRequest => ({
  ...r,
  quantity_requested: fromCents(r.quantity_requested),
  quantity_approved: r.quantity_approved === null ? null : fromCents(r.quantity_approved),
})

/** KR-YYYYMMDD-NNN: the day is the restaurant's calendar day of `at`. */
export const requestNumberFor = (db: Db, at: Date, zone: string) => repo.nextRequestNumber(db, localDate(at, zone).replaceAll('-', ''))

/** Runs one line's check; its refusal keeps its status and gains the line's number. */
export function onLine<T>(line: number, check: () => T): T {
  try {
    return check()
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.status, KITCHEN_MSG.onLine(line, e.message))
    throw e
  }
}

export type KitchenRequestService = ReturnType<typeof createKitchenRequestService>

export function createKitchenRequestService({ db, clock, settings, stockEvents }: StockServiceDeps) {
  const view = (id: number): KitchenRequest => {
    const row = repo.findRequestView(db, id)
    if (!row) throw notFound('Kitchen request')
    return toKitchenRequest(row)
  }
  const row = (id: number) => repo.findRequest(db, id) ?? (() => { throw notFound('Kitchen request') })()
  const requestableItem = (itemId: number) => {
    const item = repo.itemForRequest(db, itemId)
    if (!item) throw badRequest(KITCHEN_MSG.unknownItem)
    if (!item.is_active) throw conflict(KITCHEN_MSG.itemInactive)
  }
  /** Edit and delete: a PENDING request, and a Chef's own (a Manager may touch any; Storekeepers never reach here). */
  const editable = (user: User, id: number, action: 'edit' | 'delete') => {
    const r = row(id)
    if (user.role_name === CHEF && r.chef_id !== user.id) throw forbidden(KITCHEN_MSG.notOwnRequest)
    if (r.status !== 'PENDING') throw conflict(KITCHEN_MSG.wrongStatus(action, r.status))
    return r
  }

  const list = (o: RequestListQuery) => {
    const { rows, total } = repo.listRequests(db, o, o.limit, (o.page - 1) * o.limit)
    return { rows: rows.map(toKitchenRequest), total }
  }

  /** One PENDING request, inside the caller's transaction (the item already checked). */
  const insertRequest = (user: User, input: CreateRequestInput, now: Date, zone: string) =>
    repo.insertRequest(db, {
      request_number: requestNumberFor(db, now, zone),
      item_id: input.item_id,
      chef_id: user.id,
      quantity_requested: toCents(input.quantity_requested),
      priority: input.priority,
      remarks: input.remarks ?? null,
      at: now.toISOString(),
    })

  return {
    list,

    byChef(chefId: number, o: RequestListQuery) {
      if (!repo.userExists(db, chefId)) throw notFound('User')
      return list({ ...o, chef_id: chefId })
    },

    get: view,

    statistics(): KitchenRequestStatistics {
      const counts = repo.requestCounts(db)
      const sum = (keep: (c: (typeof counts)[number]) => boolean) => counts.filter(keep).reduce((s, c) => s + c.n, 0)
      const pending = sum((c) => c.status === 'PENDING')
      return {
        total_requests: sum(() => true),
        pending_count: pending,
        pending_requests: pending,
        approved_count: sum((c) => c.status === 'APPROVED'),
        rejected_count: sum((c) => c.status === 'REJECTED'),
        fulfilled_count: sum((c) => c.status === 'FULFILLED'),
        urgent_count: sum((c) => c.priority === 'URGENT' && (c.status === 'PENDING' || c.status === 'APPROVED')),
      }
    },

    /** A new request starts PENDING, numbered per day in the restaurant's zone, made by the caller. */
    create(user: User, input: CreateRequestInput): KitchenRequest {
      const now = clock()
      const id = db
        .transaction(() => {
          requestableItem(input.item_id)
          return insertRequest(user, input, now, settings.get().time_zone)
        })
        .immediate()
      return view(id)
    },

    /**
     * Tonight's list: one request per line, all in one transaction with consecutive numbers. A line
     * that fails (unknown or deactivated item) makes none, and the message names it ("Line 2: …").
     */
    createMany(user: User, lines: CreateRequestInput[]): KitchenRequest[] {
      const now = clock()
      const zone = settings.get().time_zone
      const ids = db
        .transaction(() =>
          lines.map((input, i) => {
            onLine(i + 1, () => requestableItem(input.item_id))
            return insertRequest(user, input, now, zone)
          }),
        )
        .immediate()
      return ids.map(view)
    },

    update(user: User, id: number, input: UpdateRequestInput): KitchenRequest {
      db.transaction(() => {
        const r = editable(user, id, 'edit')
        if (input.item_id !== undefined && input.item_id !== r.item_id) requestableItem(input.item_id)
        repo.updatePendingRequest(db, id, {
          item_id: input.item_id ?? r.item_id,
          quantity_requested: input.quantity_requested !== undefined ? toCents(input.quantity_requested) : r.quantity_requested,
          priority: input.priority ?? r.priority,
          remarks: input.remarks !== undefined ? input.remarks : r.remarks,
          at: clock().toISOString(),
        })
      }).immediate()
      return view(id)
    },

    remove(user: User, id: number) {
      db.transaction(() => {
        editable(user, id, 'delete')
        repo.deletePendingRequest(db, id)
      }).immediate()
    },

    /** PENDING → APPROVED; the approved quantity defaults to the requested one. Stock moves only on fulfilment. */
    approve(user: User, id: number, input: ApproveInput): KitchenRequest {
      db.transaction(() => {
        const r = row(id)
        if (r.status !== 'PENDING') throw conflict(KITCHEN_MSG.wrongStatus('approve', r.status))
        const quantity = input.quantity_approved != null ? toCents(input.quantity_approved) : r.quantity_requested
        repo.markApproved(db, id, { quantity, remarks: input.remarks ?? null, by: user.id, at: clock().toISOString() })
      }).immediate()
      return view(id)
    },

    /** PENDING → REJECTED, with the reason. */
    reject(user: User, id: number, input: RejectInput): KitchenRequest {
      db.transaction(() => {
        const r = row(id)
        if (r.status !== 'PENDING') throw conflict(KITCHEN_MSG.wrongStatus('reject', r.status))
        repo.markRejected(db, id, { remarks: input.remarks, by: user.id, at: clock().toISOString() })
      }).immediate()
      return view(id)
    },

    /**
     * APPROVED → FULFILLED: quantity_approved leaves the main store (OUT, source REQUEST) and enters
     * the kitchen (IN, source REQUEST), both carrying the request number, in one transaction: both
     * or neither. Too little main stock refuses with the spec's main-store message.
     */
    fulfil(scope: IdempotencyScope, user: User, id: number): KitchenRequest {
      return writeOnce(db, scope, clock, (now) => {
        const at = now.toISOString()
        const r = row(id)
        if (r.status !== 'APPROVED') throw conflict(KITCHEN_MSG.wrongStatus('fulfill', r.status))
        const entry = { itemId: r.item_id, quantity: r.quantity_approved!, userId: user.id, at, remarks: `Kitchen request ${r.request_number}` }
        recordMovement(db, stockEvents, { ...entry, type: 'OUT', sourceType: 'REQUEST', reference: r.request_number })
        recordKitchenMovement(db, stockEvents, { ...entry, type: 'IN', sourceType: 'REQUEST', requestNumber: r.request_number })
        repo.markFulfilled(db, id, { by: user.id, at })
        return view(id)
      })
    },
  }
}

/** The kept counters against a real count (for the doctor). */
export function requestCounterProblems(db: Db): string[] {
  const real = new Map(repo.realRequestCounts(db).map((c) => [`${c.status}/${c.priority}`, c.n]))
  return repo
    .requestCounts(db)
    .filter((c) => (real.get(`${c.status}/${c.priority}`) ?? 0) !== c.n)
    .map((c) => `kitchen requests ${c.status}/${c.priority}: counter ${c.n} but ${real.get(`${c.status}/${c.priority}`) ?? 0} rows`)
}
