import type { Supplier, SupplierInput } from '../../contract/stock'
import { containsPattern } from '../../db/like'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

const SELECT = `SELECT s.id, s.name, s.contact_person, s.email, s.phone, s.address, s.tax_id, s.created_at, s.updated_at,
  (SELECT count(*) FROM items i WHERE i.supplier_id = s.id AND i.is_active = 1) AS item_count
  FROM suppliers s`

const SEARCH = `WHERE ($q IS NULL OR s.name LIKE $q ESCAPE '\\' OR s.contact_person LIKE $q ESCAPE '\\' OR s.email LIKE $q ESCAPE '\\' OR s.phone LIKE $q ESCAPE '\\')`

export function listSuppliers(db: Db, o: { q?: string; limit: number; offset: number }): { rows: Supplier[]; total: number } {
  const q = o.q ? containsPattern(o.q) : null
  const rows = db.query(`${SELECT} ${SEARCH} ORDER BY s.name COLLATE NOCASE, s.id LIMIT ${sqlInteger(o.limit)} OFFSET $offset`).all({ q, offset: o.offset }) as Supplier[]
  const { total } = db.query(`SELECT count(*) AS total FROM suppliers s ${SEARCH}`).get({ q }) as { total: number }
  return { rows, total }
}

export const findSupplier = (db: Db, id: number) => db.query(`${SELECT} WHERE s.id = $id`).get({ id }) as Supplier | null

const params = (s: SupplierInput) => ({
  name: s.name,
  contact_person: s.contact_person ?? null,
  email: s.email ?? null,
  phone: s.phone ?? null,
  address: s.address ?? null,
  tax_id: s.tax_id ?? null,
  keep_tax_id: s.tax_id === undefined ? 1 : 0,
})

export function insertSupplier(db: Db, s: SupplierInput, at: string): number {
  return (
    db
      .query(
        `INSERT INTO suppliers (name, contact_person, email, phone, address, tax_id, created_at, updated_at)
         VALUES ($name, $contact_person, $email, $phone, $address, $tax_id, $at, $at) RETURNING id`,
      )
      .get({ ...params(s), at }) as { id: number }
  ).id
}

export function updateSupplier(db: Db, id: number, s: SupplierInput, at: string) {
  db.query(
    `UPDATE suppliers SET name = $name, contact_person = $contact_person, email = $email, phone = $phone, address = $address,
       tax_id = CASE WHEN $keep_tax_id = 1 THEN tax_id ELSE $tax_id END, updated_at = $at
     WHERE id = $id`,
  ).run({ ...params(s), id, at })
}

export const deleteSupplier = (db: Db, id: number) => db.query('DELETE FROM suppliers WHERE id = $id').run({ id })

export const supplierUsage = (db: Db, id: number) =>
  db.query('SELECT count(*) AS total, coalesce(sum(is_active = 0), 0) AS inactive FROM items WHERE supplier_id = $id').get({ id }) as { total: number; inactive: number }

/** Per supplier: active items and their stock value in cents (each row's value rounded half-up, then summed). */
export const supplierTotals = (db: Db) =>
  db
    .query(
      `SELECT s.id, s.name, count(i.id) AS item_count, coalesce(sum((i.cost_e5 * i.current_quantity + 50000) / 100000), 0) AS value_cents
       FROM suppliers s LEFT JOIN items i ON i.supplier_id = s.id AND i.is_active = 1
       GROUP BY s.id ORDER BY s.name COLLATE NOCASE, s.id`,
    )
    .all() as { id: number; name: string; item_count: number; value_cents: number }[]

/** A supplier written by another module (the import, the demo): updated when `id` is given, else created; returns its id. */
export function upsertSupplier(db: Db, id: number | null, s: SupplierInput, at: string): number {
  if (id === null) return insertSupplier(db, s, at)
  updateSupplier(db, id, s, at)
  return id
}

/** Every supplier by name, for export and import (item_count not counted: 0). */
export const allSuppliers = (db: Db) =>
  db
    .query('SELECT id, name, contact_person, email, phone, address, tax_id, 0 AS item_count, created_at, updated_at FROM suppliers ORDER BY name COLLATE NOCASE, id')
    .all() as Supplier[]
