// A line kept on the phone in the same tick as the keystroke or the save (issue 33): IndexedDB writes are
// asynchronous, and a page reloaded or closed right after the last key took them with it (the bench's phone held 243
// of 250). So each line's draft, and the entry made of it, is first written to a journal in localStorage
// (synchronous), per count and user; it leaves the journal once its IndexedDB transaction has committed, and what
// is still there when the app next opens is written to IndexedDB then — the same write, idempotent: an entry's
// UUID is its key, and nothing older replaces something newer.
import { tx } from './db'
import { putEntry, tell, type EntryBody } from './outbox'
import { putDraft, type StoredDraft } from './sheets'

const PREFIX = 'rims-journal:'
const journalKey = (countId: number, userId: number) => `${PREFIX}${countId}:${userId}`

/** A line as journaled: its draft, and the entry made of it (null: typed, not saved yet). */
export interface JournalLine<D = unknown> {
  draft: StoredDraft<D>
  entry: EntryBody | null
}
type Journal = Record<string, JournalLine>

const read = (key: string): Journal => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? '{}') as Journal
  } catch {
    return {}
  }
}
const write = (key: string, j: Journal) => (Object.keys(j).length ? localStorage.setItem(key, JSON.stringify(j)) : localStorage.removeItem(key))

/** The line leaves the journal if it still holds what was written (a later keystroke may have replaced it). */
function settled(key: string, lineKey: string, written: string) {
  const j = read(key)
  if (j[lineKey] === undefined || JSON.stringify(j[lineKey]) !== written) return
  delete j[lineKey]
  write(key, j)
}

/** A line's draft, and its entry into the outbox, inside the caller's transaction over both stores. */
async function putLine(t: IDBTransaction, countId: number, userId: number, lineKey: string, line: JournalLine) {
  await putDraft(t, countId, lineKey, line.draft)
  if (line.entry) await putEntry(t, userId, countId, line.entry)
}

/** The IndexedDB write of a line: one transaction. */
async function store(countId: number, userId: number, lineKey: string, line: JournalLine) {
  await tx(['drafts', 'outbox'], 'readwrite', (t) => putLine(t, countId, userId, lineKey, line))
  if (line.entry) tell({ stored: [], refused: [] })
}

/**
 * Keeps a line on the phone: in the journal before this returns (a reload in the next instant loses nothing), then
 * in IndexedDB (the promise: the line's entry is in the outbox). A refused IndexedDB write leaves the journal too,
 * so nothing the screen calls not saved comes back later.
 */
export function keepLine<D>(countId: number, userId: number, lineKey: string, line: JournalLine<D>): Promise<void> {
  const { key, written } = journal(countId, userId, lineKey, line)
  return store(countId, userId, lineKey, line).finally(() => {
    try {
      settled(key, lineKey, written)
    } catch {
      // nothing kept, nothing to remove
    }
  })
}

/**
 * A draft being typed (no entry yet): in the journal only. Its IndexedDB write comes with the line's save, which
 * replaces it, or with the next replay (a reload, the sheet opened again). A transaction per keystroke queued ahead
 * of the save's own: the save waited for the keys' writes before it could commit (issue 31: tap → saved).
 */
export function journalDraft<D>(countId: number, userId: number, lineKey: string, draft: StoredDraft<D>) {
  journal(countId, userId, lineKey, { draft, entry: null })
}

function journal(countId: number, userId: number, lineKey: string, line: JournalLine) {
  const key = journalKey(countId, userId)
  const written = JSON.stringify(line)
  try {
    const j = read(key)
    j[lineKey] = line
    write(key, j)
  } catch {
    // localStorage full or blocked: IndexedDB alone, as before the journal.
  }
  return { key, written }
}

/** A count closed (approved or cancelled): what is journaled for it, any user's, is dropped rather than replayed into a closed count. */
export function dropJournals(countId: number) {
  try {
    const mine = `${PREFIX}${countId}:`
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').filter((k) => k.startsWith(mine))
    for (const k of keys) localStorage.removeItem(k)
  } catch {
    // No localStorage: nothing journaled.
  }
}

/**
 * What an earlier page journaled and never committed goes to IndexedDB, every count and user (each entry keeps its
 * user: it is sent when they are signed in), in one transaction: a page reloaded while its writes were dozens of
 * lines behind (two phones typing at once) left 49 lines, and one transaction each held the reopened sheet for
 * ≈ 1.2 s. Run when the app opens and before a sheet reads the phone's copy (the two share one run); a line this
 * page is still writing is written twice, which stores it once.
 */
export function replayJournals(): Promise<void> {
  return (replaying ??= replay().finally(() => (replaying = null)))
}
let replaying: Promise<void> | null = null

async function replay() {
  try {
    const lines = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '')
      .filter((k) => k.startsWith(PREFIX))
      .flatMap((key) => {
        const [countId, userId] = key.slice(PREFIX.length).split(':').map(Number)
        return Object.entries(read(key)).map(([lineKey, line]) => ({ key, countId, userId, lineKey, line, written: JSON.stringify(line) }))
      })
    if (lines.length === 0) return
    await tx(['drafts', 'outbox'], 'readwrite', async (t) => {
      for (const l of lines) await putLine(t, l.countId, l.userId, l.lineKey, l.line)
    })
    for (const l of lines) settled(l.key, l.lineKey, l.written)
    if (lines.some((l) => l.line.entry)) tell({ stored: [], refused: [] })
  } catch {
    // No localStorage, or IndexedDB refused: what is journaled stays for the next open.
  }
}
