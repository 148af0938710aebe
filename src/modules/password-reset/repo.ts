import type { Db } from '../../db/open'

export interface ResetTokenRow {
  id: number
  user_id: number
  email: string
}

/** Older unused tokens of an account are voided when a new one is made. */
export const voidUnusedTokens = (db: Db, userId: number, at: string) =>
  db.query('UPDATE password_reset_tokens SET used_at = $at WHERE user_id = $userId AND used_at IS NULL').run({ userId, at })

/** Used and expired tokens serve nobody: deleted so the table holds at most one row per account. */
export const pruneTokens = (db: Db, now: string) =>
  db.query('DELETE FROM password_reset_tokens WHERE used_at IS NOT NULL OR expires_at <= $now').run({ now })

/** When the account's live token was made, or null. */
export const liveTokenCreatedAt = (db: Db, userId: number, now: string) =>
  (
    db.query('SELECT max(created_at) AS at FROM password_reset_tokens WHERE user_id = $userId AND used_at IS NULL AND expires_at > $now').get({ userId, now }) as {
      at: string | null
    }
  ).at

export const insertToken = (db: Db, t: { userId: number; tokenHash: string; expiresAt: string; at: string }) =>
  db.query('INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, created_at) VALUES ($userId, $tokenHash, $expiresAt, $at)').run(t)

/** A token that can still be used: unused, not expired, of an active account. */
export const findUsableToken = (db: Db, tokenHash: string, now: string) =>
  db
    .query(
      `SELECT t.id, t.user_id, u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $tokenHash AND t.used_at IS NULL AND t.expires_at > $now AND u.is_active = 1`,
    )
    .get({ tokenHash, now }) as ResetTokenRow | null

/** Marks the token used; 0 changes means another request used it first. */
export const useToken = (db: Db, id: number, at: string) =>
  db.query('UPDATE password_reset_tokens SET used_at = $at WHERE id = $id AND used_at IS NULL').run({ id, at })

export const findAccountByEmail = (db: Db, email: string) =>
  db.query('SELECT id, name, email, is_active FROM users WHERE email = $email').get({ email }) as { id: number; name: string; email: string; is_active: number } | null
