import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../app'
import { CHEF, MANAGER, STOREKEEPER } from '../contract/roles'
import { createDeps, type AppDeps, type DepsOptions } from '../deps'
import { openAndMigrate, openDb, type Db } from '../db/open'
import { createLogger } from '../lib/log'
import { insertUser, roleIdByName } from '../modules/users/repo'

export const TEST_PASSWORD = 'correct-horse-9'

export interface TestEnv {
  dir: string
  deps: AppDeps
  app: ReturnType<typeof buildApp>
  logLines: string[]
  /** The JWT secret, to sign tokens a test needs (an expired one, for instance). */
  secret: Uint8Array | string
  /** Calls the app as a browser would: JSON in, JSON out. */
  call(method: string, path: string, opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>
  /** Creates a user of a role and returns its id and a fresh token. */
  userOf(role: string, overrides?: { name?: string; email?: string; password?: string }): Promise<{ id: number; token: string; email: string }>
  close(): void
}

let counter = 0

/**
 * Test users' hashes: argon2id at its least cost, kept per password, so that making a user and signing it in
 * costs ≈ 1 ms instead of ≈ 0.3 s on a busy 2-core box (two 19 MiB argon2id runs). `verifyPassword` reads the
 * cost from the hash, so sign-in runs the production code. The production cost itself (lib/passwords.ts) is
 * what users made through the API, the CLI and the demo get, and what their tests sign in with.
 */
const testHashes = new Map<string, Promise<string>>()
const testHash = (plain: string) => {
  let h = testHashes.get(plain)
  if (!h) testHashes.set(plain, (h = Bun.password.hash(plain, { algorithm: 'argon2id', memoryCost: 8, timeCost: 1 })))
  return h
}

/**
 * A fresh app over a temp SQLite file, with captured log lines. `before` fills the file first (an older
 * schema with its data, say), so the app opens it as an upgrade would.
 */
export async function makeTestEnv(options: Partial<DepsOptions> = {}, before?: (db: Db) => void): Promise<TestEnv> {
  const dir = mkdtempSync(join(tmpdir(), 'rims-test-'))
  if (before) {
    const old = openDb(join(dir, 'rims.db'))
    before(old)
    old.close()
  }
  const db = openAndMigrate(join(dir, 'rims.db'))
  const logLines: string[] = []
  const secret = options.secret ?? 'test-secret-' + Math.random()
  const deps = createDeps({ db, secret, serverUrl: 'http://rims.test:3000', logger: createLogger((l) => logLines.push(l)), ...options })
  const app = buildApp(deps)

  const call: TestEnv['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    let body: string | undefined
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
    }
    const res = await app.handle(new Request('http://localhost' + path, { method, headers, body }))
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers }
  }

  const userOf: TestEnv['userOf'] = async (role, o = {}) => {
    const email = o.email ?? `${role.toLowerCase()}${++counter}@test.local`
    const password = o.password ?? TEST_PASSWORD
    const roleId = roleIdByName(db, role)
    if (!roleId) throw new Error(`no role ${role}`)
    const id = insertUser(db, { name: o.name ?? `${role} ${counter}`, email, passwordHash: await testHash(password), roleId, at: new Date().toISOString() })
    const login = await call('POST', '/api/auth/login', { body: { email, password } })
    if (login.status !== 200) throw new Error('test login failed: ' + JSON.stringify(login.body))
    return { id, token: login.body.data.token, email }
  }

  return { dir, deps, app, logLines, secret, call, userOf, close: () => (db.close(), rmSync(dir, { recursive: true, force: true })) }
}

export const ROLES = [MANAGER, STOREKEEPER, CHEF] as const
