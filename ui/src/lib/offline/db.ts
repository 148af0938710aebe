// The phone's own store (issue 33): one IndexedDB database for what must outlive the page and the box's absence —
// count sheets, the lines' drafts, the outbox and the device's id. No library: four stores and three helpers.

export const DB_NAME = 'rims-offline'
const VERSION = 1

export type StoreName = 'sheets' | 'drafts' | 'outbox' | 'meta'

let opening: Promise<IDBDatabase> | null = null

export function openDb(): Promise<IDBDatabase> {
  return (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, VERSION)
    req.onupgradeneeded = () => {
      const db = req.result
      db.createObjectStore('sheets', { keyPath: 'id' })
      db.createObjectStore('drafts', { keyPath: 'key' })
      const outbox = db.createObjectStore('outbox', { keyPath: 'id' })
      // A count entry's line (a kitchen record has none and is not in it).
      outbox.createIndex('line', ['count_id', 'entry.area_id', 'entry.item_id'])
      db.createObjectStore('meta')
    }
    req.onsuccess = () => {
      // Another tab's newer version (after an upgrade) asks this one to let go.
      req.result.onversionchange = () => {
        req.result.close()
        opening = null
      }
      resolve(req.result)
    }
    req.onerror = () => {
      opening = null
      reject(req.error)
    }
  }))
}

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

/** One transaction over `stores`; `work` queues its requests and its answer is given once the transaction commits. */
export async function tx<T>(stores: StoreName[], mode: IDBTransactionMode, work: (t: IDBTransaction) => Promise<T> | T): Promise<T> {
  const db = await openDb()
  const t = db.transaction(stores, mode)
  const committed = new Promise<void>((resolve, reject) => {
    t.oncomplete = () => resolve()
    t.onerror = () => reject(t.error)
    t.onabort = () => reject(t.error ?? new Error('IndexedDB transaction aborted'))
  })
  const out = await work(t)
  await committed
  return out
}

export const get = <T>(t: IDBTransaction, store: StoreName, key: IDBValidKey) => done(t.objectStore(store).get(key)) as Promise<T | undefined>
export const getAll = <T>(t: IDBTransaction, store: StoreName) => done(t.objectStore(store).getAll()) as Promise<T[]>
export const put = (t: IDBTransaction, store: StoreName, value: unknown, key?: IDBValidKey) => done(t.objectStore(store).put(value, key))
export const del = (t: IDBTransaction, store: StoreName, key: IDBValidKey | IDBKeyRange) => done(t.objectStore(store).delete(key))

/** Closes the database (unit tests delete it between cases). */
export async function closeDb() {
  if (!opening) return
  const db = await opening.catch(() => null)
  db?.close()
  opening = null
}
