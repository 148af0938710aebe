import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { sqlInteger } from './sql-integer'

describe('sqlInteger', () => {
  test('lets a whole number through unchanged, and it limits the rows', () => {
    expect(sqlInteger(0)).toBe(0)
    expect(sqlInteger(50)).toBe(50)
    const db = new Database(':memory:')
    const rows = db.query(`SELECT value FROM json_each('[1,2,3,4,5]') LIMIT ${sqlInteger(2)} OFFSET $offset`).all({ $offset: 1 }) as { value: number }[]
    expect(rows.map((r) => r.value)).toEqual([2, 3])
  })

  test('refuses anything that is not a safe, non-negative integer, so only digits reach the SQL', () => {
    for (const bad of [-1, 1.5, NaN, Infinity, 2 ** 53, '5; DROP TABLE items' as unknown as number, '7' as unknown as number]) {
      expect(() => sqlInteger(bad)).toThrow('Not a whole number for SQL')
    }
  })
})
