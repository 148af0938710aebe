import { accountLockedFor, serverBusy, type LoginResult, type User } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import type { Db } from '../../db/open'
import { AppError, conflict, tooManyRequests, unauthorized } from '../../http/errors'
import type { Clock } from '../../lib/clock'
import { recordAudit } from '../audit/audit'
import type { SettingsService } from '../settings/service'
import { createGate, type Lockout } from './lockout'
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords'
import { findUserByEmail, findUserById, toUser } from './repo'
import type { Tokens } from './tokens'

export type AuthService = ReturnType<typeof createAuthService>

export function createAuthService(deps: { db: Db; clock: Clock; tokens: Tokens; lockout: Lockout; settings: SettingsService }) {
  const { db, clock, tokens, lockout, settings } = deps
  // argon2id takes 19 MiB and a core for ~50 ms: a Pi checks 4 at once, 64 wait, the rest are told to retry.
  const passwordChecks = createGate(4, 64)

  return {
    /** Signs in; answers never say whether the email exists. */
    async login(email: string, password: string, address: string): Promise<LoginResult> {
      // Reserved before any await: parallel guesses are counted as they arrive, not after argon2.
      const attempt = lockout.reserve(email, address)
      if (attempt.locked) throw tooManyRequests(accountLockedFor(attempt.minutes))
      const row = findUserByEmail(db, email)
      const decoy = await decoyPasswordHash()
      const valid = await passwordChecks.run(() => verifyPassword(password, row?.password_hash ?? decoy))
      if (valid === null) {
        attempt.release()
        throw tooManyRequests(serverBusy)
      }
      if (!row || !valid || row.is_active !== 1) {
        const failure = attempt.failed()
        if (failure.locked) throw tooManyRequests(accountLockedFor(failure.minutes))
        throw unauthorized(MSG.invalidCredentials)
      }
      attempt.succeeded()
      const at = clock().toISOString()
      db.query('UPDATE users SET last_login_at = $at WHERE id = $id').run({ at, id: row.id })
      const token = await tokens.sign({ sub: String(row.id), role: row.role_name, tv: row.token_version, sid: row.sid }, settings.get().token_hours)
      return { user: toUser({ ...row, last_login_at: at }), token }
    },

    /** Reads the bearer token and re-reads its user: inactive or a changed token version ends the session. */
    async authenticate(authorization: string | null): Promise<User> {
      const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
      if (!token) throw unauthorized(MSG.signInRequired)
      const claims = await tokens.verify(token)
      const row = claims && /^\d+$/.test(claims.sub) ? findUserById(db, Number(claims.sub)) : null
      if (!claims || !row || row.is_active !== 1 || row.token_version !== claims.tv || row.sid !== claims.sid) throw unauthorized(MSG.sessionEnded)
      return toUser(row)
    },

    updateProfile(userId: number, input: { name: string; email: string }): User {
      const at = clock().toISOString()
      const taken = findUserByEmail(db, input.email)
      if (taken && taken.id !== userId) throw conflict(MSG.emailTaken)
      db.transaction(() => {
        db.query('UPDATE users SET name = $name, email = $email, updated_at = $at WHERE id = $id').run({ ...input, at, id: userId })
        recordAudit(db, { userId, action: 'update-profile', entity: 'user', entityId: userId, details: { name: input.name, email: input.email }, at })
      }).immediate()
      return toUser(findUserById(db, userId)!)
    },

    /** Changes one's own password; every other session of the account ends (token version bump). */
    async changePassword(userId: number, currentPassword: string, newPassword: string): Promise<LoginResult> {
      const row = findUserById(db, userId)!
      if (!(await verifyPassword(currentPassword, row.password_hash))) throw new AppError(400, MSG.currentPasswordWrong)
      const hash = await hashPassword(newPassword)
      const at = clock().toISOString()
      db.transaction(() => {
        db.query('UPDATE users SET password_hash = $hash, token_version = token_version + 1, updated_at = $at WHERE id = $id').run({ hash, at, id: userId })
        recordAudit(db, { userId, action: 'change-password', entity: 'user', entityId: userId, at })
      }).immediate()
      // The caller keeps working with a fresh token; old ones are void.
      const fresh = findUserById(db, userId)!
      const token = await tokens.sign({ sub: String(fresh.id), role: fresh.role_name, tv: fresh.token_version, sid: fresh.sid }, settings.get().token_hours)
      return { user: toUser(fresh), token }
    },
  }
}
