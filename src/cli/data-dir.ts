import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The data dir holds everything the box keeps: rims.db, secret.key, backups/. */
export function prepareDataDir(dir: string) {
  const root = resolve(dir)
  mkdirSync(join(root, 'backups'), { recursive: true })
  return { root, dbPath: join(root, 'rims.db'), backupsDir: join(root, 'backups'), secretPath: join(root, 'secret.key') }
}

/** HS256 with a key shorter than its 256-bit hash can be guessed offline from any token. */
export const MIN_SECRET_BYTES = 32

export class SecretTooShortError extends Error {}

/** The JWT key: RIMS_JWT_SECRET if set (32 bytes at least), else a random 256-bit key made once and kept with mode 0600. */
export function loadSecret(secretPath: string): Uint8Array {
  const fromEnv = process.env.RIMS_JWT_SECRET
  if (fromEnv) {
    const key = new TextEncoder().encode(fromEnv)
    if (key.length < MIN_SECRET_BYTES) {
      throw new SecretTooShortError(
        `RIMS_JWT_SECRET is ${key.length} bytes long; it must be at least ${MIN_SECRET_BYTES} bytes (e.g. the output of \`openssl rand -base64 32\`), or unset it to use the random key in the data dir.`,
      )
    }
    return key
  }
  if (!existsSync(secretPath)) {
    writeFileSync(secretPath, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'), { mode: 0o600 })
  }
  chmodSync(secretPath, 0o600)
  return new Uint8Array(Buffer.from(readFileSync(secretPath, 'utf8').trim(), 'base64'))
}

/** The server marks its data dir with its pid, so that `rims restore` never swaps a database under a running server. */
export function markDataDirInUse(root: string) {
  const path = join(root, 'rims.pid')
  writeFileSync(path, String(process.pid))
  return () => {
    if (existsSync(path) && readFileSync(path, 'utf8') === String(process.pid)) rmSync(path, { force: true })
  }
}

/** The pid of a live RIMS server on this data dir, or null. */
export function serverOnDataDir(root: string): number | null {
  const path = join(root, 'rims.pid')
  if (!existsSync(path)) return null
  const pid = Number(readFileSync(path, 'utf8'))
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}
