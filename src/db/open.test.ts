import { expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb } from './open'

test('a prepared statement stays cached while a few hundred others are used (a day of mixed requests)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rims-open-'))
  const db = openDb(join(dir, 'rims.db'))
  try {
    const first = db.query('SELECT 1 AS one')
    for (let i = 0; i < 300; i++) db.query(`SELECT ${i + 2} AS n`).get()
    expect(db.query('SELECT 1 AS one')).toBe(first)
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
