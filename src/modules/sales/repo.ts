import type { SaleStatus } from '../../contract/recipes'
import type { Db } from '../../db/open'

// Sales lines and code mappings. A line's dish is resolved when read: the grid's recipe, else the
// saved mapping of its code (a mapping to nothing ignores it), else the active MENU recipe with that sales code.

export interface ResolvedSaleRow {
  id: number
  date_from: string
  date_to: string
  code: string | null
  name: string | null
  quantity: number
  net_sales: number
  source: 'IMPORT' | 'MANUAL'
  recipe_id: number | null
  recipe_name: string | null
  status: SaleStatus
}

export const RESOLVED = `SELECT s.id, s.date_from, s.date_to, s.code, s.name, s.quantity, s.net_sales, s.source,
    CASE WHEN s.recipe_id IS NOT NULL THEN s.recipe_id WHEN m.code IS NOT NULL THEN m.recipe_id ELSE r.id END AS recipe_id,
    coalesce(g.name, mr.name, r.name) AS recipe_name,
    CASE WHEN s.recipe_id IS NOT NULL THEN 'MAPPED'
         WHEN m.code IS NOT NULL THEN (CASE WHEN m.recipe_id IS NULL THEN 'IGNORED' ELSE 'MAPPED' END)
         WHEN r.id IS NOT NULL THEN 'MAPPED' ELSE 'UNMAPPED' END AS status
  FROM sales_lines s
  LEFT JOIN recipes g ON g.id = s.recipe_id
  LEFT JOIN sales_mappings m ON s.recipe_id IS NULL AND m.code = s.code
  LEFT JOIN recipes mr ON mr.id = m.recipe_id
  LEFT JOIN recipes r ON s.recipe_id IS NULL AND m.code IS NULL AND r.sales_code = s.code COLLATE NOCASE AND r.is_active = 1 AND r.kind = 'MENU'`

/** How each code resolves today (for an import's preview). */
export function resolveCode(db: Db, code: string): { status: SaleStatus; recipe_id: number | null; recipe_name: string | null } {
  const m = db.query('SELECT m.recipe_id, r.name FROM sales_mappings m LEFT JOIN recipes r ON r.id = m.recipe_id WHERE m.code = $code').get({ code }) as { recipe_id: number | null; name: string | null } | null
  if (m) return m.recipe_id === null ? { status: 'IGNORED', recipe_id: null, recipe_name: null } : { status: 'MAPPED', recipe_id: m.recipe_id, recipe_name: m.name }
  const r = db.query(`SELECT id, name FROM recipes WHERE sales_code = $code COLLATE NOCASE AND is_active = 1 AND kind = 'MENU'`).get({ code }) as { id: number; name: string } | null
  return r ? { status: 'MAPPED', recipe_id: r.id, recipe_name: r.name } : { status: 'UNMAPPED', recipe_id: null, recipe_name: null }
}

/** Lines of these whole days, or lying inside the period, that an import over them replaces. */
export function countReplaced(db: Db, days: string[], period: { from: string; to: string } | null) {
  const { n } = db
    .query(
      `SELECT count(*) AS n FROM sales_lines WHERE (date_from = date_to AND date_from IN (SELECT value FROM json_each($days)))
         OR ($from IS NOT NULL AND date_from >= $from AND date_to <= $to)`,
    )
    .get({ days: JSON.stringify(days), from: period?.from ?? null, to: period?.to ?? null }) as { n: number }
  return n
}

export function deleteReplaced(db: Db, days: string[], period: { from: string; to: string } | null) {
  db.query(
    `DELETE FROM sales_lines WHERE (date_from = date_to AND date_from IN (SELECT value FROM json_each($days)))
       OR ($from IS NOT NULL AND date_from >= $from AND date_to <= $to)`,
  ).run({ days: JSON.stringify(days), from: period?.from ?? null, to: period?.to ?? null })
}

export interface SaleValues {
  date_from: string
  date_to: string
  code: string | null
  name: string | null
  recipe_id: number | null
  quantity: number
  net_sales: number
  source: 'IMPORT' | 'MANUAL'
}

export function insertSales(db: Db, lines: SaleValues[], userId: number, at: string) {
  const insert = db.query(
    `INSERT INTO sales_lines (date_from, date_to, code, name, recipe_id, quantity, net_sales, source, created_by, created_at)
     VALUES ($date_from, $date_to, $code, $name, $recipe_id, $quantity, $net_sales, $source, $userId, $at)`,
  )
  for (const l of lines) insert.run({ ...l, userId, at })
}

export const dayLines = (db: Db, date: string) =>
  db.query(`${RESOLVED} WHERE s.date_from = $date AND s.date_to = $date ORDER BY s.id`).all({ date }) as ResolvedSaleRow[]

/** Stored sales lines inside a period (a period line counts when it lies wholly inside). */
export const linesIn = (db: Db, from: string, to: string) =>
  db.query(`${RESOLVED} WHERE s.date_from >= $from AND s.date_to <= $to`).all({ from, to }) as ResolvedSaleRow[]

export const unmappedCodes = (db: Db) =>
  db
    .query(
      `SELECT code, min(name) AS name, sum(quantity) AS quantity, sum(net_sales) AS net_sales, count(*) AS lines, min(date_from) AS first_date, max(date_to) AS last_date
       FROM (${RESOLVED}) WHERE status = 'UNMAPPED' GROUP BY code COLLATE NOCASE ORDER BY sum(net_sales) DESC, code`,
    )
    .all() as { code: string; name: string | null; quantity: number; net_sales: number; lines: number; first_date: string; last_date: string }[]

export const mappings = (db: Db) =>
  db.query('SELECT m.code, m.recipe_id, r.name AS recipe_name, m.updated_at FROM sales_mappings m LEFT JOIN recipes r ON r.id = m.recipe_id ORDER BY m.code').all() as {
    code: string
    recipe_id: number | null
    recipe_name: string | null
    updated_at: string
  }[]

export function saveMapping(db: Db, code: string, recipeId: number | null, userId: number, at: string) {
  db.query(
    `INSERT INTO sales_mappings (code, recipe_id, updated_by, updated_at) VALUES ($code, $recipeId, $userId, $at)
     ON CONFLICT(code) DO UPDATE SET recipe_id = excluded.recipe_id, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
  ).run({ code, recipeId, userId, at })
}

export const activeMenuRecipe = (db: Db, id: number) =>
  db.query(`SELECT id, name FROM recipes WHERE id = $id AND kind = 'MENU' AND is_active = 1`).get({ id }) as { id: number; name: string } | null
