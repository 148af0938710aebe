// The outbox (issue 33.3–33.6): what the phone made and the box has not acknowledged yet — count entries and the
// kitchen's records. Each waits in IndexedDB under its own id (a UUID, also its Idempotency-Key), so a record is
// stored first and sent after, and a send whose answer was lost is sent again and stored once by the box.
import { del, get, getAll, put, tx } from './db'

/** A count entry as POST /stock-counts/:id/entries takes it. */
export interface EntryBody {
  id: string
  area_id: number
  item_id: number
  packs?: { pack_id: number; quantity: number }[]
  loose?: number
  /** A bottle item's open bottles (issue 35): grams each, or tenths by eye; the box turns them into volume. */
  open_weights_g?: number[]
  open_tenths?: number[]
  /** The line cleared: this counter has no figure for it now. */
  cleared?: true
  counted_at: string
}

interface Base {
  id: string
  /** Order made (Date.now() plus a counter): sent oldest first. */
  seq: number
  /** Who made it: sent only while that user is signed in (the box records the signed-in user as its counter). */
  user_id: number
  /** The box refused it (its message): it is not sent again; the screen that made it shows why. */
  refused?: string
}
export interface EntryItem extends Base {
  kind: 'entry'
  count_id: number
  entry: EntryBody
}
/** Another record sent as one request with its Idempotency-Key (the kitchen's usage and wastage). */
export interface RequestItem extends Base {
  kind: 'request'
  path: string
  body: unknown
  /** What it is, for the screens that list it ("Usage: Tomatoes 2 kg"). */
  label: string
}
export type OutboxItem = EntryItem | RequestItem

/** What the outbox tells its watchers after a change: ids now held by the box, ids refused (with the reason). */
export interface OutboxEvent {
  stored: string[]
  refused: { id: string; message: string }[]
}

let lastSeq = 0
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now() * 1000))

const listeners = new Set<(e: OutboxEvent) => void>()
export function onOutbox(l: (e: OutboxEvent) => void) {
  listeners.add(l)
  return () => void listeners.delete(l)
}
export const tell = (e: OutboxEvent) => listeners.forEach((l) => l(e))

/**
 * A new entry of a line. The same counter's earlier entries of that line still waiting leave the outbox with it: the
 * box would supersede them anyway, so what waits is one entry per line counted (what the badge counts).
 */
export async function addEntry(userId: number, countId: number, entry: EntryBody) {
  await tx(['outbox'], 'readwrite', (t) => putEntry(t, userId, countId, entry))
  tell({ stored: [], refused: [] })
}

/**
 * addEntry's write, inside a transaction of the caller's (the journal writes a line's draft with it). Idempotent:
 * the same entry again stores it once, and an entry older than the one waiting for its line (by the device's
 * instant) changes nothing — a journal replayed late never undoes a correction.
 */
export async function putEntry(t: IDBTransaction, userId: number, countId: number, entry: EntryBody) {
  const line = t.objectStore('outbox').index('line').getAll(IDBKeyRange.only([countId, entry.area_id, entry.item_id]))
  const same = await new Promise<OutboxItem[]>((resolve, reject) => {
    line.onsuccess = () => resolve(line.result as OutboxItem[])
    line.onerror = () => reject(line.error)
  })
  const mine = same.filter((o): o is EntryItem => o.kind === 'entry' && !o.refused && o.user_id === userId)
  if (mine.some((o) => o.entry.counted_at > entry.counted_at)) return
  for (const o of mine) await del(t, 'outbox', o.id)
  await put(t, 'outbox', { kind: 'entry', id: entry.id, seq: nextSeq(), user_id: userId, count_id: countId, entry } satisfies EntryItem)
}

export async function addRequest(r: { id: string; user_id: number; path: string; body: unknown; label: string }) {
  const item: RequestItem = { kind: 'request', seq: nextSeq(), ...r }
  await tx(['outbox'], 'readwrite', (t) => put(t, 'outbox', item))
  tell({ stored: [], refused: [] })
}

/** Everything in the outbox, oldest first (refused ones included: they say why). */
export const allItems = () => tx(['outbox'], 'readonly', (t) => getAll<OutboxItem>(t, 'outbox')).then((xs) => xs.sort((a, b) => a.seq - b.seq))

/** What still waits to be sent (not refused), oldest first. */
export const waitingItems = () => allItems().then((xs) => xs.filter((x) => !x.refused))

export const getItem = (id: string) => tx(['outbox'], 'readonly', (t) => get<OutboxItem>(t, 'outbox', id))

/** The box holds these: they leave the outbox. */
export async function removeItems(ids: string[]) {
  if (!ids.length) return
  await tx(['outbox'], 'readwrite', async (t) => {
    for (const id of ids) await del(t, 'outbox', id)
  })
}

/** The box refused these: kept with its message and not sent again. */
export async function markRefused(refusals: { id: string; message: string }[]) {
  if (!refusals.length) return
  await tx(['outbox'], 'readwrite', async (t) => {
    for (const r of refusals) {
      const item = await get<OutboxItem>(t, 'outbox', r.id)
      if (item) await put(t, 'outbox', { ...item, refused: r.message })
    }
  })
}

/** A refused record the counter replaced or dismissed. */
export const dropItem = (id: string) => removeItems([id]).then(() => tell({ stored: [], refused: [] }))
