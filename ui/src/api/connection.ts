// Whether the server answers: set by api/client.ts on every call (and by a page chunk that fails to
// load), read by the layout's banner. A call that never reached the server (fetch's TypeError) marks
// the connection lost; any answer, even an error status, marks it back.
import { useSyncExternalStore } from 'react'

let offline = false
const listeners = new Set<() => void>()

export function setOffline(value: boolean) {
  if (offline === value) return
  offline = value
  listeners.forEach((l) => l())
}
export const isOffline = () => offline

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
export const useOffline = () => useSyncExternalStore(subscribe, isOffline, isOffline)

/** While offline, asks the server's health route every `ms` so the banner goes once the Wi-Fi is back. */
export async function probe(): Promise<boolean> {
  try {
    const res = await fetch('/api/health', { cache: 'no-store' })
    setOffline(false)
    return res.ok
  } catch {
    setOffline(true)
    return false
  }
}

/** Told whenever the connection state changes (the outbox sends as soon as the box answers again). */
export const onConnection = subscribe
