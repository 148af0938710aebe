import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react'
import { Link } from 'wouter'
import { headerCells, matchHeaders, MAX_IMPORT_BYTES, type ImportKind, type ImportResult } from '../../../../src/contract/imports'
import { downloadTemplate, importColumns, runImport } from '../../api/imports'
import { Button, buttonClass } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { StatCards } from '../../components/StatCards'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { saveFile } from '../../lib/saveFile'
import { usePageTop } from '../../lib/usePageTop'
import { UI } from '../../messages/common'

const KINDS: { value: ImportKind; label: string }[] = [
  { value: 'items', label: 'Items' },
  { value: 'suppliers', label: 'Suppliers' },
  { value: 'categories', label: 'Categories' },
]
const IGNORE = ''

interface Chosen {
  name: string
  text: string
  headers: string[]
}

/**
 * Stock → Import: choose a CSV (Excel, LibreOffice, Google Sheets; comma, semicolon or tab), see how
 * each column is read and map the ones not recognised, check it (a dry run that lists every error
 * with its row and column), then import it all at once.
 */
export default function ImportPage() {
  const fileId = useId()
  const [kind, setKind] = useState<ImportKind>('items')
  const [file, setFile] = useState<Chosen | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [setQuantity, setSetQuantity] = useState(false)
  const [checked, setChecked] = useState<ImportResult | null>(null)
  const [done, setDone] = useState<{ result: ImportResult; message: string } | null>(null)
  const check = useSubmit()
  const commit = useSubmit()
  const specs = useLoad((signal) => importColumns(kind, signal).then((r) => r.data), [kind])

  // What the server will make of each header, unless the person maps it otherwise.
  const auto = useMemo(() => {
    if (!file || !specs.data) return null
    return matchHeaders(file.headers, specs.data).fields
  }, [file, specs.data])
  const fieldOf = (header: string, i: number) => (header in mapping ? mapping[header] : (auto?.[i] ?? IGNORE))
  const chosenFields = file ? file.headers.map((h, i) => fieldOf(h, i)).filter(Boolean) : []
  const missing = kind === 'items' ? ['name', 'unit'].filter((f) => !chosenFields.includes(f)) : ['name'].filter((f) => !chosenFields.includes(f))

  const reset = () => {
    setChecked(null)
    setDone(null)
    check.setFailure(null)
    commit.setFailure(null)
  }

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    reset()
    setMapping({})
    setFile(null)
    setFileError(null)
    const f = e.target.files?.[0]
    if (!f) return
    if (f.size > MAX_IMPORT_BYTES) return setFileError('The file is too large (5 MB at most)')
    const text = await f.text()
    const headers = headerCells(text)
    if (headers.every((h) => h === '')) return setFileError('The file has no header row')
    setFile({ name: f.name, text, headers })
  }

  const options = { dryRun: true, setQuantity: kind === 'items' && setQuantity, map: mapping }

  async function dryRun() {
    if (!file) return
    reset()
    await check.run(async () => {
      const res = await runImport(kind, file.text, options)
      setChecked(res.data)
    }, 'Failed to check the file')
  }

  async function importNow() {
    if (!file) return
    await commit.run(async () => {
      const res = await runImport(kind, file.text, { ...options, dryRun: false })
      setDone({ result: res.data, message: res.message })
      setChecked(null)
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
    }, 'Failed to import the file')
  }

  async function template() {
    try {
      const { blob, filename } = await downloadTemplate()
      saveFile(blob, filename ?? 'items-template.csv')
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: err instanceof Error ? err.message : 'Failed to download the template' })
    }
  }

  const fieldOptions = (specs.data ?? []).map((s) => ({ value: s.field, label: s.field === s.label.toLowerCase().replace(/ /g, '_') ? s.label : `${s.label} (${s.field})` }))

  return (
    <section className="space-y-6">
      <PageHeader
        title="Import"
        description="Bring your list from Excel, LibreOffice or Google Sheets as a CSV file. Nothing is written until you press Import."
        actions={
          <Link href="/stock" className={buttonClass('secondary')}>
            Back to Stock
          </Link>
        }
      />

      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">1. Choose a file</h2>
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <SelectField
            label="What the file holds"
            value={kind}
            onChange={(v) => {
              setKind(v as ImportKind)
              setMapping({})
              reset()
            }}
            options={KINDS}
          />
          <div className="space-y-1.5">
            <label htmlFor={fileId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
              CSV file
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
              onChange={choose}
              className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
            />
          </div>
        </div>
        {kind === 'items' && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Start from the template or from an export of the Items tab.{' '}
            <Button variant="ghost" onClick={template}>
              Download template
            </Button>
          </p>
        )}
        <ErrorLine message={fileError} />
        {specs.error && <LoadError error={specs.error} retry={specs.reload} inline />}
      </div>

      {file && auto && (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <h2 className="text-lg font-semibold">2. Columns in “{file.name}”</h2>
          {/* Focusable: a keyboard can scroll it sideways on a phone. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Columns of the file">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">How each column of the file is read</caption>
              <thead className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Column in the file
                  </th>
                  <th scope="col" className="py-2">
                    Read as
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {file.headers.map((h, i) => (
                  <tr key={`${h}-${i}`}>
                    <td className="py-2 pr-4 font-medium">
                      {h || <em className="text-slate-500">(no header)</em>}
                      {!auto[i] && !(h in mapping) && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">not recognised</span>}
                    </td>
                    <td className="py-1">
                      <label className="sr-only" htmlFor={`${fileId}-map-${i}`}>
                        Read “{h}” as
                      </label>
                      <select
                        id={`${fileId}-map-${i}`}
                        value={fieldOf(h, i)}
                        onChange={(e) => {
                          setMapping((m) => ({ ...m, [h]: e.target.value }))
                          reset()
                        }}
                        className="block min-h-11 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm dark:border-slate-600 dark:bg-slate-900"
                      >
                        <option value={IGNORE}>Ignore this column</option>
                        {fieldOptions.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {missing.length > 0 && (
            <p className="text-sm text-amber-900 dark:text-amber-200">
              No column is read as {missing.join(' or ')}: {kind === 'items' ? 'rows that are not already items cannot be created.' : 'rows cannot be matched.'}
            </p>
          )}
          {kind === 'items' && (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand-700"
                checked={setQuantity}
                onChange={(e) => {
                  setSetQuantity(e.target.checked)
                  reset()
                }}
              />
              Record current_quantity of existing items as a stock count (otherwise it is used only as opening stock of new items)
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={dryRun} disabled={check.busy}>
              {check.busy ? 'Checking…' : 'Check file'}
            </Button>
          </div>
          <ErrorLine message={check.failure} />
        </div>
      )}

      {checked && file && (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <h2 className="text-lg font-semibold">3. What the import will do</h2>
          <Counts result={checked} />
          <Warnings warnings={checked.warnings} />
          {checked.errors.length > 0 ? (
            <>
              <ErrorLine message={`${checked.errors.length} error${checked.errors.length === 1 ? '' : 's'}: fix ${checked.errors.length === 1 ? 'it' : 'them'} in the file, choose it again and check it. Nothing is imported while any row has an error.`} />
              <ErrorTable result={checked} />
            </>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={importNow} disabled={commit.busy}>
                {commit.busy ? 'Importing…' : 'Import'}
              </Button>
              <p className="text-sm text-slate-600 dark:text-slate-400">No errors. Everything is written at once, or nothing.</p>
            </div>
          )}
          <ErrorLine message={commit.failure} />
        </div>
      )}

      {done && (
        <div role="status" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950">
          <p className="font-semibold">{done.message}</p>
          <Warnings warnings={done.result.warnings} />
          <Link href="/stock" className={buttonClass('secondary')}>
            Open Stock
          </Link>
        </div>
      )}
    </section>
  )
}

function Counts({ result }: { result: ImportResult }) {
  return (
    <StatCards
      label="Import counts"
      loading={false}
      error={null}
      onRetry={() => {}}
      stats={[
        { label: 'To create', value: result.create, tone: 'success' },
        { label: 'To update', value: result.update },
        { label: 'Unchanged', value: result.unchanged },
        { label: 'Errors', value: result.errors.length, tone: result.errors.length ? 'danger' : 'neutral' },
      ]}
    />
  )
}

function Warnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null
  return (
    <ul aria-label="Warnings" className="list-disc space-y-1 pl-5 text-sm text-amber-900 dark:text-amber-200">
      {warnings.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  )
}

/** The height of the rows not rendered, above or below those that are. */
const Spacer = ({ height }: { height: number }) => (
  <tr aria-hidden="true">
    <td colSpan={4} style={{ height, padding: 0 }} />
  </tr>
)

/** A file's errors up to this many are rendered whole (find in page works); more are a virtual list. */
const ALL_ERRORS_UP_TO = 100

/**
 * Every error of the file, in file order. A 20,000-row file can have as many errors: beyond ALL_ERRORS_UP_TO only
 * the rows on or near the screen are in the page (a window virtualiser, spacer rows above and below keep the
 * table's columns and the page's height); aria-rowcount and aria-rowindex give the whole table's size.
 */
function ErrorTable({ result }: { result: ImportResult }) {
  const { errors } = result
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const top = usePageTop(bodyRef)
  const all = errors.length <= ALL_ERRORS_UP_TO
  const virtualizer = useWindowVirtualizer({ count: errors.length, estimateSize: () => 37, overscan: all ? errors.length : 12, scrollMargin: top })
  const rows = virtualizer.getVirtualItems()
  const first = rows[0]
  const last = rows[rows.length - 1]
  const before = first ? first.start - top : 0
  const after = last ? virtualizer.getTotalSize() - (last.end - top) : 0
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700" tabIndex={0} role="region" aria-label="Errors">
      <table className="w-full text-left text-sm" aria-rowcount={errors.length + 1}>
        <caption className="sr-only">Errors in the file</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-3 py-2 text-right">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Column
            </th>
            <th scope="col" className="px-3 py-2">
              Value
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef} className="divide-y divide-slate-100 dark:divide-slate-800">
          {before > 0 && <Spacer height={before} />}
          {rows.map((r) => {
            const e = errors[r.index]
            return (
              <tr key={r.key} data-index={r.index} ref={virtualizer.measureElement} aria-rowindex={r.index + 2}>
                <td className="px-3 py-2 text-right tabular-nums">{e.row}</td>
                <td className="px-3 py-2">{e.column || '—'}</td>
                <td className="px-3 py-2 break-all">{e.value || <em className="text-slate-500">(empty)</em>}</td>
                <td className="px-3 py-2">{e.message}</td>
              </tr>
            )
          })}
          {after > 0 && <Spacer height={after} />}
        </tbody>
      </table>
    </div>
  )
}
