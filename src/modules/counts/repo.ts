import type { CountStatus, StockCount } from '../../contract/counts'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

// SQL for storage areas and count sessions. Quantities in hundredths, money in cents.

// ---------- Storage areas ----------

export interface AreaRow {
  id: number
  name: string
  item_count: number
  open_count_id: number | null
  created_at: string
  updated_at: string
}

const AREA = `SELECT a.id, a.name, a.created_at, a.updated_at,
  (SELECT count(*) FROM storage_area_items ai JOIN items i ON i.id = ai.item_id WHERE ai.area_id = a.id AND i.is_active = 1) AS item_count,
  (SELECT max(c.id) FROM stock_count_areas ca JOIN stock_counts c ON c.id = ca.count_id WHERE ca.area_id = a.id AND c.status IN ('OPEN', 'SUBMITTED')) AS open_count_id
  FROM storage_areas a`

export const listAreas = (db: Db) => db.query(`${AREA} ORDER BY a.name COLLATE NOCASE, a.id`).all() as AreaRow[]
export const findArea = (db: Db, id: number) => db.query(`${AREA} WHERE a.id = $id`).get({ id }) as AreaRow | null
export const areaNameTaken = (db: Db, name: string, exceptId = 0) => db.query('SELECT 1 FROM storage_areas WHERE name = $name AND id <> $exceptId').get({ name, exceptId }) !== null

export const insertArea = (db: Db, name: string, at: string) =>
  (db.query('INSERT INTO storage_areas (name, created_at, updated_at) VALUES ($name, $at, $at) RETURNING id').get({ name, at }) as { id: number }).id
export const renameArea = (db: Db, id: number, name: string, at: string) => db.query('UPDATE storage_areas SET name = $name, updated_at = $at WHERE id = $id').run({ id, name, at })
export const deleteArea = (db: Db, id: number) => {
  db.query('DELETE FROM storage_area_items WHERE area_id = $id').run({ id })
  db.query('DELETE FROM storage_areas WHERE id = $id').run({ id })
}

/** The area's active items in shelf order. */
export const areaItems = (db: Db, areaId: number) =>
  db
    .query(
      `SELECT ai.item_id, i.name AS item_name, i.unit, ai.position FROM storage_area_items ai JOIN items i ON i.id = ai.item_id
       WHERE ai.area_id = $areaId AND i.is_active = 1 ORDER BY ai.position, ai.item_id`,
    )
    .all({ areaId }) as { item_id: number; item_name: string; unit: string; position: number }[]

/** Which of these ids are not active items. */
export function missingItems(db: Db, ids: readonly number[]): number[] {
  if (ids.length === 0) return []
  const found = new Set(
    (db.query('SELECT id FROM items WHERE is_active = 1 AND id IN (SELECT value FROM json_each($ids))').all({ ids: JSON.stringify(ids) }) as { id: number }[]).map((r) => r.id),
  )
  return ids.filter((id) => !found.has(id))
}

export function setAreaItems(db: Db, areaId: number, itemIds: readonly number[], at: string) {
  db.query('DELETE FROM storage_area_items WHERE area_id = $areaId').run({ areaId })
  db.query(`INSERT INTO storage_area_items (area_id, item_id, position) SELECT $areaId, value, key FROM json_each($ids)`).run({ areaId, ids: JSON.stringify(itemIds) })
  db.query('UPDATE storage_areas SET updated_at = $at WHERE id = $areaId').run({ areaId, at })
}

// ---------- Count sessions ----------

/** A count as stored: the contract's StockCount with blind 0/1 and without its derived areas and counts. */
export type CountRow = Omit<StockCount, 'blind' | 'areas' | 'line_count' | 'counted_count'> & { blind: number }

const COUNT = `SELECT c.id, c.status, c.blind, c.note, c.started_at, c.started_by, u.name AS started_by_name, c.submitted_at, c.submitted_by,
  c.uncounted, c.approved_at, c.approved_by, c.cancelled_at, c.cancelled_by
  FROM stock_counts c JOIN users u ON u.id = c.started_by`

export const findCount = (db: Db, id: number) => db.query(`${COUNT} WHERE c.id = $id`).get({ id }) as CountRow | null

export function listCounts(db: Db, status: CountStatus | undefined, limit: number, offset: number): { rows: CountRow[]; total: number } {
  const where = status ? 'WHERE c.status = $status' : ''
  const params: Record<string, string | number> = status ? { status } : {}
  const rows = db.query(`${COUNT} ${where} ORDER BY c.id DESC LIMIT ${sqlInteger(limit)} OFFSET $offset`).all({ ...params, offset }) as CountRow[]
  const { n } = db.query(`SELECT count(*) AS n FROM stock_counts c ${where}`).get(params) as { n: number }
  return { rows, total: n }
}

/** Per area of the given counts: name, lines and lines counted, in the session's area order. */
export function countAreas(db: Db, countIds: readonly number[]) {
  if (countIds.length === 0) return []
  return db
    .query(
      `SELECT ca.count_id, ca.area_id AS id, ca.area_name AS name, count(l.item_id) AS lines, count(l.counted) AS counted
       FROM stock_count_areas ca
       LEFT JOIN stock_count_lines l ON l.count_id = ca.count_id AND l.area_id = ca.area_id
       WHERE ca.count_id IN (SELECT value FROM json_each($ids))
       GROUP BY ca.count_id, ca.area_id ORDER BY ca.count_id, ca.position`,
    )
    .all({ ids: JSON.stringify(countIds) }) as { count_id: number; id: number; name: string; lines: number; counted: number }[]
}

/** The first OPEN or SUBMITTED count holding one of these areas. */
export const busyArea = (db: Db, areaIds: readonly number[]) =>
  db
    .query(
      `SELECT ca.area_id, ca.area_name AS name, c.id AS count_id, c.status FROM stock_count_areas ca JOIN stock_counts c ON c.id = ca.count_id
       WHERE ca.area_id IN (SELECT value FROM json_each($ids)) AND c.status IN ('OPEN', 'SUBMITTED') ORDER BY c.id LIMIT 1`,
    )
    .get({ ids: JSON.stringify(areaIds) }) as { area_id: number; name: string; count_id: number; status: string } | null

export const areasExist = (db: Db, ids: readonly number[]) =>
  new Set((db.query('SELECT id FROM storage_areas WHERE id IN (SELECT value FROM json_each($ids))').all({ ids: JSON.stringify(ids) }) as { id: number }[]).map((r) => r.id))

/**
 * A new session: its areas in the given order, each area's active items in shelf order as lines, and
 * each distinct item's balance at this instant as its expected figure. All in set-based statements.
 */
export function insertCount(db: Db, o: { blind: boolean; note: string | null; userId: number; at: string; areaIds: readonly number[] }): number {
  const { id } = db
    .query("INSERT INTO stock_counts (status, blind, note, started_at, started_by) VALUES ('OPEN', $blind, $note, $at, $userId) RETURNING id")
    .get({ blind: o.blind ? 1 : 0, note: o.note, at: o.at, userId: o.userId }) as { id: number }
  const ids = JSON.stringify(o.areaIds)
  db.query('INSERT INTO stock_count_areas (count_id, area_id, area_name, position) SELECT $id, a.id, a.name, j.key FROM json_each($ids) j JOIN storage_areas a ON a.id = j.value').run({ id, ids })
  db.query(
    `INSERT INTO stock_count_lines (count_id, area_id, item_id, position)
     SELECT $id, ai.area_id, ai.item_id, ai.position FROM storage_area_items ai JOIN items i ON i.id = ai.item_id
     WHERE ai.area_id IN (SELECT value FROM json_each($ids)) AND i.is_active = 1`,
  ).run({ id, ids })
  db.query(
    `INSERT INTO stock_count_items (count_id, item_id, expected)
     SELECT $id, i.id, i.current_quantity FROM items i WHERE i.id IN (SELECT item_id FROM stock_count_lines WHERE count_id = $id)`,
  ).run({ id })
  return id
}

export interface LineRow {
  area_id: number
  item_id: number
  item_name: string
  unit: string
  position: number
  found: number
  counted: number | null
  counted_by: number | null
  counted_by_name: string | null
  counted_at: string | null
  expected: number
  /** 1/100,000 per unit. */
  cost_e5: number
  /** The item's counted total over all its lines of the session (null: none counted). */
  item_counted: number | null
  /** Its bottle facts (issue 35), as stored. */
  bottle_ml: number | null
  tare_g: number | null
  full_g: number | null
  bottle_density: number | null
}

/** Every line of a session in area order, then shelf order (found items after the list, in the order found). */
export const countLines = (db: Db, id: number) =>
  db
    .query(
      `WITH totals AS (SELECT item_id, sum(counted) AS item_counted FROM (
         SELECT item_id, counted FROM stock_count_lines WHERE count_id = $id
         UNION ALL SELECT item_id, item_quantity FROM stock_count_found WHERE count_id = $id AND resolution = 'MAPPED') GROUP BY item_id)
       SELECT l.area_id, l.item_id, i.name AS item_name, i.unit, l.position, l.found, l.counted, l.counted_by, u.name AS counted_by_name, l.counted_at,
         ci.expected, i.cost_e5, t.item_counted, i.bottle_ml, i.tare_g, i.full_g, i.bottle_density
       FROM stock_count_lines l
       JOIN stock_count_areas ca ON ca.count_id = l.count_id AND ca.area_id = l.area_id
       JOIN items i ON i.id = l.item_id
       JOIN stock_count_items ci ON ci.count_id = l.count_id AND ci.item_id = l.item_id
       JOIN totals t ON t.item_id = l.item_id
       LEFT JOIN users u ON u.id = l.counted_by
       WHERE l.count_id = $id
       ORDER BY ca.position, l.position, l.item_id`,
    )
    .all({ id }) as LineRow[]

export const findLine = (db: Db, id: number, areaId: number, itemId: number) =>
  db.query('SELECT counted FROM stock_count_lines WHERE count_id = $id AND area_id = $areaId AND item_id = $itemId').get({ id, areaId, itemId }) as { counted: number | null } | null

export const countHasArea = (db: Db, id: number, areaId: number) => db.query('SELECT 1 FROM stock_count_areas WHERE count_id = $id AND area_id = $areaId').get({ id, areaId }) !== null

/** An item found on the shelf: a line after the area's list; the item joins the session (its snapshot is now). */
export function addFoundLine(db: Db, o: { id: number; areaId: number; itemId: number }) {
  db.query(
    `INSERT INTO stock_count_lines (count_id, area_id, item_id, position, found)
     VALUES ($id, $areaId, $itemId, (SELECT coalesce(max(position), -1) + 1 FROM stock_count_lines WHERE count_id = $id AND area_id = $areaId), 1)`,
  ).run(o)
  db.query('INSERT OR IGNORE INTO stock_count_items (count_id, item_id, expected) SELECT $id, id, current_quantity FROM items WHERE id = $itemId').run({ id: o.id, itemId: o.itemId })
}

export const itemInCount = (db: Db, id: number, itemId: number) => db.query('SELECT 1 FROM stock_count_items WHERE count_id = $id AND item_id = $itemId').get({ id, itemId }) !== null
export const setReason = (db: Db, id: number, itemId: number, reason: string | null) =>
  db.query('UPDATE stock_count_items SET reason = $reason WHERE count_id = $id AND item_id = $itemId').run({ id, itemId, reason })

export const uncountedLines = (db: Db, id: number) =>
  db
    .query(
      `SELECT l.area_id, ca.area_name, l.item_id, i.name AS item_name FROM stock_count_lines l
       JOIN stock_count_areas ca ON ca.count_id = l.count_id AND ca.area_id = l.area_id
       JOIN items i ON i.id = l.item_id
       WHERE l.count_id = $id AND l.counted IS NULL ORDER BY ca.position, l.position, l.item_id`,
    )
    .all({ id }) as { area_id: number; area_name: string; item_id: number; item_name: string }[]

export const zeroUncounted = (db: Db, id: number, userId: number, at: string) =>
  db.query('UPDATE stock_count_lines SET counted = 0, counted_by = $userId, counted_at = $at WHERE count_id = $id AND counted IS NULL').run({ id, userId, at })

export const setStatus = (db: Db, id: number, from: readonly CountStatus[], to: CountStatus, fields: Record<string, string | number | null>) => {
  const sets = Object.keys(fields).map((k) => `${k} = $${k}`)
  return db
    .query(`UPDATE stock_counts SET status = $to${sets.length ? ', ' + sets.join(', ') : ''} WHERE id = $id AND status IN (SELECT value FROM json_each($from))`)
    .run({ ...fields, id, to, from: JSON.stringify(from) }).changes
}

export interface ItemTotalRow {
  item_id: number
  item_name: string
  unit: string
  is_active: number
  /** 1/100,000 per unit. */
  cost_e5: number
  current_quantity: number
  expected: number
  counted: number | null
  /** The part of counted from found lines mapped to the item (null: none). */
  found_quantity: number | null
  reason: string | null
  area_names: string
  area_ids: string
}

/** Per item of the session: expected, counted total (null: no line counted), reason, current balance. */
export const itemTotals = (db: Db, id: number) =>
  db
    .query(
      `SELECT ci.item_id, i.name AS item_name, i.unit, i.is_active, i.cost_e5, i.current_quantity, ci.expected, ci.reason,
         (SELECT sum(x.counted) FROM (
            SELECT l.counted FROM stock_count_lines l WHERE l.count_id = ci.count_id AND l.item_id = ci.item_id
            UNION ALL SELECT f.item_quantity FROM stock_count_found f WHERE f.count_id = ci.count_id AND f.item_id = ci.item_id AND f.resolution = 'MAPPED') x) AS counted,
         (SELECT sum(f.item_quantity) FROM stock_count_found f WHERE f.count_id = ci.count_id AND f.item_id = ci.item_id AND f.resolution = 'MAPPED') AS found_quantity,
         (SELECT group_concat(ca.area_name, '|') FROM stock_count_lines l JOIN stock_count_areas ca ON ca.count_id = l.count_id AND ca.area_id = l.area_id WHERE l.count_id = ci.count_id AND l.item_id = ci.item_id) AS area_names,
         (SELECT group_concat(l.area_id, '|') FROM stock_count_lines l WHERE l.count_id = ci.count_id AND l.item_id = ci.item_id) AS area_ids
       FROM stock_count_items ci JOIN items i ON i.id = ci.item_id WHERE ci.count_id = $id`,
    )
    .all({ id }) as ItemTotalRow[]

/** Packs of the given items (sizes in base units), grouped, in each item's order: stock's one pack query. */
export { packsOf as packsOfItems } from '../stock'

export const itemForCount = (db: Db, itemId: number) =>
  db.query('SELECT id, name, unit, is_active FROM items WHERE id = $itemId').get({ itemId }) as { id: number; name: string; unit: string; is_active: number } | null

export const areaName = (db: Db, id: number, areaId: number) =>
  (db.query('SELECT area_name FROM stock_count_areas WHERE count_id = $id AND area_id = $areaId').get({ id, areaId }) as { area_name: string } | null)?.area_name ?? null

// ---------- Found lines: products not in the catalogue (issue 32.3) ----------

export interface FoundRow {
  id: number
  area_id: number
  area_name: string
  name: string
  note: string | null
  counted: number
  added_by: number
  added_by_name: string
  added_at: string
  resolution: 'MAPPED' | 'DISCARDED' | null
  item_id: number | null
  item_name: string | null
  item_unit: string | null
  item_quantity: number | null
  resolved_by_name: string | null
  resolved_at: string | null
}

const FOUND = `SELECT f.id, f.area_id, ca.area_name, f.name, f.note, f.counted, f.added_by, a.name AS added_by_name, f.added_at, f.resolution,
  f.item_id, i.name AS item_name, i.unit AS item_unit, f.item_quantity, r.name AS resolved_by_name, f.resolved_at
  FROM stock_count_found f
  JOIN stock_count_areas ca ON ca.count_id = f.count_id AND ca.area_id = f.area_id
  JOIN users a ON a.id = f.added_by
  LEFT JOIN users r ON r.id = f.resolved_by
  LEFT JOIN items i ON i.id = f.item_id`

export const foundLines = (db: Db, id: number) => db.query(`${FOUND} WHERE f.count_id = $id ORDER BY f.id`).all({ id }) as FoundRow[]
export const findFound = (db: Db, id: number, foundId: number) => db.query(`${FOUND} WHERE f.count_id = $id AND f.id = $foundId`).get({ id, foundId }) as FoundRow | null

export const insertFound = (db: Db, o: { id: number; areaId: number; name: string; note: string | null; counted: number; userId: number; at: string }) =>
  (db
    .query(
      `INSERT INTO stock_count_found (count_id, area_id, name, note, counted, added_by, added_at)
       VALUES ($id, $areaId, $name, $note, $counted, $userId, $at) RETURNING id`,
    )
    .get(o) as { id: number }).id

export const resolveFound = (db: Db, o: { id: number; foundId: number; resolution: 'MAPPED' | 'DISCARDED'; itemId: number | null; quantity: number | null; userId: number; at: string }) =>
  db
    .query(
      `UPDATE stock_count_found SET resolution = $resolution, item_id = $itemId, item_quantity = $quantity, resolved_by = $userId, resolved_at = $at
       WHERE count_id = $id AND id = $foundId`,
    )
    .run(o)

/**
 * A mapped item that was not on the count joins it with its balance when the found line was written: its balance
 * now less the movements recorded since (so a sale between the count and the review is not counted twice).
 */
export const addMappedItem = (db: Db, id: number, itemId: number, since: string) =>
  db
    .query(
      `INSERT OR IGNORE INTO stock_count_items (count_id, item_id, expected)
       SELECT $id, i.id, i.current_quantity - coalesce((SELECT sum(CASE m.type WHEN 'OUT' THEN -m.quantity ELSE m.quantity END)
         FROM stock_movements m WHERE m.item_id = i.id AND m.created_at > $since), 0)
       FROM items i WHERE i.id = $itemId`,
    )
    .run({ id, itemId, since })

/** Items that joined the count only through a found line that no longer maps to them leave it again. */
export const dropUnusedItems = (db: Db, id: number) =>
  db
    .query(
      `DELETE FROM stock_count_items WHERE count_id = $id
         AND item_id NOT IN (SELECT item_id FROM stock_count_lines WHERE count_id = $id)
         AND item_id NOT IN (SELECT item_id FROM stock_count_found WHERE count_id = $id AND resolution = 'MAPPED')`,
    )
    .run({ id })

// ---------- Count entries (issue 33): appended, never overwritten ----------

export interface EntryRow {
  seq: number
  id: string
  count_id: number
  area_id: number
  item_id: number
  user_id: number
  user_name: string
  source: 'SHEET' | 'PHONE'
  device_id: string | null
  packs: string
  loose: number | null
  counted: number | null
  counted_at: string
  stored_at: string
  /** Open bottles (issue 35): JSON weights (hundredths of a g) and tenths, their ml (hundredths); null without. */
  open_weights: string | null
  open_tenths: string | null
  open_ml: number | null
}

const ENTRY = `SELECT e.seq, e.id, e.count_id, e.area_id, e.item_id, e.user_id, u.name AS user_name, e.source, e.device_id, e.packs, e.loose, e.counted, e.counted_at, e.stored_at,
  e.open_weights, e.open_tenths, e.open_ml
  FROM stock_count_entries e JOIN users u ON u.id = e.user_id`

/** The stored entries among these ids (any count). */
export const entriesByIds = (db: Db, ids: readonly string[]) =>
  ids.length === 0 ? [] : (db.query(`${ENTRY} WHERE e.id IN (SELECT value FROM json_each($ids))`).all({ ids: JSON.stringify(ids) }) as EntryRow[])

/** Every entry of a count (or of one of its lines), in the order stored. */
export const countEntries = (db: Db, id: number, only?: { areaId: number; itemId: number }) =>
  only
    ? (db.query(`${ENTRY} WHERE e.count_id = $id AND e.area_id = $areaId AND e.item_id = $itemId ORDER BY e.seq`).all({ id, ...only }) as EntryRow[])
    : (db.query(`${ENTRY} WHERE e.count_id = $id ORDER BY e.seq`).all({ id }) as EntryRow[])

/** A line's entries since its last recount (seq > entry_floor), in the order they were made (device time, then stored). */
export const lineEntries = (db: Db, id: number, areaId: number, itemId: number, floor: number) =>
  db
    .query(`${ENTRY} WHERE e.count_id = $id AND e.area_id = $areaId AND e.item_id = $itemId AND e.seq > $floor ORDER BY e.counted_at, e.seq`)
    .all({ id, areaId, itemId, floor }) as EntryRow[]

export const insertEntry = (
  db: Db,
  { open, ...o }: {
    entryId: string
    id: number
    areaId: number
    itemId: number
    userId: number
    source: 'SHEET' | 'PHONE'
    deviceId: string | null
    packs: string
    loose: number | null
    counted: number | null
    countedAt: string
    at: string
    open?: { weights: string; tenths: string; ml: number } | null
  },
) =>
  db
    .query(
      `INSERT INTO stock_count_entries (id, count_id, area_id, item_id, user_id, source, device_id, packs, loose, counted, counted_at, stored_at, open_weights, open_tenths, open_ml)
       VALUES ($entryId, $id, $areaId, $itemId, $userId, $source, $deviceId, $packs, $loose, $counted, $countedAt, $at, $openWeights, $openTenths, $openMl)`,
    )
    .run({ ...o, openWeights: open?.weights ?? null, openTenths: open?.tenths ?? null, openMl: open?.ml ?? null })

/** What counting by weight needs of an item (issue 35): its unit and bottle facts (hundredths; density thousandths). */
export const bottleOfItem = (db: Db, itemId: number) =>
  db.query('SELECT name, unit, bottle_ml, tare_g, full_g, bottle_density FROM items WHERE id = $itemId').get({ itemId }) as {
    name: string
    unit: string
    bottle_ml: number | null
    tare_g: number | null
    full_g: number | null
    bottle_density: number | null
  } | null

/** The (area, item) lines of a count that exist, as "area:item" keys. */
export const lineKeys = (db: Db, id: number) =>
  new Set((db.query('SELECT area_id, item_id FROM stock_count_lines WHERE count_id = $id').all({ id }) as { area_id: number; item_id: number }[]).map((l) => `${l.area_id}:${l.item_id}`))

export interface LineState {
  counted: number | null
  double_count: number
  entry_floor: number
  settled_seq: number | null
  resolution: 'KEEP' | 'SUM' | 'RECOUNT' | null
}

export const lineState = (db: Db, id: number, areaId: number, itemId: number) =>
  db
    .query('SELECT counted, double_count, entry_floor, settled_seq, resolution FROM stock_count_lines WHERE count_id = $id AND area_id = $areaId AND item_id = $itemId')
    .get({ id, areaId, itemId }) as LineState | null

/** Sets a line's figure and double-count state (the counted_by/at of its figure). */
export const setLineFigure = (
  db: Db,
  o: { id: number; areaId: number; itemId: number; counted: number | null; userId: number | null; at: string | null; double: number; clearResolution: boolean },
) =>
  db
    .query(
      `UPDATE stock_count_lines SET counted = $counted, counted_by = $userId, counted_at = $at, double_count = $double,
         resolution = CASE WHEN $clear THEN NULL ELSE resolution END, settled_seq = CASE WHEN $clear THEN NULL ELSE settled_seq END,
         resolved_by = CASE WHEN $clear THEN NULL ELSE resolved_by END, resolved_at = CASE WHEN $clear THEN NULL ELSE resolved_at END
       WHERE count_id = $id AND area_id = $areaId AND item_id = $itemId`,
    )
    .run({ id: o.id, areaId: o.areaId, itemId: o.itemId, counted: o.counted, userId: o.userId, at: o.at, double: o.double, clear: o.clearResolution ? 1 : 0 })

/** A Manager's resolution of a double count: the line's figure (NULL for RECOUNT) and who decided, when. */
export const resolveLine = (
  db: Db,
  o: { id: number; areaId: number; itemId: number; resolution: 'KEEP' | 'SUM' | 'RECOUNT'; counted: number | null; countedBy: number | null; countedAt: string | null; seq: number; userId: number; at: string },
) =>
  db
    .query(
      `UPDATE stock_count_lines SET counted = $counted, counted_by = $countedBy, counted_at = $countedAt, double_count = 0, resolution = $resolution,
         settled_seq = CASE WHEN $resolution = 'RECOUNT' THEN NULL ELSE $seq END,
         entry_floor = CASE WHEN $resolution = 'RECOUNT' THEN $seq ELSE entry_floor END,
         resolved_by = $userId, resolved_at = $at
       WHERE count_id = $id AND area_id = $areaId AND item_id = $itemId`,
    )
    .run(o)

/** Per line: its double-count flag and resolution (who, when). */
export const lineResolutions = (db: Db, id: number) =>
  db
    .query(
      `SELECT l.area_id, l.item_id, l.double_count, l.entry_floor, l.resolution, u.name AS resolved_by_name, l.resolved_at
       FROM stock_count_lines l LEFT JOIN users u ON u.id = l.resolved_by WHERE l.count_id = $id`,
    )
    .all({ id }) as { area_id: number; item_id: number; double_count: number; entry_floor: number; resolution: string | null; resolved_by_name: string | null; resolved_at: string | null }[]

/** Lines still double counted, in sheet order, with their names. */
export const doubleCounts = (db: Db, id: number) =>
  db
    .query(
      `SELECT l.area_id, ca.area_name, l.item_id, i.name AS item_name, l.entry_floor FROM stock_count_lines l
       JOIN stock_count_areas ca ON ca.count_id = l.count_id AND ca.area_id = l.area_id JOIN items i ON i.id = l.item_id
       WHERE l.count_id = $id AND l.double_count = 1 ORDER BY ca.position, l.position, l.item_id`,
    )
    .all({ id }) as { area_id: number; area_name: string; item_id: number; item_name: string; entry_floor: number }[]

export const recordDevice = (db: Db, o: { id: number; userId: number; deviceId: string; at: string; waiting: number }) =>
  db
    .query(
      `INSERT INTO stock_count_devices (count_id, user_id, device_id, last_sync_at, waiting) VALUES ($id, $userId, $deviceId, $at, $waiting)
       ON CONFLICT (count_id, user_id, device_id) DO UPDATE SET last_sync_at = excluded.last_sync_at, waiting = excluded.waiting`,
    )
    .run(o)

export const countDevices = (db: Db, id: number) =>
  db
    .query(
      `SELECT d.user_id, u.name AS user_name, d.device_id, d.last_sync_at, d.waiting FROM stock_count_devices d JOIN users u ON u.id = d.user_id
       WHERE d.count_id = $id ORDER BY d.last_sync_at DESC, u.name, d.device_id`,
    )
    .all({ id }) as { user_id: number; user_name: string; device_id: string; last_sync_at: string; waiting: number }[]
