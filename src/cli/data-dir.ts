import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The data dir holds everything the box keeps: rims.db, secret.key, backups/. */
export function prepareDataDir(dir: string) {
  const root = resolve(dir)
  mkdirSync(join(root, 'backups'), { recursive: true })
  return { root, dbPath: join(root, 'rims.db'), backupsDir: join(root, 'backups'), secretPath: join(root, 'secret.key') }
}

/** The JWT key: RIMS_JWT_SECRET if set, else a random 256-bit key made once and kept with mode 0600. */
export function loadSecret(secretPath: string): Uint8Array {
  const fromEnv = process.env.RIMS_JWT_SECRET
  if (fromEnv) return new TextEncoder().encode(fromEnv)
  if (!existsSync(secretPath)) {
    writeFileSync(secretPath, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'), { mode: 0o600 })
  }
  chmodSync(secretPath, 0o600)
  return new Uint8Array(Buffer.from(readFileSync(secretPath, 'utf8').trim(), 'base64'))
}
