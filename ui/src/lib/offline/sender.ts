// Sends the outbox to the box (issue 33.4): count entries in batches of at most 500 per count with the phone's
// device id and how many entries it still holds after the batch; each other record as its own request with its
// Idempotency-Key. A box that does not answer leaves everything waiting; a refusal is kept with its reason.
import { MAX_ENTRIES } from '../../../../src/contract/counts'
import { get, openDb, put, tx } from './db'
import { markRefused, removeItems, tell, waitingItems, type EntryBody, type EntryItem, type RequestItem } from './outbox'

/** How the sender reaches the box (api/client in the app, a fake in the unit tests). */
export interface Transport {
  /** The signed-in user (null: nobody): only their records are sent. */
  userId(): number | null
  postEntries(countId: number, body: { device_id: string; queued: number; entries: EntryBody[] }): Promise<{ stored: string[] }>
  postRequest(path: string, body: unknown, idempotencyKey: string): Promise<void>
}

/** A failed send: `status` 0 when the box did not answer at all. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** The box did not take it now but may later (no answer, a gateway's 502–504, a 5xx, a session to renew). */
const later = (status: number) => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500

const statusOf = (err: unknown) => (err instanceof SendError ? err.status : typeof (err as { status?: unknown })?.status === 'number' ? (err as { status: number }).status : 0)
const messageOf = (err: unknown) => (err instanceof Error && err.message) || 'Refused by the box'

/**
 * The phone's own id (kept in IndexedDB): the review shows each counter's device and when it last synced. Read once
 * per open database: every send needs it, and a read-write transaction of its own sat before each save's request.
 */
export async function deviceId(): Promise<string> {
  const db = await openDb()
  let id = knownDevice.get(db)
  if (!id) {
    id = tx(['meta'], 'readwrite', async (t) => {
      const held = await get<string>(t, 'meta', 'device_id')
      if (held) return held
      const made = `phone-${crypto.randomUUID()}`
      await put(t, 'meta', made, 'device_id')
      return made
    })
    knownDevice.set(db, id)
    id.catch(() => knownDevice.delete(db))
  }
  return id
}
const knownDevice = new WeakMap<IDBDatabase, Promise<string>>()

class Unreachable extends Error {}

let running: Promise<FlushResult> | null = null
let again = false

export interface FlushResult {
  sent: number
  refused: number
  /** Still waiting (the box did not answer, or more came meanwhile). */
  waiting: number
  /** The box did not answer (the send stopped there). */
  unreachable: boolean
}

/** Sends what waits, once at a time: a flush asked for during one runs right after it. */
export function flush(transport: Transport): Promise<FlushResult> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    let result: FlushResult
    do {
      again = false
      result = await flushOnce(transport)
    } while (again && !result.unreachable)
    return result
  })().finally(() => (running = null))
  return running
}

async function flushOnce(transport: Transport): Promise<FlushResult> {
  const user = transport.userId()
  const items = (await waitingItems()).filter((i) => i.user_id === user)
  const entries = items.filter((i): i is EntryItem => i.kind === 'entry')
  const requests = items.filter((i): i is RequestItem => i.kind === 'request')
  let left = entries.length
  let sent = 0
  let refused = 0
  let unreachable = false
  try {
    if (entries.length) {
      const device = await deviceId()
      const byCount = new Map<number, EntryItem[]>()
      for (const e of entries) byCount.set(e.count_id, [...(byCount.get(e.count_id) ?? []), e])
      for (const [countId, list] of byCount) {
        for (let i = 0; i < list.length; i += MAX_ENTRIES) {
          const chunk = list.slice(i, i + MAX_ENTRIES)
          const r = await sendEntries(transport, countId, device, chunk, left - chunk.length)
          left -= chunk.length
          sent += r.sent
          refused += r.refused
        }
      }
    }
    for (const r of requests) {
      try {
        await transport.postRequest(r.path, r.body, r.id)
        await removeItems([r.id])
        sent++
        tell({ stored: [r.id], refused: [] })
      } catch (err) {
        if (later(statusOf(err))) throw new Unreachable()
        await markRefused([{ id: r.id, message: messageOf(err) }])
        refused++
        tell({ stored: [], refused: [{ id: r.id, message: messageOf(err) }] })
      }
    }
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err
    unreachable = true
  }
  return { sent, refused, unreachable, waiting: (await waitingItems()).filter((i) => i.user_id === user).length }
}

/**
 * One batch. A refused batch (all or nothing on the box) is sent again one entry at a time, so one bad entry is
 * kept with its reason and the others still go.
 */
async function sendEntries(transport: Transport, countId: number, device: string, chunk: EntryItem[], queued: number): Promise<{ sent: number; refused: number }> {
  try {
    const answer = await transport.postEntries(countId, { device_id: device, queued, entries: chunk.map((c) => c.entry) })
    const held = new Set(answer.stored)
    const stored = chunk.filter((c) => held.has(c.id)).map((c) => c.id)
    // The box holds them: their lines say so now, not after a transaction of the phone's (were the page to close
    // before the removal commits, they are sent again and the box stores them once). Told again once removed: the badge counts.
    tell({ stored, refused: [] })
    await removeItems(stored)
    tell({ stored: [], refused: [] })
    return { sent: stored.length, refused: 0 }
  } catch (err) {
    if (later(statusOf(err))) throw new Unreachable()
    if (chunk.length === 1) {
      const refusal = { id: chunk[0].id, message: messageOf(err) }
      await markRefused([refusal])
      tell({ stored: [], refused: [refusal] })
      return { sent: 0, refused: 1 }
    }
    let sent = 0
    let refused = 0
    for (let i = 0; i < chunk.length; i++) {
      const r = await sendEntries(transport, countId, device, [chunk[i]], queued + chunk.length - i - 1)
      sent += r.sent
      refused += r.refused
    }
    return { sent, refused }
  }
}

/** Every 15 s while anything waits (Background Sync does not exist in Safari or Firefox). */
export const RETRY_MS = 15_000

/**
 * Sends when the app opens, when the browser says it is online, when the page becomes visible, when the box
 * answers again (`onBack`: the connection banner's probe) and every RETRY_MS while anything waits.
 * Answers a function that asks for a send now (after a record was added).
 */
export function startSender(transport: Transport, onBack: (l: () => void) => () => void): { send: () => Promise<FlushResult>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  const send = async () => {
    clearTimeout(timer)
    timer = undefined
    const r = await flush(transport).catch(() => ({ sent: 0, refused: 0, waiting: 1, unreachable: true }))
    if (r.waiting > 0 && timer === undefined) timer = setTimeout(() => void send(), RETRY_MS)
    return r
  }
  const visible = () => {
    if (document.visibilityState === 'visible') void send()
  }
  const online = () => void send()
  window.addEventListener('online', online)
  document.addEventListener('visibilitychange', visible)
  const unBack = onBack(online)
  void send()
  return {
    send,
    stop: () => {
      clearTimeout(timer)
      window.removeEventListener('online', online)
      document.removeEventListener('visibilitychange', visible)
      unBack()
    },
  }
}
