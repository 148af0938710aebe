import type { SaleStatus } from '../../contract/recipes'
import type { Db } from '../../db/open'

// Sales lines and code mappings. A line's dish is resolved when read: the grid's recipe, else the saved
// mapping of its code for its till (pos), else the mapping for every till (pos ''), (a mapping to nothing
// ignores it), else the active MENU recipe with that sales code.

export interface ResolvedSaleRow {
  id: number
  date_from: string
  date_to: string
  sold_at: string | null
  pos: string
  code: string | null
  name: string | null
  quantity: number
  net_sales: number
  source: 'IMPORT' | 'MANUAL'
  recipe_id: number | null
  recipe_name: string | null
  status: SaleStatus
}

/** The mapping a till's code uses: its till's own, else the one for every till. */
const MAPPING_OF = (pos: string, code: string) =>
  `(SELECT x.rowid FROM sales_mappings x WHERE x.code = ${code} AND (x.pos = ${pos} OR x.pos = '') ORDER BY x.pos = '' LIMIT 1)`

export const RESOLVED = `SELECT s.id, s.date_from, s.date_to, s.sold_at, s.pos, s.code, s.name, s.quantity, s.net_sales, s.source,
    CASE WHEN s.recipe_id IS NOT NULL THEN s.recipe_id WHEN m.code IS NOT NULL THEN m.recipe_id ELSE r.id END AS recipe_id,
    coalesce(g.name, mr.name, r.name) AS recipe_name,
    CASE WHEN s.recipe_id IS NOT NULL THEN 'MAPPED'
         WHEN m.code IS NOT NULL THEN (CASE WHEN m.recipe_id IS NULL THEN 'IGNORED' ELSE 'MAPPED' END)
         WHEN r.id IS NOT NULL THEN 'MAPPED' ELSE 'UNMAPPED' END AS status
  FROM sales_lines s
  LEFT JOIN recipes g ON g.id = s.recipe_id
  LEFT JOIN sales_mappings m ON s.recipe_id IS NULL AND m.rowid = ${MAPPING_OF('s.pos', 's.code')}
  LEFT JOIN recipes mr ON mr.id = m.recipe_id
  LEFT JOIN recipes r ON s.recipe_id IS NULL AND m.code IS NULL AND r.sales_code = s.code COLLATE NOCASE AND r.is_active = 1 AND r.kind = 'MENU'`

/** How each code of a till resolves today (for an import's preview). */
export function resolveCode(db: Db, pos: string, code: string): { status: SaleStatus; recipe_id: number | null; recipe_name: string | null } {
  const m = db
    .query(`SELECT m.recipe_id, r.name FROM sales_mappings m LEFT JOIN recipes r ON r.id = m.recipe_id WHERE m.rowid = ${MAPPING_OF('$pos', '$code')}`)
    .get({ pos, code }) as { recipe_id: number | null; name: string | null } | null
  if (m) return m.recipe_id === null ? { status: 'IGNORED', recipe_id: null, recipe_name: null } : { status: 'MAPPED', recipe_id: m.recipe_id, recipe_name: m.name }
  const r = db.query(`SELECT id, name FROM recipes WHERE sales_code = $code COLLATE NOCASE AND is_active = 1 AND kind = 'MENU'`).get({ code }) as { id: number; name: string } | null
  return r ? { status: 'MAPPED', recipe_id: r.id, recipe_name: r.name } : { status: 'UNMAPPED', recipe_id: null, recipe_name: null }
}

/**
 * Lines an import over these whole days (or this period) replaces: that till's lines only, so a bar's file
 * does not wipe the restaurant's. `pos` null: every till's (the manual grid replaces the whole day).
 */
const REPLACED = `(date_from = date_to AND date_from IN (SELECT value FROM json_each($days)))
         OR ($from IS NOT NULL AND date_from >= $from AND date_to <= $to)`
const replacedArgs = (days: string[], period: { from: string; to: string } | null, pos: string | null) => ({
  days: JSON.stringify(days),
  from: period?.from ?? null,
  to: period?.to ?? null,
  pos,
})

export function countReplaced(db: Db, days: string[], period: { from: string; to: string } | null, pos: string | null) {
  const { n } = db.query(`SELECT count(*) AS n FROM sales_lines WHERE ($pos IS NULL OR pos = $pos) AND (${REPLACED})`).get(replacedArgs(days, period, pos)) as { n: number }
  return n
}

export function deleteReplaced(db: Db, days: string[], period: { from: string; to: string } | null, pos: string | null) {
  db.query(`DELETE FROM sales_lines WHERE ($pos IS NULL OR pos = $pos) AND (${REPLACED})`).run(replacedArgs(days, period, pos))
}

export interface SaleValues {
  date_from: string
  date_to: string
  sold_at: string | null
  pos: string
  code: string | null
  name: string | null
  recipe_id: number | null
  quantity: number
  net_sales: number
  source: 'IMPORT' | 'MANUAL'
}

export function insertSales(db: Db, lines: SaleValues[], userId: number, at: string) {
  const insert = db.query(
    `INSERT INTO sales_lines (date_from, date_to, sold_at, pos, code, name, recipe_id, quantity, net_sales, source, created_by, created_at)
     VALUES ($date_from, $date_to, $sold_at, $pos, $code, $name, $recipe_id, $quantity, $net_sales, $source, $userId, $at)`,
  )
  for (const l of lines) insert.run({ ...l, userId, at })
}

export const dayLines = (db: Db, date: string) =>
  db.query(`${RESOLVED} WHERE s.date_from = $date AND s.date_to = $date ORDER BY s.id`).all({ date }) as ResolvedSaleRow[]

/**
 * Stored sales lines of a window [fromAt, toAt): a timed line when its instant falls inside, a day's or a
 * period's summary when its days lie within [dayFrom, dayTo] (the whole days the window covers).
 */
export const linesIn = (db: Db, w: { fromAt: string; toAt: string; dayFrom: string; dayTo: string }) =>
  db
    .query(
      `${RESOLVED} WHERE (s.sold_at IS NOT NULL AND s.sold_at >= $fromAt AND s.sold_at < $toAt)
         OR (s.sold_at IS NULL AND s.date_from >= $dayFrom AND s.date_to <= $dayTo)`,
    )
    .all(w) as ResolvedSaleRow[]

/** Quantities sold per dish in a window (the lines linesIn reads, MAPPED only, summed in SQL): hundredths. */
export const soldIn = (db: Db, w: { fromAt: string; toAt: string; dayFrom: string; dayTo: string }) =>
  db
    .query(
      `SELECT recipe_id, sum(quantity) AS quantity FROM (${RESOLVED} WHERE (s.sold_at IS NOT NULL AND s.sold_at >= $fromAt AND s.sold_at < $toAt)
         OR (s.sold_at IS NULL AND s.date_from >= $dayFrom AND s.date_to <= $dayTo))
       WHERE status = 'MAPPED' GROUP BY recipe_id`,
    )
    .all(w) as { recipe_id: number; quantity: number }[]

export const unmappedCodes = (db: Db) =>
  db
    .query(
      `SELECT pos, code, min(name) AS name, sum(quantity) AS quantity, sum(net_sales) AS net_sales, count(*) AS lines, min(date_from) AS first_date, max(date_to) AS last_date
       FROM (${RESOLVED}) WHERE status = 'UNMAPPED' GROUP BY pos COLLATE NOCASE, code COLLATE NOCASE ORDER BY sum(net_sales) DESC, code`,
    )
    .all() as { pos: string; code: string; name: string | null; quantity: number; net_sales: number; lines: number; first_date: string; last_date: string }[]

export const mappings = (db: Db, pos?: string) =>
  db
    .query(
      `SELECT m.pos, m.code, m.recipe_id, r.name AS recipe_name, m.updated_at FROM sales_mappings m LEFT JOIN recipes r ON r.id = m.recipe_id
       WHERE $pos IS NULL OR m.pos = $pos ORDER BY m.pos, m.code`,
    )
    .all({ pos: pos ?? null }) as { pos: string; code: string; recipe_id: number | null; recipe_name: string | null; updated_at: string }[]

export const mappingOf = (db: Db, pos: string, code: string) => mappings(db, pos).find((m) => m.code.toLowerCase() === code.toLowerCase()) ?? null

export function saveMapping(db: Db, pos: string, code: string, recipeId: number | null, userId: number, at: string) {
  db.query(
    `INSERT INTO sales_mappings (pos, code, recipe_id, updated_by, updated_at) VALUES ($pos, $code, $recipeId, $userId, $at)
     ON CONFLICT(pos, code) DO UPDATE SET recipe_id = excluded.recipe_id, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  ).run({ pos, code, recipeId, userId, at })
}

export const activeMenuRecipe = (db: Db, id: number) =>
  db.query(`SELECT id, name FROM recipes WHERE id = $id AND kind = 'MENU' AND is_active = 1`).get({ id }) as { id: number; name: string } | null

/** Tills named on imports or mappings ('' left out), most recently used first. */
export const sources = (db: Db) =>
  db
    .query(
      `SELECT pos, sum(mappings) AS mappings, sum(lines) AS lines, max(last_used) AS last_used FROM (
         SELECT pos, count(*) AS mappings, 0 AS lines, max(updated_at) AS last_used FROM sales_mappings WHERE pos <> '' GROUP BY pos
         UNION ALL
         SELECT pos, 0, count(*), max(created_at) FROM sales_lines WHERE pos <> '' GROUP BY pos)
       GROUP BY pos COLLATE NOCASE ORDER BY max(last_used) DESC, pos`,
    )
    .all() as { pos: string; mappings: number; lines: number; last_used: string | null }[]

/** A till's name as first written ("Square" for "square"), so one till is not listed twice. */
export function canonicalPos(db: Db, pos: string): string {
  if (!pos) return ''
  const r = db
    .query(`SELECT pos FROM (SELECT pos, updated_at AS at FROM sales_mappings WHERE pos = $pos UNION ALL SELECT pos, created_at FROM sales_lines WHERE pos = $pos) ORDER BY at LIMIT 1`)
    .get({ pos }) as { pos: string } | null
  return r?.pos ?? pos
}
