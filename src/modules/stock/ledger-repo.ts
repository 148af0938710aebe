import type { MovementType, StockMovement } from '../../contract/stock'
import { containsPattern } from '../../db/like'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

/** A ledger row as stored: the contract's StockMovement without the joined names, quantity in hundredths. */
export type MovementRow = Omit<StockMovement, 'item_name' | 'unit' | 'user_name' | 'role_name' | 'editable' | 'source_type' | 'updated_by_name' | 'history'> & { source_type: string }

/** A ledger row joined for display (still in hundredths). */
export interface MovementView extends MovementRow {
  item_name: string
  unit: string
  user_name: string
  role_name: string
  updated_by_name: string | null
}

const VIEW = `SELECT m.id, m.item_id, i.name AS item_name, i.unit, m.type, m.quantity, m.remarks, m.user_id,
  u.name AS user_name, r.role_name, m.source_type, m.source_id, m.reference, m.movement_date, m.created_at, m.updated_at,
  m.updated_by, ub.name AS updated_by_name
  FROM stock_movements m
  JOIN items i ON i.id = m.item_id
  JOIN users u ON u.id = m.user_id
  JOIN roles r ON r.id = u.role_id
  LEFT JOIN users ub ON ub.id = m.updated_by`

export interface MovementFilter {
  item_id?: number
  user_id?: number
  type?: MovementType
  /** UTC instants: from inclusive, to exclusive. */
  from?: string
  to?: string
  q?: string
}

/** Only the clauses a filter uses, so that SQLite picks the index that matches (item, user, type or date). */
function where(f: MovementFilter): { sql: string; params: Record<string, string | number> } {
  const clauses: string[] = []
  const params: Record<string, string | number> = {}
  if (f.item_id !== undefined) (clauses.push('m.item_id = $item_id'), (params.item_id = f.item_id))
  if (f.user_id !== undefined) (clauses.push('m.user_id = $user_id'), (params.user_id = f.user_id))
  if (f.type !== undefined) (clauses.push('m.type = $type'), (params.type = f.type))
  if (f.from !== undefined) (clauses.push('m.movement_date >= $from'), (params.from = f.from))
  if (f.to !== undefined) (clauses.push('m.movement_date < $to'), (params.to = f.to))
  if (f.q) {
    clauses.push(
      `(m.item_id IN (SELECT id FROM items WHERE name LIKE $q ESCAPE '\\') OR m.user_id IN (SELECT id FROM users WHERE name LIKE $q ESCAPE '\\') OR m.remarks LIKE $q ESCAPE '\\')`,
    )
    params.q = containsPattern(f.q)
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

export function listMovements(db: Db, f: MovementFilter, limit: number, offset: number): { rows: MovementView[]; total: number } {
  const w = where(f)
  const rows = db.query(`${VIEW} ${w.sql} ORDER BY m.movement_date DESC, m.id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...w.params, offset }) as MovementView[]
  return { rows, total: countMovements(db, f, w) }
}

function countMovements(db: Db, f: MovementFilter, w: ReturnType<typeof where>): number {
  const onlyType = Object.entries(f).every(([k, v]) => v === undefined || k === 'type' || (k === 'q' && !v))
  if (onlyType) {
    // The trigger-kept counters answer at once instead of counting a million rows.
    const counts = movementCounts(db)
    return f.type ? counts[f.type] : counts.IN + counts.OUT + counts.ADJUSTMENT
  }
  return (db.query(`SELECT count(*) AS n FROM stock_movements m ${w.sql}`).get(w.params) as { n: number }).n
}

export function movementCounts(db: Db): Record<MovementType, number> {
  const rows = db.query('SELECT type, n FROM stock_movement_counts').all() as { type: MovementType; n: number }[]
  const counts = { IN: 0, OUT: 0, ADJUSTMENT: 0 }
  for (const r of rows) counts[r.type] = r.n
  return counts
}

export const findMovementView = (db: Db, id: number) => db.query(`${VIEW} WHERE m.id = $id`).get({ id }) as MovementView | null

/** Writes one ledger row and reads it back joined for display. */
export function insertMovement(
  db: Db,
  m: { item_id: number; type: MovementType; quantity: number; remarks: string | null; user_id: number; source_type: string; source_id?: number | null; source_line_id?: number | null; reference: string | null; movement_date: string; at: string },
): MovementView {
  const { id } = db
    .query(
      `INSERT INTO stock_movements (item_id, type, quantity, remarks, user_id, source_type, source_id, source_line_id, reference, movement_date, created_at, updated_at)
       VALUES ($item_id, $type, $quantity, $remarks, $user_id, $source_type, $source_id, $source_line_id, $reference, $movement_date, $at, $at) RETURNING id`,
    )
    .get({ ...m, source_id: m.source_id ?? null, source_line_id: m.source_line_id ?? null }) as { id: number }
  return findMovementView(db, id)!
}

export function updateMovement(db: Db, id: number, m: { item_id: number; type: MovementType; quantity: number; remarks: string | null; at: string; by: number }) {
  db.query('UPDATE stock_movements SET item_id = $item_id, type = $type, quantity = $quantity, remarks = $remarks, updated_at = $at, updated_by = $by WHERE id = $id').run({ ...m, id })
}

/** A movement's values in an edit history (quantity in hundredths, as stored). */
export interface StoredSnapshot {
  item_id: number
  item_name: string
  type: MovementType
  quantity: number
  remarks: string | null
}

export function insertHistory(db: Db, h: { movement_id: number; action: 'edit' | 'delete'; user_id: number; at: string; before: StoredSnapshot; after: StoredSnapshot | null }) {
  db.query(
    `INSERT INTO stock_movement_history (movement_id, action, user_id, at, before, after)
     VALUES ($movement_id, $action, $user_id, $at, $before, $after)`,
  ).run({ ...h, before: JSON.stringify(h.before), after: h.after === null ? null : JSON.stringify(h.after) })
}

/** A movement's edits and deletion, oldest first, with who made them. */
export const movementHistory = (db: Db, movementId: number) =>
  (
    db
      .query(
        `SELECT h.at, h.user_id, u.name AS user_name, h.action, h.before, h.after
         FROM stock_movement_history h JOIN users u ON u.id = h.user_id
         WHERE h.movement_id = $movementId ORDER BY h.id`,
      )
      .all({ movementId }) as { at: string; user_id: number; user_name: string; action: 'edit' | 'delete'; before: string; after: string | null }[]
  ).map((h) => ({ ...h, before: JSON.parse(h.before) as StoredSnapshot, after: h.after === null ? null : (JSON.parse(h.after) as StoredSnapshot) }))

export const deleteMovement = (db: Db, id: number) => db.query('DELETE FROM stock_movements WHERE id = $id').run({ id })

/** Items whose balance differs from the sum of their ledger rows. */
export const ledgerDifferences = (db: Db) =>
  db
    .query(
      `SELECT i.id, i.name, i.current_quantity, coalesce(l.total, 0) AS ledger
       FROM items i LEFT JOIN (
         SELECT item_id, sum(CASE type WHEN 'OUT' THEN -quantity ELSE quantity END) AS total FROM stock_movements GROUP BY item_id
       ) l ON l.item_id = i.id
       WHERE i.current_quantity <> coalesce(l.total, 0)`,
    )
    .all() as { id: number; name: string; current_quantity: number; ledger: number }[]

/** The kept counters against a real count (for the doctor). */
export const realCounts = (db: Db) => db.query('SELECT type, count(*) AS n FROM stock_movements GROUP BY type').all() as { type: MovementType; n: number }[]

export const userExists = (db: Db, id: number) => db.query('SELECT 1 FROM users WHERE id = $id').get({ id }) !== null

/** Inserts a row as it was published (id included), with only the columns this schema has. */
export function insertRowAsIs(db: Db, row: Record<string, unknown>) {
  const known = new Set((db.query('PRAGMA table_info(stock_movements)').all() as { name: string }[]).map((c) => c.name))
  const keys = Object.keys(row).filter((k) => known.has(k))
  db.query(`INSERT INTO stock_movements (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`).run(...(keys.map((k) => row[k]) as never[]))
}
