import { expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// `rims group` from the command line: its own accounts in DIR/group.db, and a one-line refusal without a bucket.

const MAIN = join(import.meta.dir, '..', 'main.ts')
const bun = process.execPath
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('RIMS_')))

test('rims group create-manager makes a Manager in DIR/group.db, not in a site database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rims-group-cli-'))
  try {
    const made = Bun.spawnSync([bun, MAIN, 'group', 'create-manager', '--name', 'Owner One', '--email', 'owner@group.test', '--password-stdin', '--data', dir], { stdin: new TextEncoder().encode('group-pass-2026\n'), env: cleanEnv })
    expect(made.exitCode).toBe(0)
    expect(existsSync(join(dir, 'rims.db'))).toBe(false)
    expect(statSync(dir).mode & 0o077).toBe(0)
    const db = new Database(join(dir, 'group.db'), { readonly: true })
    const row = db.query("SELECT u.email, r.role_name, u.password_hash FROM users u JOIN roles r ON r.id = u.role_id").get() as { email: string; role_name: string; password_hash: string }
    db.close()
    expect(row).toMatchObject({ email: 'owner@group.test', role_name: 'Manager' })
    expect(row.password_hash).toStartWith('$argon2id$')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('rims group without the bucket in the environment says which variables to set and exits 2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rims-group-cli-'))
  try {
    const run = Bun.spawnSync([bun, MAIN, 'group', '--port', '5402', '--data', dir], { env: cleanEnv })
    expect(run.exitCode).toBe(2)
    const err = run.stderr.toString().trim()
    expect(err.split('\n')).toHaveLength(1)
    expect(err).toContain('RIMS_S3_BUCKET')
    const wrong = Bun.spawnSync([bun, MAIN, 'group', 'nonsense', '--data', dir], { env: cleanEnv })
    expect(wrong.exitCode).toBe(2)
    expect(wrong.stderr.toString()).toContain('Unknown group command: nonsense')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
