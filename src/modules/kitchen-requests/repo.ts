import type { KitchenRequest, Priority, RequestStatus } from '../../contract/kitchen'
import { containsPattern } from '../../db/like'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

/** A request joined for display: the contract's KitchenRequest with quantities in hundredths. */
export type RequestView = KitchenRequest

/** A request as stored (the columns the workflow reads). */
export type RequestRow = Pick<RequestView, 'id' | 'request_number' | 'item_id' | 'chef_id' | 'quantity_requested' | 'quantity_approved' | 'priority' | 'status' | 'remarks'>

const VIEW = `SELECT r.id, r.request_number, r.item_id, i.name AS item_name, i.unit, r.chef_id, c.name AS chef_name,
  r.quantity_requested, r.quantity_approved, r.priority, r.status, r.remarks, r.review_remarks,
  r.approved_by, ua.name AS approved_by_name, r.approved_at,
  r.rejected_by, ur.name AS rejected_by_name, r.rejected_at,
  r.fulfilled_by, uf.name AS fulfilled_by_name, r.fulfilled_at,
  r.requested_at, r.created_at, r.updated_at
  FROM kitchen_requests r
  JOIN items i ON i.id = r.item_id
  JOIN users c ON c.id = r.chef_id
  LEFT JOIN users ua ON ua.id = r.approved_by
  LEFT JOIN users ur ON ur.id = r.rejected_by
  LEFT JOIN users uf ON uf.id = r.fulfilled_by`

export interface RequestFilter {
  status?: RequestStatus
  priority?: Priority
  chef_id?: number
  item_id?: number
  q?: string
}


/** Only the clauses a filter uses, so that SQLite picks the index that matches (status, priority, chef or date). */
function where(f: RequestFilter) {
  const clauses: string[] = []
  const params: Record<string, string | number> = {}
  if (f.status !== undefined) (clauses.push('r.status = $status'), (params.status = f.status))
  if (f.priority !== undefined) (clauses.push('r.priority = $priority'), (params.priority = f.priority))
  if (f.chef_id !== undefined) (clauses.push('r.chef_id = $chef_id'), (params.chef_id = f.chef_id))
  if (f.item_id !== undefined) (clauses.push('r.item_id = $item_id'), (params.item_id = f.item_id))
  if (f.q) {
    clauses.push(
      `(r.request_number LIKE $q ESCAPE '\\' OR r.remarks LIKE $q ESCAPE '\\'
        OR r.item_id IN (SELECT id FROM items WHERE name LIKE $q ESCAPE '\\') OR r.chef_id IN (SELECT id FROM users WHERE name LIKE $q ESCAPE '\\'))`,
    )
    params.q = containsPattern(f.q)
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

export function listRequests(db: Db, f: RequestFilter, limit: number, offset: number): { rows: RequestView[]; total: number } {
  const w = where(f)
  const rows = db.query(`${VIEW} ${w.sql} ORDER BY r.requested_at DESC, r.id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...w.params, offset }) as RequestView[]
  return { rows, total: countRequests(db, f, w) }
}

function countRequests(db: Db, f: RequestFilter, w: ReturnType<typeof where>): number {
  if (f.chef_id === undefined && f.item_id === undefined && !f.q) {
    // Status and priority alone: the trigger-kept counters answer without counting rows.
    return requestCounts(db)
      .filter((c) => (f.status === undefined || c.status === f.status) && (f.priority === undefined || c.priority === f.priority))
      .reduce((s, c) => s + c.n, 0)
  }
  return (db.query(`SELECT count(*) AS n FROM kitchen_requests r ${w.sql}`).get(w.params) as { n: number }).n
}

export const requestCounts = (db: Db) => db.query('SELECT status, priority, n FROM kitchen_request_counts').all() as { status: RequestStatus; priority: Priority; n: number }[]

export const realRequestCounts = (db: Db) =>
  db.query('SELECT status, priority, count(*) AS n FROM kitchen_requests GROUP BY status, priority').all() as { status: RequestStatus; priority: Priority; n: number }[]

export const findRequestView = (db: Db, id: number) => db.query(`${VIEW} WHERE r.id = $id`).get({ id }) as RequestView | null

export const findRequest = (db: Db, id: number) =>
  db
    .query('SELECT id, request_number, item_id, chef_id, quantity_requested, quantity_approved, priority, status, remarks FROM kitchen_requests WHERE id = $id')
    .get({ id }) as RequestRow | null

/** The next number of a day (YYYYMMDD), counted per day in one row: KR-YYYYMMDD-001, -002, … */
export function nextRequestNumber(db: Db, day: string): string {
  const { last } = db
    .query('INSERT INTO kitchen_request_days (day, last) VALUES ($day, 1) ON CONFLICT(day) DO UPDATE SET last = last + 1 RETURNING last')
    .get({ day }) as { last: number }
  return `KR-${day}-${String(last).padStart(3, '0')}`
}

export function insertRequest(
  db: Db,
  r: { request_number: string; item_id: number; chef_id: number; quantity_requested: number; priority: Priority; remarks: string | null; at: string },
): number {
  return (
    db
      .query(
        `INSERT INTO kitchen_requests (request_number, item_id, chef_id, quantity_requested, priority, status, remarks, requested_at, created_at, updated_at)
         VALUES ($request_number, $item_id, $chef_id, $quantity_requested, $priority, 'PENDING', $remarks, $at, $at, $at) RETURNING id`,
      )
      .get(r) as { id: number }
  ).id
}

export function updatePendingRequest(db: Db, id: number, r: { item_id: number; quantity_requested: number; priority: Priority; remarks: string | null; at: string }) {
  db.query(
    `UPDATE kitchen_requests SET item_id = $item_id, quantity_requested = $quantity_requested, priority = $priority, remarks = $remarks, updated_at = $at
     WHERE id = $id AND status = 'PENDING'`,
  ).run({ ...r, id })
}

export const deletePendingRequest = (db: Db, id: number) => db.query("DELETE FROM kitchen_requests WHERE id = $id AND status = 'PENDING'").run({ id }).changes

// Transitions: each is guarded by the status it leaves, so a lost race changes nothing (0).

export const markApproved = (db: Db, id: number, t: { quantity: number; remarks: string | null; by: number; at: string }) =>
  db
    .query(
      `UPDATE kitchen_requests SET status = 'APPROVED', quantity_approved = $quantity, review_remarks = $remarks, approved_by = $by, approved_at = $at, updated_at = $at
       WHERE id = $id AND status = 'PENDING'`,
    )
    .run({ ...t, id }).changes

export const markRejected = (db: Db, id: number, t: { remarks: string; by: number; at: string }) =>
  db
    .query(
      `UPDATE kitchen_requests SET status = 'REJECTED', review_remarks = $remarks, rejected_by = $by, rejected_at = $at, updated_at = $at
       WHERE id = $id AND status = 'PENDING'`,
    )
    .run({ ...t, id }).changes

export const markFulfilled = (db: Db, id: number, t: { by: number; at: string }) =>
  db
    .query(`UPDATE kitchen_requests SET status = 'FULFILLED', fulfilled_by = $by, fulfilled_at = $at, updated_at = $at WHERE id = $id AND status = 'APPROVED'`)
    .run({ ...t, id }).changes

export const itemForRequest = (db: Db, id: number) =>
  db.query('SELECT id, is_active FROM items WHERE id = $id').get({ id }) as { id: number; is_active: number } | null

export const userExists = (db: Db, id: number) => db.query('SELECT 1 FROM users WHERE id = $id').get({ id }) !== null
