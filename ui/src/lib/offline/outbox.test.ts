import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { closeDb, DB_NAME } from './db'
import { addEntry, addRequest, allItems, onOutbox, waitingItems, type EntryBody, type EntryItem } from './outbox'
import { dropJournals, journalDraft, keepLine, replayJournals, type JournalLine } from './journal'
import { deviceId, flush, SendError, type Transport } from './sender'
import { loadDrafts, loadSheet, resolveStored, saveDraft, saveSheet } from './sheets'
import type { StockCountDetail } from '../../../../src/contract/counts'
import { scanOnPhone } from '../counting/phoneScan'

const entry = (i: number, area = 1): EntryBody => ({ id: crypto.randomUUID(), area_id: area, item_id: 100 + i, loose: i, counted_at: new Date(Date.UTC(2026, 10, 27, 9, 0, i)).toISOString() })

/** A box in memory: it stores each id once, refuses what `refuse` says, or does not answer while `down`. */
interface FakeBox {
  down: boolean
  user: number | null
  refuse: (e: EntryBody) => string | null
  held: Map<string, EntryBody>
  calls: { countId: number; device: string; queued: number; ids: string[] }[]
  requests: { path: string; key: string }[]
  transport: Transport
}
function fakeBox(): FakeBox {
  const held = new Map<string, EntryBody>()
  const calls: { countId: number; device: string; queued: number; ids: string[] }[] = []
  const requests: { path: string; key: string }[] = []
  const box: FakeBox = {
    down: false,
    refuse: (_e: EntryBody): string | null => null,
    held,
    calls,
    requests,
    user: 1,
    transport: {
      userId: () => box.user,
      async postEntries(countId, body) {
        if (box.down) throw new SendError('Cannot reach the server', 0)
        calls.push({ countId, device: body.device_id, queued: body.queued, ids: body.entries.map((e) => e.id) })
        if (body.entries.length > 500) throw new SendError('at most 500', 400)
        for (const e of body.entries) {
          const why = box.refuse(e)
          if (why) throw new SendError(`Entry ${e.id}: ${why}. Nothing in this batch was stored.`, 400)
        }
        for (const e of body.entries) held.set(e.id, e)
        return { stored: body.entries.map((e) => e.id) }
      },
      async postRequest(path, _body, key) {
        if (box.down) throw new SendError('Cannot reach the server', 0)
        if (!requests.some((r) => r.key === key)) requests.push({ path, key })
      },
    } satisfies Transport,
  }
  return box
}

/** The modes of the IndexedDB transactions `work` opens. */
async function transactionsOf(work: () => Promise<unknown>): Promise<IDBTransactionMode[]> {
  await allItems() // the database open, so only the work's transactions are counted
  const opened: IDBTransactionMode[] = []
  const transaction = IDBDatabase.prototype.transaction
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
    opened.push(args[1] ?? 'readonly')
    return transaction.apply(this, args)
  } as typeof transaction
  try {
    await work()
  } finally {
    IDBDatabase.prototype.transaction = transaction
  }
  return opened
}

beforeEach(async () => {
  await closeDb()
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(DB_NAME)
    req.onsuccess = req.onerror = () => resolve()
  })
})
afterEach(() => closeDb())

describe('the outbox', () => {
  test('entries wait while the box does not answer and go once, in batches of at most 500, oldest first', async () => {
    const box = fakeBox()
    const made = Array.from({ length: 1203 }, (_, i) => entry(i))
    for (const e of made) await addEntry(1, 7, e)
    box.down = true
    const first = await flush(box.transport)
    expect(first).toEqual({ sent: 0, refused: 0, waiting: 1203, unreachable: true })
    expect((await waitingItems()).length).toBe(1203)

    box.down = false
    const second = await flush(box.transport)
    expect(second).toMatchObject({ sent: 1203, refused: 0, waiting: 0, unreachable: false })
    expect(box.calls.map((c) => c.ids.length)).toEqual([500, 500, 203])
    // Each batch says how many the phone still holds after it; one device id for all.
    expect(box.calls.map((c) => c.queued)).toEqual([703, 203, 0])
    expect(new Set(box.calls.map((c) => c.device)).size).toBe(1)
    expect(box.calls.flatMap((c) => c.ids)).toEqual(made.map((e) => e.id))
    expect(box.held.size).toBe(1203)
    // Nothing left: a second flush sends nothing.
    expect((await flush(box.transport)).sent).toBe(0)
    expect(box.calls.length).toBe(3)
  }, 60_000) // 1203 writes to fake-indexeddb: seconds on a busy box

  test('a batch whose answer was lost is sent again with the same ids (the box stores each once)', async () => {
    const box = fakeBox()
    const e = entry(1)
    await addEntry(1, 7, e)
    const lost: Transport = { ...box.transport, postEntries: async (id, body) => (await box.transport.postEntries(id, body), Promise.reject(new SendError('no answer', 0))) }
    expect((await flush(lost)).waiting).toBe(1)
    expect((await flush(box.transport)).waiting).toBe(0)
    expect(box.calls.map((c) => c.ids)).toEqual([[e.id], [e.id]])
    expect(box.held.size).toBe(1)
  })

  test('a refused batch is sent again one by one: the bad entry is kept with its reason, the others go', async () => {
    const box = fakeBox()
    const good = [entry(1), entry(2)]
    const bad = entry(3, 99)
    box.refuse = (e) => (e.area_id === 99 ? 'that storage area is not part of this count' : null)
    await addEntry(1, 7, good[0])
    await addEntry(1, 7, bad)
    await addEntry(1, 7, good[1])
    const told: string[] = []
    const off = onOutbox((ev) => told.push(...ev.refused.map((r) => r.id)))
    const r = await flush(box.transport)
    off()
    expect(r).toMatchObject({ sent: 2, refused: 1, waiting: 0 })
    expect([...box.held.keys()].sort()).toEqual(good.map((e) => e.id).sort())
    expect(told).toEqual([bad.id])
    const kept = await allItems()
    expect(kept.map((k) => k.id)).toEqual([bad.id])
    expect(kept[0].refused).toContain('not part of this count')
    // Not sent again.
    const before = box.calls.length
    await flush(box.transport)
    expect(box.calls.length).toBe(before)
  })

  test('entries of two counts go to their own count; kitchen records go once with their key', async () => {
    const box = fakeBox()
    await addEntry(1, 7, entry(1))
    await addEntry(1, 8, entry(2))
    await addRequest({ id: crypto.randomUUID(), user_id: 1, path: '/kitchen-inventory/usage', body: { item_id: 1 }, label: 'Usage' })
    box.down = true
    await flush(box.transport)
    box.down = false
    await flush(box.transport)
    await flush(box.transport)
    expect(box.calls.map((c) => c.countId).sort()).toEqual([7, 8])
    expect(box.requests.length).toBe(1)
    expect(await allItems()).toEqual([])
  })

  test('flushes asked for at once run one at a time and send each entry once', async () => {
    const box = fakeBox()
    for (let i = 0; i < 20; i++) await addEntry(1, 7, entry(i))
    await Promise.all([flush(box.transport), flush(box.transport), flush(box.transport)])
    expect(box.calls.flatMap((c) => c.ids).length).toBe(20)
  })

  test("a record waits for the user who made it: another user signed in on the phone does not send it as theirs", async () => {
    const box = fakeBox()
    await addEntry(1, 7, entry(1))
    box.user = 2
    expect((await flush(box.transport)).sent).toBe(0)
    box.user = null
    expect((await flush(box.transport)).sent).toBe(0)
    expect(box.calls.length).toBe(0)
    box.user = 1
    expect((await flush(box.transport)).sent).toBe(1)
  })

  test("a correction made before the first was sent replaces it in the outbox: one entry per line waits, the newest", async () => {
    const box = fakeBox()
    const first = entry(1)
    const fix = { ...entry(1), loose: 5 }
    const other = entry(2)
    await addEntry(1, 7, first)
    await addEntry(1, 7, other)
    await addEntry(1, 7, fix)
    // Another counter's entry of the same line (a shared phone) is theirs: it stays.
    const theirs = { ...entry(1), loose: 9 }
    await addEntry(2, 7, theirs)
    expect((await waitingItems()).map((i) => i.id)).toEqual([other.id, fix.id, theirs.id])
    await flush(box.transport)
    expect([...box.held.values()].map((e) => e.loose)).toEqual([2, 5])
  })

  test('the device id is made once and kept', async () => {
    const a = await deviceId()
    expect(a).toMatch(/^phone-[0-9a-f-]{36}$/)
    await closeDb()
    expect(await deviceId()).toBe(a)
  })

  test("a save's lines are told stored as soon as the box answers, and again once they have left the outbox", async () => {
    const box = fakeBox()
    await deviceId()
    const e = entry(1)
    await addEntry(1, 7, e)
    const told: { stored: string[] }[] = []
    const off = onOutbox((ev) => void told.push({ stored: ev.stored }))
    // Between the answer and the removal nothing but that removal is waited for: no transaction for the device id.
    const opened = await transactionsOf(() => flush(box.transport))
    off()
    expect(told.map((t) => t.stored)).toEqual([[e.id], []])
    expect(opened).toEqual(['readonly', 'readwrite', 'readonly'])
    expect(await waitingItems()).toEqual([])
  })
})

describe('the stored sheet', () => {
  test('a sheet, its codes and its drafts are kept per count', async () => {
    const count = { id: 5, lines: [], areas: [] } as unknown as StockCountDetail
    await saveSheet(count, [{ code: '04006381333931', item_id: 3, pack_id: null }])
    await saveDraft(5, '1:3', { draft: { counted: '2' }, hundredths: 200, at: '2026-11-27T09:00:00.000Z', entry: 'x' })
    await saveDraft(6, '1:3', { draft: { counted: '9' }, hundredths: 900, at: '2026-11-27T09:00:00.000Z', entry: null })
    await closeDb()
    expect((await loadSheet(5))?.codes.length).toBe(1)
    expect(await loadSheet(6)).toBeUndefined()
    expect(Object.keys(await loadDrafts(5))).toEqual(['1:3'])
    expect((await loadDrafts(5))['1:3'].hundredths).toBe(200)
  })

  test('scans resolve from the stored codes: EAN-13 and GTIN-14 alike, a case code names its pack, GS1, house labels', () => {
    const codes = [
      { code: '04006381333931', item_id: 3, pack_id: null },
      { code: '10012345000017', item_id: 3, pack_id: 41 },
      { code: 'SHELF-12', item_id: 4, pack_id: null },
    ]
    expect(resolveStored('4006381333931', codes)).toEqual({ code: '04006381333931', item_id: 3, pack_id: null })
    expect(resolveStored(' 10012345000017 ', codes)?.pack_id).toBe(41)
    expect(resolveStored('(01)10012345000017(10)LOT7', codes)?.pack_id).toBe(41)
    expect(resolveStored('SHELF-12', codes)?.item_id).toBe(4)
    expect(resolveStored('RIMS-9', codes)).toEqual({ code: 'RIMS-9', item_id: 9, pack_id: null })
    expect(resolveStored('5000000000000', codes)).toBeNull()
  })
})

/** localStorage as a browser has it (bun has none): synchronous, keys listed by key(i). */
class MemoryStorage {
  private m = new Map<string, string>()
  get length() {
    return this.m.size
  }
  key = (i: number) => [...this.m.keys()][i] ?? null
  getItem = (k: string) => this.m.get(k) ?? null
  setItem = (k: string, v: string) => void this.m.set(k, String(v))
  removeItem = (k: string) => void this.m.delete(k)
  clear = () => this.m.clear()
}

describe('the journal (a save kept in the same tick as the keystroke)', () => {
  beforeEach(() => {
    ;(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage()
  })
  const line = (e: EntryBody | null, at: string, figure: number): JournalLine<{ counted: string }> => ({
    draft: { draft: { counted: String(figure) }, hundredths: figure * 100, at, entry: e?.id ?? null },
    entry: e,
  })

  test('a line is in the journal before keepLine returns, and leaves it once IndexedDB holds its draft and entry', async () => {
    const e = entry(1)
    const kept = keepLine(7, 1, '1:101', line(e, e.counted_at, 1))
    // Synchronous: a page gone now still has it.
    expect(JSON.parse(localStorage.getItem('rims-journal:7:1')!)['1:101'].entry.id).toBe(e.id)
    await kept
    expect(localStorage.getItem('rims-journal:7:1')).toBeNull()
    expect((await waitingItems()).map((i) => i.id)).toEqual([e.id])
    expect((await loadDrafts(7))['1:101']).toMatchObject({ entry: e.id, hundredths: 100 })
  })

  test('what a page journaled and never committed is replayed into the outbox on the next open, once however often', async () => {
    const e = entry(2)
    const typed = entry(3)
    localStorage.setItem('rims-journal:7:1', JSON.stringify({ '1:102': line(e, e.counted_at, 2), '1:103': line(null, typed.counted_at, 3) }))
    const theirs = entry(4)
    localStorage.setItem('rims-journal:8:2', JSON.stringify({ '1:104': line(theirs, theirs.counted_at, 4) }))
    await replayJournals()
    await replayJournals()
    const waiting = await waitingItems()
    expect(waiting.length).toBe(2)
    expect(waiting.find((i) => i.id === e.id)).toMatchObject({ user_id: 1, count_id: 7 })
    // Another user's line keeps its user: it goes when they are signed in.
    expect(waiting.find((i) => i.id === theirs.id)).toMatchObject({ user_id: 2, count_id: 8 })
    // A line typed and not saved comes back as its draft (the sheet saves it on load), not as an entry.
    expect((await loadDrafts(7))['1:103']).toMatchObject({ entry: null, hundredths: 300 })
    expect(localStorage.length).toBe(0)
    const box = fakeBox()
    await flush(box.transport)
    expect([...box.held.keys()]).toEqual([e.id])
  })

  test('fifty journaled lines are replayed in one transaction, however many callers ask at once', async () => {
    const lines = Object.fromEntries(Array.from({ length: 50 }, (_, i) => entry(10 + i)).map((e) => [`1:${e.item_id}`, line(e, e.counted_at, 1)]))
    localStorage.setItem('rims-journal:7:1', JSON.stringify(lines))
    // The app and the sheet both ask when a page opens.
    const opened = await transactionsOf(() => Promise.all([replayJournals(), replayJournals()]))
    expect(opened.filter((m) => m === 'readwrite').length).toBe(1)
    expect((await waitingItems()).length).toBe(50)
    expect(localStorage.getItem('rims-journal:7:1')).toBeNull()
  })

  test('a draft being typed is journaled with no transaction; its save replaces it, and a replay keeps one never saved', async () => {
    const typed = line(null, entry(6).counted_at, 6).draft
    const keys = await transactionsOf(async () => {
      journalDraft(7, 1, '1:106', typed)
      journalDraft(7, 1, '1:107', line(null, entry(7).counted_at, 7).draft)
    })
    expect(keys).toEqual([])
    expect(Object.keys(JSON.parse(localStorage.getItem('rims-journal:7:1')!))).toEqual(['1:106', '1:107'])
    const e = entry(6)
    await keepLine(7, 1, '1:106', line(e, e.counted_at, 6))
    expect(Object.keys(JSON.parse(localStorage.getItem('rims-journal:7:1')!))).toEqual(['1:107'])
    await replayJournals()
    expect(localStorage.getItem('rims-journal:7:1')).toBeNull()
    expect((await loadDrafts(7))['1:107']).toMatchObject({ entry: null, hundredths: 700 })
    expect((await waitingItems()).map((i) => i.id)).toEqual([e.id])
  })

  test('a scan on the phone counts on from the figure still being typed on the sheet', async () => {
    const sheetLine = { area_id: 1, item_id: 3, item_name: 'Tonic', unit: 'bottle', packs: [], counted: null, counted_at: null, expected: 0 }
    await saveSheet({ id: 9, status: 'OPEN', lines: [sheetLine], areas: [] } as unknown as StockCountDetail, [{ code: '04006381333931', item_id: 3, pack_id: null }])
    journalDraft(9, 1, '1:3', { draft: { counted: '5', packs: {}, loose: '' }, hundredths: 500, at: entry(1).counted_at, entry: null })
    const scan = await scanOnPhone(9, 1, 1, '4006381333931', 'scan-1')
    expect(scan).toMatchObject({ ok: true, answer: { line: { counted: 6 } } })
  })

  test("a closed count's journal is dropped, not replayed into it; other counts keep theirs", async () => {
    const e = entry(8)
    localStorage.setItem('rims-journal:7:1', JSON.stringify({ '1:108': line(e, e.counted_at, 8) }))
    localStorage.setItem('rims-journal:7:2', JSON.stringify({ '1:108': line(null, e.counted_at, 9) }))
    localStorage.setItem('rims-journal:70:1', JSON.stringify({ '1:108': line(null, e.counted_at, 10) }))
    dropJournals(7)
    await replayJournals()
    expect(await waitingItems()).toEqual([])
    expect(await loadDrafts(7)).toEqual({})
    expect((await loadDrafts(70))['1:108']).toMatchObject({ hundredths: 1000 })
  })

  test('a journal replayed late never undoes a later correction of the same line', async () => {
    const old = entry(5)
    const fix = { ...entry(5), id: crypto.randomUUID(), loose: 50, counted_at: new Date(Date.parse(old.counted_at) + 1000).toISOString() }
    localStorage.setItem('rims-journal:7:1', JSON.stringify({ '1:105': line(old, old.counted_at, 5) }))
    await keepLine(7, 1, '1:105', line(fix, fix.counted_at, 50))
    localStorage.setItem('rims-journal:7:1', JSON.stringify({ '1:105': line(old, old.counted_at, 5) }))
    await replayJournals()
    expect((await waitingItems()).map((i) => (i as EntryItem).entry.loose)).toEqual([50])
    expect((await loadDrafts(7))['1:105']).toMatchObject({ entry: fix.id, hundredths: 5000 })
  })
})
