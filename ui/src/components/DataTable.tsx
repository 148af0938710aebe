import type { ReactNode } from 'react'
import { UI } from '../messages/common'
import { Button } from './Button'
import { LoadError } from './LoadError'
import { useMediaQuery } from './useMediaQuery'
import type { PagedList } from './usePagedList'

export interface Column<T> {
  /** Column heading, also the label of the value on phones. */
  header: string
  cell: (row: T) => ReactNode
  /** Right-align numbers and money. */
  numeric?: boolean
  /** Hide on phones (kept in the table on wider screens). */
  wide?: boolean
}

interface DataTableProps<T> {
  /** Caption for screen readers and the empty state's word: 'items', 'movements'. */
  kind: string
  caption?: string
  columns: Column<T>[]
  /** Each row's key; the row's `id` when not given. */
  rowKey?: (row: T) => string | number
  list: PagedList<T>
  /** The current search, for 'No {kind} found for "{term}"'. */
  searchTerm?: string
  /** Row actions (Edit, Delete…), shown last. */
  actions?: (row: T) => ReactNode
  /** The spec's line for a failed load, shown alone with the failure's reason on its own line below. */
  failed?: string
  /** Row checkboxes (bulk edit): which rows are ticked, and what a tick does. */
  selection?: Selection<T>
}

export interface Selection<T> {
  isSelected: (row: T) => boolean
  toggle: (row: T, on: boolean) => void
  /** The header's box: every row of this page on or off. */
  togglePage: (rows: T[], on: boolean) => void
  /** A row's accessible name for its checkbox: 'Select Rice'. */
  label: (row: T) => string
}

/** A checkbox with a 44 px target around it. */
function SelectBox({ checked, onChange, label, indeterminate }: { checked: boolean; onChange: (on: boolean) => void; label: string; indeterminate?: boolean }) {
  return (
    <label className="-m-2 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        className="h-5 w-5 accent-brand-700"
        checked={checked}
        aria-label={label}
        ref={(el) => {
          if (el) el.indeterminate = !!indeterminate
        }}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  )
}

const byId = (row: unknown) => (row as { id: string | number }).id

/**
 * A server-paged table: skeleton while loading, the spec's empty line, the error with a Retry.
 * Phones get one card per row (label: value) instead of a sideways-scrolling table.
 */
export function DataTable<T>({ kind, caption, columns, rowKey = byId, list, searchTerm, actions, failed, selection }: DataTableProps<T>) {
  const wide = useMediaQuery('(min-width: 640px)')
  const term = searchTerm?.trim()

  if (list.error) return failed ? <LoadError error={failed} detail={list.error} retry={list.retry} /> : <LoadError error={list.error} retry={list.retry} />

  const body = list.loading && list.rows.length === 0 ? <Skeleton columns={wide ? columns.length + (actions ? 1 : 0) + (selection ? 1 : 0) : 1} wide={wide} /> : null
  const empty = !list.loading && list.rows.length === 0
  const ticked = selection ? list.rows.filter((r) => selection.isSelected(r)).length : 0

  return (
    <div className="space-y-3" aria-busy={list.loading || undefined}>
      {empty ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400">
          {UI.empty(kind, term || undefined)}
        </p>
      ) : wide ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption ?? kind}</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300">
              <tr>
                {selection && (
                  <th scope="col" className="w-12 px-4 py-1">
                    <SelectBox
                      label={`Select all ${kind} on this page`}
                      checked={list.rows.length > 0 && ticked === list.rows.length}
                      indeterminate={ticked > 0 && ticked < list.rows.length}
                      onChange={(on) => selection.togglePage(list.rows, on)}
                    />
                  </th>
                )}
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`px-4 py-3 ${c.numeric ? 'text-right' : ''}`}>
                    {c.header}
                  </th>
                ))}
                {actions && (
                  <th scope="col" className="px-4 py-3 text-right">
                    Actions
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {body ??
                list.rows.map((row) => (
                  <tr key={rowKey(row)} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                    {selection && (
                      <td className="px-4 py-1 align-top">
                        <SelectBox label={selection.label(row)} checked={selection.isSelected(row)} onChange={(on) => selection.toggle(row, on)} />
                      </td>
                    )}
                    {columns.map((c) => (
                      <td key={c.header} className={`px-4 py-3 align-top ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                        {c.cell(row)}
                      </td>
                    ))}
                    {actions && (
                      <td className="px-4 py-2 text-right">
                        <div className="flex justify-end gap-1">{actions(row)}</div>
                      </td>
                    )}
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-label={caption ?? kind} className="space-y-2">
          {body ??
            list.rows.map((row) => (
              <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
                {selection && (
                  <div className="-mt-2 mb-1 flex justify-end">
                    <SelectBox label={selection.label(row)} checked={selection.isSelected(row)} onChange={(on) => selection.toggle(row, on)} />
                  </div>
                )}
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  {columns
                    .filter((c) => !c.wide)
                    .map((c) => (
                      <div key={c.header} className="contents">
                        <dt className="text-slate-600 dark:text-slate-400">{c.header}</dt>
                        <dd className="text-right">{c.cell(row)}</dd>
                      </div>
                    ))}
                </dl>
                {actions && <div className="mt-3 flex flex-wrap justify-end gap-2">{actions(row)}</div>}
              </li>
            ))}
        </ul>
      )}
      <Pager list={list} />
    </div>
  )
}

function Skeleton({ columns, wide }: { columns: number; wide: boolean }) {
  const rows = Array.from({ length: 5 }, (_, i) => i)
  const bar = <span className="block h-4 w-full max-w-40 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
  if (!wide)
    return (
      <>
        {rows.map((i) => (
          <li key={i} aria-hidden="true" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
            {bar}
            {bar}
          </li>
        ))}
      </>
    )
  return (
    <>
      {rows.map((i) => (
        <tr key={i} aria-hidden="true">
          {Array.from({ length: columns }, (_, j) => (
            <td key={j} className="px-4 py-3">
              {bar}
            </td>
          ))}
        </tr>
      ))}
    </>
  )
}

/** Previous / Next with 'Page x of y' and the range shown. */
export function Pager<T>({ list }: { list: PagedList<T> }) {
  const pages = Math.max(1, Math.ceil(list.total / list.limit))
  if (list.total <= list.limit && list.page === 1) return null
  const from = (list.page - 1) * list.limit + 1
  const to = Math.min(list.total, list.page * list.limit)
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
      <p>
        {from}–{to} of {list.total}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" onClick={() => list.setPage(list.page - 1)} disabled={list.page <= 1 || list.loading}>
          Previous
        </Button>
        <span aria-current="page" className="px-1 whitespace-nowrap">
          Page {list.page} of {pages}
        </span>
        <Button variant="secondary" onClick={() => list.setPage(list.page + 1)} disabled={list.page >= pages || list.loading}>
          Next
        </Button>
      </div>
    </nav>
  )
}
