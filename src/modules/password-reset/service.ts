import { MSG } from '../../contract/messages'
import type { Db } from '../../db/open'
import { badRequest } from '../../lib/errors'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import type { Mailer } from '../../lib/mailer'
import { recordAudit } from '../audit'
import { hashPassword } from '../../lib/passwords'
import type { SettingsService } from '../settings'
import type { TlsInfo } from '../../tls/info'
import { phoneUrl } from '../../tls/urls'
import { createRateLimit } from './rate-limit'
import * as repo from './repo'
import { setPasswordHash } from '../users'

export const RESET_TOKEN_MINUTES = 30
/** At most one mail per account in this time; the link already sent stays valid meanwhile. */
export const RESET_COOLDOWN_MINUTES = 2
/** Forgot-password requests one client address may make in 15 minutes. */
export const RESET_REQUESTS_PER_ADDRESS = 10

export type PasswordResetService = ReturnType<typeof createPasswordResetService>

const sha256 = (token: string) => new Bun.CryptoHasher('sha256').update(token).digest('hex')
const newToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')

/**
 * Reset by mail: 32 random bytes sent, only their SHA-256 stored, 30 minutes, single use. The forgot
 * answer and its timing do not depend on whether the account exists: the same token work is done
 * either way and the mail leaves in the background.
 */
export function createPasswordResetService(deps: { db: Db; clock: Clock; logger: Logger; mailer: Mailer; settings: SettingsService; serverUrl: string; tls?: TlsInfo }) {
  const { db, clock, logger, mailer, settings } = deps
  const perAddress = createRateLimit(clock, { max: RESET_REQUESTS_PER_ADDRESS, windowMs: 15 * 60_000, maxKeys: 10_000 })

  // With HTTPS on, the token must not cross the network in clear text.
  const ownUrl = () => {
    const secure = deps.tls?.urls.filter((u) => u.https) ?? []
    return secure.length ? phoneUrl(secure).https! : deps.serverUrl
  }
  const resetLink = (token: string) => {
    // Never from the request's Host header: a forged Host would send the token to someone else's site.
    const base = (settings.get().public_url || ownUrl()).replace(/\/+$/, '')
    return `${base}/reset-password?token=${token}`
  }

  async function deliver(to: { email: string; name: string }, link: string) {
    const s = settings.get()
    const sent = await mailer.send({
      to: to.email,
      subject: `${s.restaurant_name}: reset your password`,
      text: `Hello ${to.name},\n\nSomeone asked to reset the password of your ${s.restaurant_name} account. Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
    })
    if (!sent) logger.info('Password reset link (no SMTP server is set in Settings, so it is written here)', { email: to.email, link })
  }

  return {
    /** One counted request of a client address; false when it has asked too often (the answer does not depend on the account). */
    allowRequest: (address: string) => perAddress.allow(address),

    /**
     * Always the same answer; returns the background delivery so a caller may wait for it (tests).
     * One live token per account: within the cooldown nothing is written and no mail leaves.
     */
    requestReset(email: string): Promise<void> {
      const token = newToken()
      const tokenHash = sha256(token)
      const now = clock()
      const at = now.toISOString()
      const expiresAt = new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString()
      const cooldownStart = new Date(now.getTime() - RESET_COOLDOWN_MINUTES * 60_000).toISOString()
      // The same transaction whether or not the account exists: only the insert differs.
      const account = db.transaction(() => {
        const found = repo.findAccountByEmail(db, email)
        const usable = found && found.is_active === 1 ? found : null
        const last = usable ? repo.liveTokenCreatedAt(db, usable.id, at) : null
        const send = usable !== null && (last === null || last <= cooldownStart)
        if (send) repo.voidUnusedTokens(db, usable.id, at)
        repo.pruneTokens(db, at)
        if (send) repo.insertToken(db, { userId: usable.id, tokenHash, expiresAt, at })
        return send ? usable : null
      }).immediate()
      if (!account) return Promise.resolve()
      return deliver(account, resetLink(token)).catch((error) =>
        logger.error('Password reset mail could not be sent', { email: account.email, error: String(error) }),
      )
    },

    /** The account email of a usable token, for the Reset page. */
    validate(token: string): { email: string } {
      const row = repo.findUsableToken(db, sha256(token), clock().toISOString())
      if (!row) throw badRequest(MSG.resetInvalid)
      return { email: row.email }
    },

    /** Sets the new password, uses the token up and ends every session of the account. */
    async reset(token: string, newPassword: string): Promise<void> {
      const tokenHash = sha256(token)
      if (!repo.findUsableToken(db, tokenHash, clock().toISOString())) throw badRequest(MSG.resetInvalid)
      const hash = await hashPassword(newPassword)
      const at = clock().toISOString()
      db.transaction(() => {
        // Checked again inside the transaction: two resets racing on one token, only one wins.
        const row = repo.findUsableToken(db, tokenHash, at)
        if (!row || repo.useToken(db, row.id, at).changes !== 1) throw badRequest(MSG.resetInvalid)
        repo.voidUnusedTokens(db, row.user_id, at)
        setPasswordHash(db, row.user_id, hash, at)
        recordAudit(db, { userId: row.user_id, action: 'reset-password', entity: 'user', entityId: row.user_id, at })
      }).immediate()
    },
  }
}
