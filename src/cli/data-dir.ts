import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

// The database holds argon2 hashes and the SMTP password, secret.key signs every session: owner only.
const PRIVATE_DIR = 0o700
const PRIVATE_FILE = 0o600
const isPrivateFile = (name: string) => /^(rims\.db(-wal|-shm|-journal|\.pre-restore-.*|\.restoring)?|secret\.key|s3-secret\.key|offsite\.json)$/.test(name)

/** The data dir, backups/ and the files in them that other local users can read or write. */
export function looseModes(dir: string): { path: string; mode: number; wanted: number }[] {
  const root = resolve(dir)
  const found: { path: string; mode: number; wanted: number }[] = []
  const check = (path: string, wanted: number) => {
    const st = lstatSync(path, { throwIfNoEntry: false })
    if (st && !st.isSymbolicLink() && (st.mode & 0o077) !== 0) found.push({ path, mode: st.mode & 0o777, wanted })
  }
  if (!existsSync(root)) return found
  check(root, PRIVATE_DIR)
  for (const name of readdirSync(root)) if (isPrivateFile(name)) check(join(root, name), PRIVATE_FILE)
  const backups = join(root, 'backups')
  if (existsSync(backups)) {
    check(backups, PRIVATE_DIR)
    for (const name of readdirSync(backups)) check(join(backups, name), PRIVATE_FILE)
  }
  return found
}

/** The data dir holds everything the box keeps: rims.db, secret.key, backups/; made or tightened to owner-only. */
export function prepareDataDir(dir: string) {
  const root = resolve(dir)
  mkdirSync(join(root, 'backups'), { recursive: true, mode: PRIVATE_DIR })
  for (const loose of looseModes(root)) chmodSync(loose.path, loose.wanted)
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
    writeFileSync(secretPath, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'), { mode: PRIVATE_FILE })
  }
  chmodSync(secretPath, PRIVATE_FILE)
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
