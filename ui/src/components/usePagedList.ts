import { useCallback, useEffect, useRef, useState } from 'react'
import type { ListEnvelope } from '../api/client'

/** SPEC §9: page sizes. */
export const PAGE_SIZE = 10
export const CARD_PAGE_SIZE = 8

export interface PagedList<T> {
  rows: T[]
  total: number
  page: number
  limit: number
  loading: boolean
  error: string | null
  setPage: (page: number) => void
  retry: () => void
}

/**
 * A server-paged list. `filters` are the search, filters and tab: when any of them changes the
 * list goes back to page 1 (SPEC §9). Errors are kept and shown with a Retry, never swallowed.
 */
export function usePagedList<T>(
  fetchPage: (args: { page: number; limit: number; signal: AbortSignal }) => Promise<ListEnvelope<T>>,
  filters: readonly unknown[],
  limit = PAGE_SIZE,
): PagedList<T> {
  const [page, setPage] = useState(1)
  const [state, setState] = useState<{ rows: T[]; total: number; loading: boolean; error: string | null }>({ rows: [], total: 0, loading: true, error: null })
  const [attempt, setAttempt] = useState(0)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage
  const filterKey = JSON.stringify(filters)
  const lastKey = useRef(filterKey)

  // A change of search, filter or tab: back to the first page.
  const effectivePage = lastKey.current === filterKey ? page : 1
  useEffect(() => {
    if (lastKey.current !== filterKey) {
      lastKey.current = filterKey
      setPage(1)
    }
  }, [filterKey])

  useEffect(() => {
    const ctrl = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null }))
    fetchRef.current({ page: effectivePage, limit, signal: ctrl.signal }).then(
      (res) => setState({ rows: res.data, total: res.meta?.total ?? res.data.length, loading: false, error: null }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return
        setState((s) => ({ ...s, loading: false, error: err instanceof Error ? err.message : String(err) }))
      },
    )
    return () => ctrl.abort()
  }, [effectivePage, filterKey, limit, attempt])

  const retry = useCallback(() => setAttempt((a) => a + 1), [])
  return { ...state, page: effectivePage, limit, setPage, retry }
}
