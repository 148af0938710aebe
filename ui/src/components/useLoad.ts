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
 * with a function, what it makes of the failure; else the failure's own message.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[] = [], fallback?: string | ((err: unknown) => string)): Loaded<T> {
  const fallbackRef = useRef(fallback)
  fallbackRef.current = fallback
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({ data: null, loading: true, error: null })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const key = JSON.stringify(deps)
  useEffect(() => {
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
