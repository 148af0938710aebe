import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { AppDeps } from './app'
import type { Db } from './db/open'
import type { UiAssets } from './http/static'
import { systemClock, type Clock } from './lib/clock'
import { createLogger, type Logger } from './lib/log'
import { createMailer, type Mailer } from './lib/mailer'
import { createLockout } from './modules/auth/lockout'
import { createAuthService } from './modules/auth/service'
import { createBackupService } from './modules/backups/service'
import { createTokens } from './modules/auth/tokens'
import { createSettingsService } from './modules/settings/service'
import type { TlsInfo } from './tls/info'

export interface DepsOptions {
  db: Db
  secret: Uint8Array | string
  serverUrl: string
  clock?: Clock
  logger?: Logger
  mailer?: Mailer
  ui?: UiAssets | null
  tls?: TlsInfo
  /** Where backups go; by default `backups/` beside the database file. */
  backupsDir?: string
}

/** Wires the services once; the server, the CLI and the tests all build their app from this. */
export function createDeps(o: DepsOptions): AppDeps {
  const clock = o.clock ?? systemClock
  const settings = createSettingsService(o.db, clock)
  const logger = o.logger ?? createLogger()
  const backupsDir = o.backupsDir ?? join(dirname(o.db.filename), 'backups')
  mkdirSync(backupsDir, { recursive: true })
  const mailer = o.mailer ?? createMailer(settings.get)
  const auth = createAuthService({ db: o.db, clock, settings, tokens: createTokens(o.secret), lockout: createLockout(o.db, clock), mailer, logger })
  return {
    db: o.db,
    clock,
    logger,
    settings,
    auth,
    backups: createBackupService({ db: o.db, dir: backupsDir, clock, logger, keep: () => settings.get().backup_keep }),
    mailer,
    serverUrl: o.serverUrl,
    ui: o.ui ?? null,
    tls: o.tls,
  }
}
