import type { Database } from 'bun:sqlite'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MIGRATIONS } from '../db/migrations'
import { migrate, openDb } from '../db/open'

/**
 * A database in a fresh temp dir (`dir`: the caller removes it) built by every migration before `migration`, as an
 * older release left it, with one user, one category and one supplier (id 1 each) made at `at`: a test puts that
 * release's rows in, runs `migrate(db)` and checks every figure came through.
 */
export function databaseBefore(migration: string, at: string): { db: Database; dir: string } {
  const before = MIGRATIONS.findIndex((m) => m.name === migration)
  if (before < 1) throw new Error(`no migration ${migration} after the first`)
  const dir = mkdtempSync(join(tmpdir(), `rims-${migration}-`))
  const db = openDb(join(dir, 'rims.db'))
  migrate(db, MIGRATIONS.slice(0, before))
  db.exec(`INSERT INTO users (name, email, password_hash, role_id, created_at, updated_at) VALUES ('Mwila', 'm@test.local', 'x', 1, '${at}', '${at}');
    INSERT INTO categories (name, created_at, updated_at) VALUES ('Drinks', '${at}', '${at}');
    INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Zambeef', '${at}', '${at}')`)
  return { db, dir }
}
