import { accountLockedFor, PROFILE_EMAIL_NEEDS_PASSWORD, serverBusy, type LoginResult, type ProfileResult, type User } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import type { Db } from '../../db/open'
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import type { Mailer } from '../../lib/mailer'
import { recordAudit } from '../audit'
import type { SettingsService } from '../settings'
import { createGate, type Lockout } from './lockout'
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords'
import { findUserByEmail, findUserById, recordLogin, saveProfile, setPasswordHash, toUser, type UserRow } from '../users'
import type { Tokens } from './tokens'

export type AuthService = ReturnType<typeof createAuthService>

export function createAuthService(deps: { db: Db; clock: Clock; tokens: Tokens; lockout: Lockout; settings: SettingsService; mailer: Mailer; logger: Logger }) {
  const { db, clock, tokens, lockout, settings } = deps
  // argon2id takes 19 MiB and a core for ~50 ms: a Pi checks 4 at once, 64 wait, the rest are told to retry.
  const passwordChecks = createGate(4, 64)
  const sessionUsers = sessionUserCache(db)

  /** Tells the old address that the account's email changed: whoever lost it learns it at once. */
  async function noticeEmailChanged(before: { name: string; email: string }, newEmail: string) {
    const s = settings.get()
    try {
      const sent = await deps.mailer.send({
        to: before.email,
        subject: `${s.restaurant_name}: your sign-in email was changed`,
        text: `Hello ${before.name},\n\nThe sign-in email of your ${s.restaurant_name} account was changed from ${before.email} to ${newEmail}.\n\nIf it was not you, tell your Manager at once.\n`,
      })
      if (!sent) deps.logger.info('Email change notice (no SMTP server is set in Settings, so it is written here)', { email: before.email, new_email: newEmail })
    } catch (error) {
      deps.logger.error('Email change notice could not be sent', { email: before.email, error: String(error) })
    }
  }

  return {
    /** Signs in; answers never say whether the email exists. */
    async login(email: string, password: string, address: string): Promise<LoginResult> {
      // Reserved before any await: parallel guesses are counted as they arrive, not after argon2.
      const attempt = lockout.reserve(email, address)
      if (attempt.locked) throw tooManyRequests(accountLockedFor(attempt.minutes))
      const row = findUserByEmail(db, email)
      const valid = await passwordChecks.run(async () => verifyPassword(password, row?.password_hash ?? (await decoyPasswordHash())))
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
      recordLogin(db, row.id, at)
      const token = await tokens.sign({ sub: String(row.id), role: row.role_name, tv: row.token_version, sid: row.sid }, settings.get().token_hours)
      return { user: toUser({ ...row, last_login_at: at }), token }
    },

    /** Reads the bearer token and re-reads its user: inactive or a changed token version ends the session. */
    async authenticate(authorization: string | null): Promise<User> {
      const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
      if (!token) throw unauthorized(MSG.signInRequired)
      const claims = await tokens.verify(token)
      const known = claims && /^\d+$/.test(claims.sub) ? sessionUsers.find(Number(claims.sub)) : null
      const row = known?.row
      if (!claims || !row || row.is_active !== 1 || row.token_version !== claims.tv || row.sid !== claims.sid) throw unauthorized(MSG.sessionEnded)
      return known.user
    },

    /**
     * Name, email and (when typed) a new password, saved together or not at all. A new email or
     * password needs the current password; the old address is told of a new one.
     */
    async updateProfile(userId: number, input: { name: string; email: string; currentPassword?: string; newPassword?: string }): Promise<ProfileResult> {
      const before = findUserById(db, userId)!
      const emailChanges = input.email !== before.email
      const newPassword = input.newPassword || null
      if (emailChanges || newPassword) {
        if (!input.currentPassword) throw badRequest(emailChanges ? PROFILE_EMAIL_NEEDS_PASSWORD : MSG.currentPasswordRequired)
        const valid = await passwordChecks.run(() => verifyPassword(input.currentPassword!, before.password_hash))
        if (valid === null) throw tooManyRequests(serverBusy)
        if (!valid) throw new AppError(400, MSG.currentPasswordWrong)
      }
      const hash = newPassword ? await hashPassword(newPassword) : null
      const at = clock().toISOString()
      db.transaction(() => {
        const taken = findUserByEmail(db, input.email)
        if (taken && taken.id !== userId) throw conflict(MSG.emailTaken)
        // The password checked above must still be the account's: a change in between voids this save.
        const changed = saveProfile(db, { id: userId, name: input.name, email: input.email, hash, at, tv: before.token_version })
        if (changed !== 1) throw unauthorized(MSG.sessionEnded)
        const details = { name: input.name, email: input.email, ...(before.name !== input.name ? { previous_name: before.name } : {}), ...(emailChanges ? { previous_email: before.email } : {}) }
        recordAudit(db, { userId, action: 'update-profile', entity: 'user', entityId: userId, details, at })
        if (hash) recordAudit(db, { userId, action: 'change-password', entity: 'user', entityId: userId, at })
      }).immediate()
      if (emailChanges) void noticeEmailChanged(before, input.email)
      const fresh = findUserById(db, userId)!
      if (!hash) return toUser(fresh)
      const token = await tokens.sign({ sub: String(fresh.id), role: fresh.role_name, tv: fresh.token_version, sid: fresh.sid }, settings.get().token_hours)
      return { ...toUser(fresh), token }
    },

    /** Changes one's own password; every other session of the account ends (token version bump). */
    async changePassword(userId: number, currentPassword: string, newPassword: string): Promise<LoginResult> {
      const row = findUserById(db, userId)!
      if (!(await verifyPassword(currentPassword, row.password_hash))) throw new AppError(400, MSG.currentPasswordWrong)
      const hash = await hashPassword(newPassword)
      const at = clock().toISOString()
      db.transaction(() => {
        setPasswordHash(db, userId, hash, at)
        recordAudit(db, { userId, action: 'change-password', entity: 'user', entityId: userId, at })
      }).immediate()
      // The caller keeps working with a fresh token; old ones are void.
      const fresh = findUserById(db, userId)!
      const token = await tokens.sign({ sub: String(fresh.id), role: fresh.role_name, tv: fresh.token_version, sid: fresh.sid }, settings.get().token_hours)
      return { user: toUser(fresh), token }
    },
  }
}

/**
 * The user behind each request, re-read only when the database has changed since: total_changes() counts every
 * write of this server's connection, data_version every commit of another (`rims create-manager` while it runs).
 * Both in one table-free statement: a fraction of the user + role join it saves on every signed-in request.
 */
function sessionUserCache(db: Db) {
  const stamp = db.query('SELECT total_changes() AS n, (SELECT data_version FROM pragma_data_version) AS v')
  // The answer's User is made once per re-read too (frozen: every request of the account shares it).
  const known = new Map<number, { row: UserRow; user: User; n: number; v: number }>()
  return {
    find(id: number): { row: UserRow; user: User } | null {
      const { n, v } = stamp.get() as { n: number; v: number }
      const hit = known.get(id)
      if (hit && hit.n === n && hit.v === v) return hit
      const row = findUserById(db, id)
      if (!row) return (known.delete(id), null)
      const fresh = { row, user: Object.freeze(toUser(row)), n, v }
      known.set(id, fresh)
      return fresh
    },
  }
}
