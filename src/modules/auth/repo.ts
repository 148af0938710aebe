import type { User } from '../../contract/auth'
import type { Db } from '../../db/open'

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
