// The count sheet's lines outside React state: each line subscribes to its own entry, so a key typed in one line
// re-renders that line only (not the 500 of a large area), and the sheet itself re-renders only when a line's
// save state or saved figure changes (its progress, the uncounted list, Saving…).
import { useCallback, useSyncExternalStore } from 'react'
import type { LineView } from '../../lib/counting/lineState'

export class LineStore {
  private readonly views: Map<string, LineView>
  private readonly listeners = new Map<string, Set<() => void>>()
  private readonly summaryListeners = new Set<() => void>()
  private version = 0

  constructor(views: Map<string, LineView>) {
    this.views = views
  }

  get = (key: string): LineView => this.views.get(key)!

  all = () => this.views.values()

  /** Replaces a line's view (f returns the new one, or the same to change nothing) and tells whoever watches it. */
  update(key: string, f: (v: LineView) => LineView) {
    const prev = this.views.get(key)!
    const next = f(prev)
    if (next === prev) return
    this.views.set(key, next)
    this.listeners.get(key)?.forEach((l) => l())
    if (prev.state !== next.state || prev.saved !== next.saved) {
      this.version++
      this.summaryListeners.forEach((l) => l())
    }
  }

  /** A line added while the sheet is open (an item found on the shelf): its entry, and the progress told. */
  add(key: string, view: LineView) {
    if (this.views.has(key)) return
    this.views.set(key, view)
    this.version++
    this.summaryListeners.forEach((l) => l())
  }

  subscribe(key: string, listener: () => void) {
    let set = this.listeners.get(key)
    if (!set) this.listeners.set(key, (set = new Set()))
    set.add(listener)
    return () => void set.delete(listener)
  }

  subscribeSummary = (listener: () => void) => {
    this.summaryListeners.add(listener)
    return () => void this.summaryListeners.delete(listener)
  }

  /** Changes whenever a line's state or saved figure does (what progress, uncounted and Saving… are made of). */
  summary = () => this.version
}

/** One line's view, re-rendering its component only when that line changes. */
export function useLineView(store: LineStore, key: string): LineView {
  const subscribe = useCallback((l: () => void) => store.subscribe(key, l), [store, key])
  return useSyncExternalStore(subscribe, () => store.get(key))
}

/** Re-renders on a save state or saved figure changing anywhere on the sheet (not on typing). */
export const useSummary = (store: LineStore) => useSyncExternalStore(store.subscribeSummary, store.summary)
