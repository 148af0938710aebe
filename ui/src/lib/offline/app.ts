// The outbox in the app: the sender started once (main.tsx) over api/client, and what waits, for the badge.
import { useSyncExternalStore } from 'react'
import type { EntriesAnswer } from '../../../../src/contract/counts'
import { ApiError, call } from '../../api/client'
import { isOffline, onConnection } from '../../api/connection'
import { getSession, onSessionChange } from '../../session/store'
import { replayJournals } from './journal'
import { allItems, onOutbox } from './outbox'
import { startSender, type FlushResult, type Transport } from './sender'

const transport: Transport = {
  userId: () => getSession()?.user.id ?? null,
  postEntries: async (countId, body) => (await call<EntriesAnswer>('POST', `/stock-counts/${countId}/entries`, { body })).data,
  postRequest: async (path, body, idempotencyKey) => void (await call('POST', path, { body, idempotencyKey })),
}

/** No answer from the box (or a gateway's stand-in for none): kept on the phone, or opened from it. */
export const boxUnreachable = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504)

let sender: ReturnType<typeof startSender> | null = null

/** Starts sending (the app opened); the connection coming back after a failed call sends too. */
export function startOutbox() {
  if (sender || typeof indexedDB === 'undefined') return
  sender = startSender(transport, (l) => onConnection(() => void (!isOffline() && l())))
  // Lines the last page journaled and did not commit join the outbox, then go (lib/offline/journal).
  void replayJournals().then(() => sender?.send())
  void recount()
  // Another user signed in: their records are the ones counted and sent now.
  let user = getSession()?.user.id
  onSessionChange(() => {
    if (getSession()?.user.id === user) return
    user = getSession()?.user.id
    void recount()
    if (user !== undefined) void sender?.send()
  })
}

/** Send what waits now (a record was just added). */
export const sendNow = (): Promise<FlushResult> => sender?.send() ?? Promise.resolve({ sent: 0, refused: 0, waiting: 0, unreachable: false })

/** What waits on this phone: count entries, and other records (the kitchen's), not refused. */
export interface Waiting {
  entries: number
  records: number
}
let waiting: Waiting = { entries: 0, records: 0 }
const listeners = new Set<() => void>()

/** Counted for the signed-in user: what they can send, and would leave behind by signing out. */
async function recount() {
  const me = getSession()?.user.id
  const items = (await allItems().catch(() => [])).filter((i) => !i.refused && i.user_id === me)
  const next = { entries: items.filter((i) => i.kind === 'entry').length, records: items.filter((i) => i.kind === 'request').length }
  if (next.entries === waiting.entries && next.records === waiting.records) return
  waiting = next
  listeners.forEach((l) => l())
}
onOutbox(() => void recount())


const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => void listeners.delete(l)
}
const snapshot = () => waiting
export const getWaiting = snapshot
export const useWaiting = () => useSyncExternalStore(subscribe, snapshot, snapshot)
