import type { Category, CategoryInput } from '../../contract/stock'
import { containsPattern } from '../../db/like'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

const SELECT = `SELECT c.id, c.name, c.description, c.created_at, c.updated_at,
  (SELECT count(*) FROM items i WHERE i.category_id = c.id AND i.is_active = 1) AS item_count
  FROM categories c`

export function listCategories(db: Db, o: { q?: string; limit: number; offset: number }): { rows: Category[]; total: number } {
  const q = o.q ? containsPattern(o.q) : null
  const where = `WHERE ($q IS NULL OR c.name LIKE $q ESCAPE '\\' OR c.description LIKE $q ESCAPE '\\')`
  const rows = db.query(`${SELECT} ${where} ORDER BY c.name COLLATE NOCASE, c.id LIMIT ${sqlInteger(o.limit)} OFFSET $offset`).all({ q, offset: o.offset }) as Category[]
  const { total } = db.query(`SELECT count(*) AS total FROM categories c ${where}`).get({ q }) as { total: number }
  return { rows, total }
}

export const findCategory = (db: Db, id: number) => db.query(`${SELECT} WHERE c.id = $id`).get({ id }) as Category | null

export const categoryNameTaken = (db: Db, name: string, exceptId = 0) =>
  db.query('SELECT 1 FROM categories WHERE name = $name AND id <> $exceptId').get({ name, exceptId }) !== null

export function insertCategory(db: Db, c: CategoryInput, at: string): number {
  return (
    db.query('INSERT INTO categories (name, description, created_at, updated_at) VALUES ($name, $description, $at, $at) RETURNING id').get({
      name: c.name,
      description: c.description ?? null,
      at,
    }) as { id: number }
  ).id
}

export function updateCategory(db: Db, id: number, c: CategoryInput, at: string) {
  db.query('UPDATE categories SET name = $name, description = $description, updated_at = $at WHERE id = $id').run({ id, name: c.name, description: c.description ?? null, at })
}

export const deleteCategory = (db: Db, id: number) => db.query('DELETE FROM categories WHERE id = $id').run({ id })

export const countCategories = (db: Db) => (db.query('SELECT count(*) AS n FROM categories').get() as { n: number }).n

/** Items referring to a category, active or not: a category in use cannot be deleted. */
export const categoryUsage = (db: Db, id: number) =>
  db.query('SELECT count(*) AS total, coalesce(sum(is_active = 0), 0) AS inactive FROM items WHERE category_id = $id').get({ id }) as { total: number; inactive: number }

/** A category written by another module (the import, the demo): updated when `id` is given, else created; returns its id. */
export function upsertCategory(db: Db, id: number | null, c: CategoryInput, at: string): number {
  if (id === null) return insertCategory(db, c, at)
  updateCategory(db, id, c, at)
  return id
}

/** Every category by name, for export and import (item_count not counted: 0). */
export const allCategories = (db: Db) =>
  db.query('SELECT id, name, description, 0 AS item_count, created_at, updated_at FROM categories ORDER BY name COLLATE NOCASE, id').all() as Category[]
