import { Database, type Statement } from 'bun:sqlite'
import type { Db } from './open'

/**
 * Iterates a fresh (uncached) statement and finalizes it however the iteration ends (done, return or
 * a throw). A plain iterator rather than a generator: a year of movements pays no generator resume per row.
 */
export function iterate<T>(db: Db, sql: string, params: Record<string, string | number>, map: (row: any) => T): IterableIterator<T> {
  let statement: Statement | undefined
  let rows: Iterator<unknown> | undefined
  let finished = false
  const finish = () => {
    if (finished) return
    finished = true
    statement?.finalize()
  }
  const iterator: IterableIterator<T> = {
    next() {
      if (finished) return { done: true, value: undefined }
      try {
        if (!rows) {
          statement = db.prepare(sql)
          rows = statement.iterate(params)
        }
        const next = rows.next()
        if (!next.done) return { done: false, value: map(next.value) }
      } catch (e) {
        iterator.return!()
        throw e
      }
      finish()
      return { done: true, value: undefined }
    },
    return(value?: unknown) {
      rows?.return?.()
      finish()
      return { done: true, value }
    },
    [Symbol.iterator]: () => iterator,
  }
  return iterator
}

/**
 * A download reads through its own read-only connection: one consistent snapshot for the whole
 * file, and the app's connection (and its statement cache) stays free for writes meanwhile.
 */
export function openReader(db: Db): { reader: Db; close: () => void } {
  if (!db.filename || db.filename === ':memory:') return { reader: db, close: () => {} }
  const reader = new Database(db.filename, { readonly: true, strict: true })
  reader.exec('PRAGMA busy_timeout = 5000')
  return { reader, close: () => reader.close() }
}

/**
 * The rows of `open()` (called on the first pull), then `close()` however the iteration ends: done,
 * return (a cancelled download) or a throw. A plain iterator: no generator resume per row.
 */
export function closing<T>(open: () => Iterable<T>, close: () => void): Iterable<T> {
  let rows: Iterator<T> | undefined
  let closed = false
  const end = () => {
    if (closed) return
    closed = true
    close()
  }
  const iterator: IterableIterator<T> = {
    next() {
      if (closed) return { done: true, value: undefined }
      try {
        rows ??= open()[Symbol.iterator]()
        const next = rows.next()
        if (!next.done) return next
      } catch (e) {
        end()
        throw e
      }
      end()
      return { done: true, value: undefined }
    },
    return(value?: unknown) {
      try {
        rows?.return?.()
      } finally {
        end()
      }
      return { done: true, value }
    },
    [Symbol.iterator]: () => iterator,
  }
  return iterator
}
