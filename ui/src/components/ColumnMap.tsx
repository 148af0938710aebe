import { useId } from 'react'

// The one "which column is which" table: each column of a file with its first values and a select of what it is
// read as. The import wizard (a CSV of items, suppliers, categories) and the invoice screens (a supplier's CSV, a
// PDF's unlabelled columns) both use it, so a person maps columns the same way everywhere.

/** How many values under each header are shown. */
export const SAMPLE_VALUES = 3

const selectClass = 'block min-h-11 w-full min-w-36 max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm dark:border-slate-600 dark:bg-slate-900'
const badgeClass = 'ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200'

export interface MappedColumn {
  /** The column as named to the person ("Qty", "Full bottles (column G)"). */
  label: string
  /** Shown instead of the label when the file gives the column no header. */
  blank?: string
  /** The first values under it (undefined: the row is shorter). */
  values: (string | undefined)[]
  /** The chosen option's value. */
  value: string
  /** A short mark beside the name ("not recognised"). */
  badge?: string
  /** A line under the select ("Name is set below instead."). */
  note?: string
}

export interface MapOption {
  value: string
  label: string
}

interface Props {
  columns: MappedColumn[]
  /** What each column can be read as; `ignore` comes first. */
  options: MapOption[]
  ignore: MapOption
  /** An option offered only while a column holds it (the wizard's "Choose…" for a repeated header). */
  pending?: MapOption
  onChange: (index: number, value: string) => void
  /** The scrolling region's name ("Columns of the file"). */
  name: string
  /** How many first values to show under each column. */
  samples?: number
}

export function ColumnMap({ columns, options, ignore, pending, onChange, name, samples = SAMPLE_VALUES }: Props) {
  const id = useId()
  return (
    // Focusable: a keyboard can scroll it sideways on a phone.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={name}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">How each column of the file is read</caption>
        <thead className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Column in the file
            </th>
            <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
              First values
            </th>
            <th scope="col" className="py-2">
              Read as
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {columns.map((c, i) => (
            <tr key={i}>
              <td className="py-2 pr-4 align-top font-medium">
                {c.blank ? <em className="text-slate-500">{c.blank}</em> : c.label}
                {c.badge && <span className={badgeClass}>{c.badge}</span>}
                {/* On a phone the values stand under the header: three columns would crush the select. */}
                <FirstValues label={c.label} values={c.values.slice(0, samples)} className="mt-1 font-normal sm:hidden" />
              </td>
              <td className="hidden py-2 pr-4 align-top sm:table-cell">
                <FirstValues label={c.label} values={c.values.slice(0, samples)} />
              </td>
              <td className="py-1 align-top">
                <label className="sr-only" htmlFor={`${id}-map-${i}`}>
                  Read “{c.label}” as
                </label>
                <select id={`${id}-map-${i}`} value={c.value} onChange={(e) => onChange(i, e.target.value)} className={selectClass}>
                  {pending && c.value === pending.value && <option value={pending.value}>{pending.label}</option>}
                  {[ignore, ...options].map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                {c.note && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{c.note}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The first values under one header; an empty cell says so. */
function FirstValues({ label, values, className = '' }: { label: string; values: (string | undefined)[]; className?: string }) {
  return (
    <ul aria-label={`First values of “${label}”`} className={`space-y-0.5 text-slate-600 dark:text-slate-400 ${className}`}>
      {values.map((v, r) => (
        <li key={r} className="max-w-56 truncate">
          {v?.trim() ? v : <em className="text-slate-500">(empty)</em>}
        </li>
      ))}
    </ul>
  )
}
