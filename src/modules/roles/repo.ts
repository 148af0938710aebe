import type { Db } from '../../db/open'

export interface RoleRow {
  id: number
  role_name: string
  is_builtin: number
  user_count: number
}

const ROLE_SELECT = `SELECT r.id, r.role_name, r.is_builtin, (SELECT count(*) FROM users u WHERE u.role_id = r.id) AS user_count FROM roles r`

export const listRoles = (db: Db) => db.query(`${ROLE_SELECT} ORDER BY r.id`).all() as RoleRow[]

export const findRole = (db: Db, id: number) => db.query(`${ROLE_SELECT} WHERE r.id = $id`).get({ id }) as RoleRow | null

/** role_name is COLLATE NOCASE: 'chef' finds 'Chef'. */
export const findRoleByName = (db: Db, roleName: string) => db.query(`${ROLE_SELECT} WHERE r.role_name = $roleName`).get({ roleName }) as RoleRow | null

export const insertRole = (db: Db, roleName: string, at: string) =>
  (db.query('INSERT INTO roles (role_name, is_builtin, created_at) VALUES ($roleName, 0, $at) RETURNING id').get({ roleName, at }) as { id: number }).id

export const renameRole = (db: Db, id: number, roleName: string) => db.query('UPDATE roles SET role_name = $roleName WHERE id = $id').run({ id, roleName })

export const deleteRole = (db: Db, id: number) => db.query('DELETE FROM roles WHERE id = $id').run({ id })
