import type { ReactNode } from 'react'
import { Pager } from '../../components/DataTable'
import { LoadError } from '../../components/LoadError'
import type { PagedList } from '../../components/usePagedList'
import { UI } from '../../messages/common'

/** A paged card grid (categories, suppliers): skeleton, the spec's empty line, the error with a Retry. */
export function CardGrid<T extends { id: number }>({ list, kind, searchTerm, render }: { list: PagedList<T>; kind: string; searchTerm?: string; render: (r: T) => ReactNode }) {
  if (list.error) return <LoadError error={list.error} retry={list.retry} />
  const term = searchTerm?.trim()
  return (
    <div className="space-y-3" aria-busy={list.loading || undefined}>
      {list.loading && list.rows.length === 0 ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-36 animate-pulse rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" />
          ))}
        </div>
      ) : list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
          {UI.empty(kind, term || undefined)}
        </p>
      ) : (
        <ul aria-label={kind} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {list.rows.map((r) => (
            <li key={r.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
              {render(r)}
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} />
    </div>
  )
}
