import { useCallback, useEffect, useRef, useState } from 'react'
import { messageOr } from '../api/client'

/** A failure's own words: the `ApiError`'s message (the server's, or 'HTTP error! status: …'). */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

export interface Loaded<T> {
  data: T | null
  loading: boolean
  error: string | null
  /** Loads again (a Retry, or after a write). */
  reload: () => void
}

/**
 * Loads one thing (statistics, a dashboard, lookup lists) and loads it again when `deps` change or on
 * `reload`. The error is kept for a Retry: with a `fallback` line, the server's message else that line;
 * with a function, what it makes of the failure; else the failure's own message. `initial`: data already at hand
 * when the component mounts (read at start: lib/earlyFetch.ts), shown by the first render and not loaded again
 * until `deps` change or `reload`.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[] = [],
  fallback?: string | ((err: unknown) => string),
  initial?: () => T | null,
): Loaded<T> {
  const fallbackRef = useRef(fallback)
  fallbackRef.current = fallback
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>(() => {
    const data = initial?.() ?? null
    return { data, loading: data === null, error: null }
  })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const key = JSON.stringify(deps)
  // The deps whose data the first render had: not loaded again (StrictMode's second run of the effect included).
  const given = useRef(state.data === null ? null : key)
  useEffect(() => {
    if (attempt === 0 && given.current === key) return
    given.current = null
    const ctrl = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null }))
    loadRef.current(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ data, loading: false, error: null }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return
        const f = fallbackRef.current
        const message = typeof f === 'function' ? f(err) : f === undefined ? errorText(err) : messageOr(err, f)
        setState((s) => ({ ...s, loading: false, error: message }))
      },
    )
    return () => ctrl.abort()
  }, [key, attempt])
  const reload = useCallback(() => setAttempt((a) => a + 1), [])
  return { ...state, reload }
}
