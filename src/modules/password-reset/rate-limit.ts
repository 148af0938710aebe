import type { Clock } from '../../lib/clock'

/**
 * A fixed-window counter per client address, in memory and bounded: at most `maxKeys` windows
 * are kept (expired ones go first, then the oldest), so a flood of addresses cannot grow it.
 */
export function createRateLimit(clock: Clock, o: { max: number; windowMs: number; maxKeys: number }) {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    /** Counts one request; false when the address has used up its window. */
    allow(address: string): boolean {
      const now = clock().getTime()
      let w = windows.get(address)
      if (!w || now - w.start >= o.windowMs) {
        windows.delete(address)
        if (windows.size >= o.maxKeys) {
          for (const [key, old] of windows) if (now - old.start >= o.windowMs) windows.delete(key)
          // Maps iterate in insertion order: the first key is the oldest window.
          while (windows.size >= o.maxKeys) windows.delete(windows.keys().next().value!)
        }
        w = { start: now, count: 0 }
        windows.set(address, w)
      }
      return ++w.count <= o.max
    },
  }
}
