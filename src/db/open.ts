import { Database } from 'bun:sqlite'
import { MIGRATIONS } from './migrations'

export type Db = Database

// db.query() keeps its prepared statements by SQL text, 20 by default (least recently used go first). RIMS has a few
// hundred, so a day of mixed requests would keep preparing the same ones again (10–30 µs each); a statement is a few KB.
Database.MAX_QUERY_CACHE_SIZE = 512

/** Opens the database with RIMS's pragmas: a committed movement survives a power cut. */
export function openDb(path: string): Db {
  const db = new Database(path, { create: true, strict: true })
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = FULL')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA busy_timeout = 5000')
  return db
}

export const schemaVersion = (db: Db): number =>
  (db.query('PRAGMA user_version').get() as { user_version: number }).user_version

/** Applies the pending migrations in one transaction; the version lives in PRAGMA user_version. */
export function migrate(db: Db, migrations = MIGRATIONS): number {
  const current = schemaVersion(db)
  if (current > migrations.length) {
    throw new Error(`This database is at schema version ${current}, newer than this RIMS (${migrations.length}). Use a newer RIMS.`)
  }
  const pending = migrations.slice(current)
  if (pending.length === 0) return current
  // A table rebuild (the only way SQLite changes a primary key) drops and renames a table others
  // refer to: with foreign keys on, the drop would cascade. They are off for the migration (the
  // pragma is ignored inside a transaction) and checked before the commit.
  const foreignKeys = (db.query('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys
  db.exec('PRAGMA foreign_keys = OFF')
  try {
    db.transaction(() => {
      for (const m of pending) db.exec(m.sql)
      const broken = db.query('PRAGMA foreign_key_check').all()
      if (broken.length) throw new Error(`A migration left ${broken.length} broken references, e.g. ${JSON.stringify(broken[0])}; nothing was changed.`)
      db.exec(`PRAGMA user_version = ${migrations.length}`)
    }).immediate()
  } finally {
    db.exec(`PRAGMA foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`)
  }
  return migrations.length
}

/** Opens and migrates: what the server, the CLI and the tests all start from. */
export function openAndMigrate(path: string): Db {
  const db = openDb(path)
  migrate(db)
  return db
}
