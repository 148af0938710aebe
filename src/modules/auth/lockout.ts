import type { Clock } from '../../lib/clock'

const WINDOW_MS = 15 * 60_000
const MAX_FAILURES = 5

/** 5 failures for one email within 15 minutes lock it for 15 minutes. In memory: one process serves the restaurant. */
export function createLockout(clock: Clock) {
  const failures = new Map<string, number[]>()
  const recent = (email: string) => {
    const since = clock().getTime() - WINDOW_MS
    const list = (failures.get(email) ?? []).filter((t) => t > since)
    if (list.length) failures.set(email, list)
    else failures.delete(email)
    return list
  }
  return {
    isLocked: (email: string) => recent(email).length >= MAX_FAILURES,
    recordFailure: (email: string) => failures.set(email, [...recent(email), clock().getTime()]),
    clear: (email: string) => failures.delete(email),
  }
}
export type Lockout = ReturnType<typeof createLockout>
