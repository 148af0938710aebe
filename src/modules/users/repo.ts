import type { User } from '../../contract/auth'
import type { Db } from '../../db/open'
import { containsPattern } from '../../db/like'
import { sqlInteger } from '../../db/sql-integer'

export interface UserRow {
  id: number
  name: string
  email: string
  role_id: number
  role_name: string
  is_active: number
  token_version: number
  sid: string
  password_hash: string
  last_login_at: string | null
  created_at: string
}

export const USER_COLUMNS = `u.id, u.name, u.email, u.role_id, r.role_name, u.is_active, u.token_version, u.sid,
  u.password_hash, u.last_login_at, u.created_at`

/** The public face of a user row: no hash, no token version. */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role_id: row.role_id,
  role_name: row.role_name,
  is_active: row.is_active === 1,
  last_login_at: row.last_login_at,
  created_at: row.created_at,
})

export const findUserById = (db: Db, id: number) =>
  db.query(`SELECT ${USER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $id`).get({ id }) as UserRow | null

export const findUserByEmail = (db: Db, email: string) =>
  db.query(`SELECT ${USER_COLUMNS} FROM users u JOIN roles r ON r.id = u.role_id WHERE u.email = $email`).get({ email }) as UserRow | null

/** A successful sign-in. */
export const recordLogin = (db: Db, id: number, at: string) => db.query('UPDATE users SET last_login_at = $at WHERE id = $id').run({ at, id })

/**
 * One's own name, email and (when given) password hash, only while the token version is still `tv`
 * (a change in between voids the save); a new hash ends the other sessions. Returns the rows changed.
 */
export const saveProfile = (db: Db, p: { id: number; name: string; email: string; hash: string | null; at: string; tv: number }) =>
  db
    .query(
      `UPDATE users SET name = $name, email = $email, password_hash = coalesce($hash, password_hash),
         token_version = token_version + $bump, updated_at = $at WHERE id = $id AND token_version = $tv`,
    )
    .run({ name: p.name, email: p.email, hash: p.hash, bump: p.hash ? 1 : 0, at: p.at, id: p.id, tv: p.tv }).changes

export const roleIdByName = (db: Db, roleName: string) =>
  (db.query('SELECT id FROM roles WHERE role_name = $roleName').get({ roleName }) as { id: number } | null)?.id ?? null

/** Inserts a user with an already hashed password; returns the new id. */
export function insertUser(db: Db, u: { name: string; email: string; passwordHash: string; roleId: number; at: string }): number {
  const row = db
    .query(
      `INSERT INTO users (name, email, password_hash, role_id, is_active, token_version, created_at, updated_at)
       VALUES ($name, $email, $passwordHash, $roleId, 1, 0, $at, $at) RETURNING id`,
    )
    .get(u) as { id: number }
  return row.id
}

export interface UserFilter {
  q?: string
  role?: string
  active?: boolean
}

const FROM = 'FROM users u JOIN roles r ON r.id = u.role_id'

function where(f: UserFilter) {
  const parts: string[] = []
  const params: Record<string, string | number> = {}
  if (f.q) {
    parts.push(`(u.name LIKE $q ESCAPE '\\' OR u.email LIKE $q ESCAPE '\\')`)
    params.q = containsPattern(f.q)
  }
  if (f.role) {
    parts.push('r.role_name = $role') // roles.role_name is COLLATE NOCASE
    params.role = f.role
  }
  if (f.active !== undefined) {
    parts.push('u.is_active = $active')
    params.active = f.active ? 1 : 0
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

/** One page of users, or every one (`page` null). */
export function listUsers(db: Db, f: UserFilter, page: { limit: number; offset: number } | null) {
  const w = where(f)
  const paging = page ? `LIMIT ${sqlInteger(page.limit)} OFFSET $offset` : ''
  const rows = db.query(`SELECT ${USER_COLUMNS} ${FROM} ${w.sql} ORDER BY u.name COLLATE NOCASE, u.id ${paging}`).all(page ? { ...w.params, offset: page.offset } : w.params) as UserRow[]
  const { total } = db.query(`SELECT count(*) AS total ${FROM} ${w.sql}`).get(w.params) as { total: number }
  return { rows, total }
}

export const recentLogins = (db: Db, limit: number) =>
  db.query(`SELECT ${USER_COLUMNS} ${FROM} WHERE u.last_login_at IS NOT NULL ORDER BY u.last_login_at DESC, u.id LIMIT ${sqlInteger(limit)}`).all() as UserRow[]

export const neverLoggedIn = (db: Db) =>
  db.query(`SELECT ${USER_COLUMNS} ${FROM} WHERE u.last_login_at IS NULL ORDER BY u.name COLLATE NOCASE, u.id`).all() as UserRow[]

export const userIdByEmail = (db: Db, email: string) =>
  (db.query('SELECT id FROM users WHERE email = $email').get({ email }) as { id: number } | null)?.id ?? null

export const updateUser = (db: Db, u: { id: number; name: string; email: string; roleId: number; at: string }) =>
  db.query('UPDATE users SET name = $name, email = $email, role_id = $roleId, updated_at = $at WHERE id = $id').run(u)

export const setPasswordHash = (db: Db, id: number, hash: string, at: string) =>
  db.query('UPDATE users SET password_hash = $hash, token_version = token_version + 1, updated_at = $at WHERE id = $id').run({ id, hash, at })

/** Deactivating bumps the token version, so every session of the account ends at once. */
export const setActive = (db: Db, id: number, active: boolean, at: string) =>
  db
    .query(`UPDATE users SET is_active = $active, token_version = token_version + $bump, updated_at = $at WHERE id = $id`)
    .run({ id, active: active ? 1 : 0, bump: active ? 0 : 1, at })

export const deleteUser = (db: Db, id: number) => db.query('DELETE FROM users WHERE id = $id').run({ id })

export const countActiveManagers = (db: Db) =>
  (db.query(`SELECT count(*) AS n ${FROM} WHERE u.is_active = 1 AND r.role_name = 'Manager'`).get() as { n: number }).n

export function userStats(db: Db) {
  const totals = db.query('SELECT count(*) AS total, coalesce(sum(is_active), 0) AS active FROM users').get() as { total: number; active: number }
  const byRole = db
    .query('SELECT r.role_name, count(u.id) AS count FROM roles r LEFT JOIN users u ON u.role_id = r.id GROUP BY r.id ORDER BY r.id')
    .all() as { role_name: string; count: number }[]
  return { total: totals.total, active: totals.active, inactive: totals.total - totals.active, by_role: byRole }
}

/**
 * Rows that tie a person to what happened in RIMS; any of them makes a delete a 409 (deactivate instead).
 * Found from the schema: every foreign key to users that does not cascade (audit_log as actor, and the
 * stock, kitchen and request tables that later features add). A history column without a foreign
 * key goes in EXTRA_HISTORY.
 */
export const EXTRA_HISTORY: { table: string; column: string }[] = []

export function userHasHistory(db: Db, id: number): boolean {
  return historyColumns(db).some(({ table, column }) => db.query(`SELECT 1 FROM "${table}" WHERE "${column}" = $id LIMIT 1`).get({ id }) !== null)
}

function historyColumns(db: Db): { table: string; column: string }[] {
  const tables = db.query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]
  const found = tables.flatMap(({ name }) =>
    (db.query('SELECT "table" AS target, "from" AS column, on_delete FROM pragma_foreign_key_list($name)').all({ name }) as { target: string; column: string; on_delete: string }[])
      .filter((fk) => fk.target === 'users' && fk.on_delete !== 'CASCADE' && fk.on_delete !== 'SET NULL')
      .map((fk) => ({ table: name, column: fk.column })),
  )
  return [...found, ...EXTRA_HISTORY]
}

export const roleExists = (db: Db, id: number) => db.query('SELECT 1 FROM roles WHERE id = $id').get({ id }) !== null
