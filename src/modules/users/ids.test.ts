import { afterEach, beforeEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MIGRATIONS } from '../../db/migrations'
import { migrate, openDb } from '../../db/open'
import { makeTestEnv, TEST_PASSWORD, type TestEnv } from '../../test/harness'

let env: TestEnv
beforeEach(async () => (env = await makeTestEnv()))
afterEach(() => env.close())

test("a deleted user's token is refused, and the next user gets a new id", async () => {
  const manager = await env.userOf('Manager')
  const gone = await env.userOf('Chef', { email: 'gone@test.local' })
  expect((await env.call('DELETE', `/api/manager/users/${gone.id}`, { token: manager.token })).status).toBe(200)
  const created = await env.call('POST', '/api/manager/users', { token: manager.token, body: { name: 'Next One', email: 'next@test.local', password: TEST_PASSWORD, role_id: 3 } })
  expect(created.status).toBe(200)
  expect(created.body.data.id).not.toBe(gone.id)
  const old = await env.call('GET', '/api/auth/profile', { token: gone.token })
  expect(old.status).toBe(401)
})

test('a token whose session id does not match the account is refused, even with the same id and version', async () => {
  const chef = await env.userOf('Chef')
  env.deps.db.query("UPDATE users SET sid = 'another-session' WHERE id = $id").run({ id: chef.id })
  expect((await env.call('GET', '/api/auth/profile', { token: chef.token })).status).toBe(401)
})

test('the migration keeps existing users, roles and their references, and stops reusing ids', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rims-mig-'))
  try {
    const db = openDb(join(dir, 'rims.db'))
    migrate(db, MIGRATIONS.slice(0, 5))
    const at = '2026-01-01T00:00:00.000Z'
    db.exec(`INSERT INTO roles (id, role_name, is_builtin, created_at) VALUES (4, 'Barman', 0, '${at}')`)
    for (const [id, role] of [[1, 1], [2, 4], [3, 3]]) {
      db.exec(`INSERT INTO users (id, name, email, password_hash, role_id, created_at, updated_at) VALUES (${id}, 'U${id}', 'u${id}@x.test', 'h', ${role}, '${at}', '${at}')`)
    }
    db.exec(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, created_at) VALUES (2, 'abc', '${at}', '${at}')`)
    db.exec(`INSERT INTO audit_log (user_id, action, entity, entity_id, created_at) VALUES (1, 'delete', 'user', 7, '${at}')`)
    db.exec('DELETE FROM users WHERE id = 3')
    migrate(db)
    expect(db.query('SELECT id, role_id FROM users ORDER BY id').all()).toEqual([{ id: 1, role_id: 1 }, { id: 2, role_id: 4 }])
    expect(db.query('SELECT count(*) AS n FROM password_reset_tokens').get()).toEqual({ n: 1 })
    expect((db.query('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys).toBe(1)
    expect(db.query('PRAGMA foreign_key_check').all()).toEqual([])
    const sql = (db.query("SELECT sql FROM sqlite_schema WHERE name = 'users'").get() as { sql: string }).sql
    expect(sql).toContain('AUTOINCREMENT')
    expect(sql).toContain('STRICT')
    expect(db.query("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = 'users_role'").get()).toEqual({ name: 'users_role' })
    // Id 7 is named by an audit row, so the next user starts above it.
    const next = db.query(`INSERT INTO users (name, email, password_hash, role_id, created_at, updated_at) VALUES ('N', 'n@x.test', 'h', 3, '${at}', '${at}') RETURNING id, sid`).get() as { id: number; sid: string }
    expect(next.id).toBe(8)
    expect(next.sid).toMatch(/^[0-9a-f]{32}$/)
    // A role reference that does not hold is still refused.
    expect(() => db.exec(`UPDATE users SET role_id = 99 WHERE id = 1`)).toThrow()
    db.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
