import type { AppDeps } from './app'
import type { Db } from './db/open'
import type { UiAssets } from './http/static'
import { systemClock, type Clock } from './lib/clock'
import { createLogger, type Logger } from './lib/log'
import { createMailer, type Mailer } from './lib/mailer'
import { createLockout } from './modules/auth/lockout'
import { createAuthService } from './modules/auth/service'
import { createTokens } from './modules/auth/tokens'
import { createSettingsService } from './modules/settings/service'

export interface DepsOptions {
  db: Db
  secret: Uint8Array | string
  serverUrl: string
  clock?: Clock
  logger?: Logger
  mailer?: Mailer
  ui?: UiAssets | null
}

/** Wires the services once; the server, the CLI and the tests all build their app from this. */
export function createDeps(o: DepsOptions): AppDeps {
  const clock = o.clock ?? systemClock
  const settings = createSettingsService(o.db, clock)
  const auth = createAuthService({ db: o.db, clock, settings, tokens: createTokens(o.secret), lockout: createLockout(clock) })
  return {
    db: o.db,
    clock,
    logger: o.logger ?? createLogger(),
    settings,
    auth,
    mailer: o.mailer ?? createMailer(settings.get),
    serverUrl: o.serverUrl,
    ui: o.ui ?? null,
  }
}
