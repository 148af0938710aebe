import type { Alert, AlertPriority, AlertStatus, AlertType } from '../../contract/alerts'
import { containsPattern } from '../../db/like'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

/** An alert row as stored: details is JSON text. */
export type AlertRow = Omit<Alert, 'details'> & {
  details: string | null
  condition_key: string
  condition_open: number
  updated_at: string
  resolved_at: string | null
}

/** What an alert says; the engine builds these from the facts. */
export type AlertDraft = Pick<Alert, 'type' | 'priority' | 'title' | 'message' | 'details' | 'item_id'> & { condition_key: string }

/** The item facts the stock conditions are read from. */
export interface ItemFacts {
  id: number
  name: string
  unit: string
  current_quantity: number
  min_stock_level: number
  expiry_date: string | null
  is_active: number
}

const ITEM_FACTS = 'SELECT id, name, unit, current_quantity, min_stock_level, expiry_date, is_active FROM items'

export const itemFacts = (db: Db, ids: readonly number[]) =>
  db.query(`${ITEM_FACTS} WHERE id IN (SELECT value FROM json_each($ids))`).all({ ids: JSON.stringify(ids) }) as ItemFacts[]

export const allItemFacts = (db: Db) => db.query(ITEM_FACTS).all() as ItemFacts[]

/** Every item a full rescan looks at: all items, and any item an open condition still names. */
export const scanItemIds = (db: Db) =>
  (db.query('SELECT id FROM items UNION SELECT item_id FROM alerts WHERE condition_open = 1 AND item_id IS NOT NULL ORDER BY 1').values() as [number][]).map((r) => r[0])

/** Open conditions about items (whatever their status), for the given items or all. */
export const openItemAlerts = (db: Db, ids: readonly number[] | null) =>
  (ids
    ? db.query('SELECT * FROM alerts WHERE condition_open = 1 AND item_id IN (SELECT value FROM json_each($ids))').all({ ids: JSON.stringify(ids) })
    : db.query('SELECT * FROM alerts WHERE condition_open = 1 AND item_id IS NOT NULL').all()) as AlertRow[]

export const openAlertByKey = (db: Db, key: string) =>
  db.query('SELECT * FROM alerts WHERE condition_open = 1 AND condition_key = $key').get({ key }) as AlertRow | null

export const alertKeyExists = (db: Db, key: string) => db.query('SELECT 1 FROM alerts WHERE condition_key = $key LIMIT 1').get({ key }) !== null

export function insertAlert(db: Db, a: AlertDraft, at: string): number {
  return (
    db
      .query(
        `INSERT INTO alerts (type, priority, title, message, details, item_id, condition_key, condition_open, status, created_at, updated_at)
         VALUES ($type, $priority, $title, $message, $details, $item_id, $condition_key, 1, 'NEW', $at, $at) RETURNING id`,
      )
      .get({ ...a, details: a.details ? JSON.stringify(a.details) : null, at }) as { id: number }
  ).id
}

/** The condition still holds but its facts changed (days left, quantity): same alert, new words. */
export const refreshAlert = (db: Db, id: number, a: AlertDraft, at: string) =>
  db
    .query('UPDATE alerts SET priority = $priority, title = $title, message = $message, details = $details, updated_at = $at WHERE id = $id')
    .run({ id, priority: a.priority, title: a.title, message: a.message, details: a.details ? JSON.stringify(a.details) : null, at })

/** The condition cleared: an alert nobody put away resolves itself; a dismissed one stays dismissed. */
export const clearCondition = (db: Db, id: number, at: string) =>
  db
    .query(
      `UPDATE alerts SET condition_open = 0, resolved_at = coalesce(resolved_at, $at), updated_at = $at,
         status = CASE WHEN status IN ('NEW', 'READ') THEN 'RESOLVED' ELSE status END
       WHERE id = $id`,
    )
    .run({ id, at })

export const setStatus = (db: Db, id: number, status: AlertStatus, at: string, closeCondition: boolean) =>
  db
    .query(
      `UPDATE alerts SET status = $status, updated_at = $at,
         resolved_at = CASE WHEN $status = 'RESOLVED' THEN coalesce(resolved_at, $at) ELSE resolved_at END,
         condition_open = CASE WHEN $close = 1 THEN 0 ELSE condition_open END
       WHERE id = $id`,
    )
    .run({ id, status, at, close: closeCondition ? 1 : 0 })

export const findAlert = (db: Db, id: number) => db.query('SELECT * FROM alerts WHERE id = $id').get({ id }) as AlertRow | null

export interface AlertFilter {
  types?: readonly AlertType[]
  priority?: AlertPriority
  statuses?: readonly AlertStatus[]
  q?: string
}

function where(f: AlertFilter) {
  const clauses: string[] = []
  const params: Record<string, string> = {}
  if (f.types) (clauses.push('type IN (SELECT value FROM json_each($types))'), (params.types = JSON.stringify(f.types)))
  if (f.priority) (clauses.push('priority = $priority'), (params.priority = f.priority))
  if (f.statuses) (clauses.push('status IN (SELECT value FROM json_each($statuses))'), (params.statuses = JSON.stringify(f.statuses)))
  if (f.q) (clauses.push(`(title LIKE $q ESCAPE '\\' OR message LIKE $q ESCAPE '\\')`), (params.q = containsPattern(f.q)))
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

export function listAlerts(db: Db, f: AlertFilter, limit: number, offset: number): { rows: AlertRow[]; total: number } {
  const w = where(f)
  const rows = db.query(`SELECT * FROM alerts ${w.sql} ORDER BY created_at DESC, id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...w.params, offset }) as AlertRow[]
  const { total } = db.query(`SELECT count(*) AS total FROM alerts ${w.sql}`).get(w.params) as { total: number }
  return { rows, total }
}

export const alertCounts = (db: Db) =>
  db.query('SELECT type, priority, status, count(*) AS n FROM alerts GROUP BY type, priority, status').all() as {
    type: AlertType
    priority: AlertPriority
    status: AlertStatus
    n: number
  }[]

/** Kitchen wastage between two instants: count and value (each row cost × quantity rounded half-up, then summed). */
export const wastageBetween = (db: Db, from: string, to: string) =>
  db
    .query(
      `SELECT count(*) AS n, coalesce(sum((i.cost_e5 * m.quantity + 50000) / 100000), 0) AS value
       FROM kitchen_movements m JOIN items i ON i.id = m.item_id
       WHERE m.movement_type = 'WASTE' AND m.movement_date >= $from AND m.movement_date < $to`,
    )
    .get({ from, to }) as { n: number; value: number }

export const itemName = (db: Db, id: number) => (db.query('SELECT name, unit FROM items WHERE id = $id').get({ id }) as { name: string; unit: string } | null)
