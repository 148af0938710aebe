import { expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { readTogether } from './read-together'

const db = new Database(':memory:')
db.exec('CREATE TABLE t (x INTEGER)')

test('the reads run in one transaction, closed afterwards even when a read fails', () => {
  expect(readTogether(db, () => [db.inTransaction, (db.query('SELECT count(*) AS n FROM t').get() as { n: number }).n])).toEqual([true, 0])
  expect(db.inTransaction).toBe(false)
  expect(() => readTogether(db, () => db.query('SELECT nope FROM t').all())).toThrow()
  expect(db.inTransaction).toBe(false)
})

test('inside a transaction already, the reads join it (and see its writes)', () => {
  const n = db.transaction(() => {
    db.query('INSERT INTO t (x) VALUES (1)').run()
    return readTogether(db, () => (db.query('SELECT count(*) AS n FROM t').get() as { n: number }).n)
  })()
  expect(n).toBe(1)
  expect(db.inTransaction).toBe(false)
})
