import { useState } from 'react'
import { headerCells, headerLabel, leadingRows, matchHeaders, repeatedHeaders } from '../../../../src/contract/imports'
import { CSV_FIELDS, INVOICE_HEADERS, isCsvUnmapped } from '../../../../src/contract/invoices'
import { ApiError } from '../../api/client'
import { ColumnMap, SAMPLE_VALUES } from '../../components/ColumnMap'
import { INVOICE_UI as T } from '../../messages/invoices'
import { fieldChoiceProblem } from './fieldChoice'

// A supplier's first CSV whose headers RIMS does not know (issue 34.2b): the server refuses it saying which fields
// it misses; the upload then offers the import wizard's column mapping (ColumnMap) for the file, and sends the choice
// as csv_map. The server keeps it for the supplier once the draft is received, so the next CSV is read by itself.

const OPTIONS = CSV_FIELDS.map((f) => ({ value: f, label: T.fields[f] }))

interface Mapping {
  headers: string[]
  samples: string[][]
  /** One field per column ('' not read). */
  fields: string[]
}

export const isCsvName = (file: File) => /\.(csv|txt)$/i.test(file.name) || file.type === 'text/csv'

/** The mapping step of an upload: offered after the server asks for it, then sent with every try of the same file. `onChange`: a column was renamed. */
export function useCsvMap(onChange: () => void) {
  const [mapping, setMapping] = useState<Mapping | null>(null)
  return {
    /** A new file: nothing mapped yet. */
    reset: () => setMapping(null),
    /** The server asked which column holds what: read the file's headers and first rows here, start from the known ones. True when offered. */
    async offer(err: unknown, file: File): Promise<boolean> {
      if (mapping || !isCsvName(file) || !(err instanceof ApiError) || !isCsvUnmapped(err.serverMessage)) return false
      const text = await file.text()
      const headers = headerCells(text)
      setMapping({ headers, samples: leadingRows(text, SAMPLE_VALUES), fields: matchHeaders(headers, INVOICE_HEADERS).fields.map((f) => f ?? '') })
      return true
    },
    /** What to send: nothing (no mapping asked), the header → field map, or why it cannot be read yet. */
    chosen(): { csv_map?: Record<string, string>; problem?: string } {
      if (!mapping) return {}
      const problem = fieldChoiceProblem(mapping.fields)
      return problem ? { problem } : { csv_map: Object.fromEntries(mapping.headers.map((h, i) => [h, mapping.fields[i]])) }
    },
    step: mapping && (
      <section aria-labelledby="csv-map" className="space-y-3 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="csv-map" className="text-base font-semibold">
          {T.csvTitle}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{T.csvHint}</p>
        <ColumnMap
          name={T.csvColumns}
          columns={mapping.headers.map((h, i) => ({ label: headerLabel(mapping.headers, i, repeatedHeaders(mapping.headers)), values: mapping.samples.map((r) => r[i]), value: mapping.fields[i] }))}
          options={OPTIONS}
          ignore={{ value: '', label: T.notRead }}
          onChange={(i, v) => {
            onChange()
            setMapping({ ...mapping, fields: mapping.fields.map((x, j) => (j === i ? v : x)) })
          }}
        />
      </section>
    ),
  }
}
