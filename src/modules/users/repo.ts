import type { Db } from '../../db/open'

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
