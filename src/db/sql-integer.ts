/**
 * A whole number written into SQL text: for LIMIT. SQLite (3.54 in this Bun) reads a bound LIMIT while planning, so
 * binding that parameter again, as every run does, makes it re-prepare the statement: about 20 µs on a 50-item page
 * (docs/performance.md). OFFSET stays bound: SQLite does not plan with it, and a literal one would make one statement
 * per page where bun:sqlite caches only about 20. Only a safe, non-negative integer gets through, so nothing but
 * digits ever reaches the SQL.
 */
export function sqlInteger(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a whole number for SQL: ${n}`)
  return n
}
