import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react'
import { Link } from 'wouter'
import { headerCells, headerLabel, leadingRows, MAX_IMPORT_BYTES, type ImportKind, type ImportResult, type RepeatRule } from '../../../../src/contract/imports'
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
import { ColumnsStep } from './ColumnsStep'
import { forgetChoices, initialChoices, layoutOf, rememberChoices, rememberedChoices, UNDECIDED, type Choices } from './layout'

const KINDS: { value: ImportKind; label: string }[] = [
  { value: 'items', label: 'Items' },
  { value: 'suppliers', label: 'Suppliers' },
  { value: 'categories', label: 'Categories' },
]
interface Chosen {
  name: string
  text: string
  headers: string[]
  /** The first rows, for the values shown under each column. */
  samples: string[][]
}

const REPEATS: { value: RepeatRule; label: string }[] = [
  { value: 'refuse', label: 'Show them as errors' },
  { value: 'last', label: 'Keep the last row' },
  { value: 'sum', label: 'Add up the quantities (other columns from the last row)' },
]

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
  const [choices, setChoices] = useState<Choices | null>(null)
  const [remembered, setRemembered] = useState<string | null>(null)
  const [setQuantity, setSetQuantity] = useState(false)
  const [checked, setChecked] = useState<ImportResult | null>(null)
  const [done, setDone] = useState<{ result: ImportResult; message: string } | null>(null)
  const check = useSubmit()
  const commit = useSubmit()
  const specs = useLoad((signal) => importColumns(kind, signal).then((r) => r.data), [kind])

  // The choices start from what the server would match, or from the last import of a file with these headers.
  useEffect(() => {
    if (!file || !specs.data) return setChoices(null)
    const saved = rememberedChoices(kind, file.headers)
    setChoices(saved ?? initialChoices(file.headers, specs.data))
    setRemembered(saved ? saved.saved_at : null)
  }, [file, specs.data, kind])
  const layout = useMemo(() => (choices ? layoutOf(choices) : {}), [choices])
  const missing = (kind === 'items' ? ['name', 'unit'] : ['name']).filter((f) => !(f in layout))
  const undecided = file && choices ? file.headers.map((_, i) => i).filter((i) => choices.columns[i] === UNDECIDED) : []
  const change = (c: Choices) => {
    setChoices(c)
    reset()
  }

  const reset = () => {
    setChecked(null)
    setDone(null)
    check.setFailure(null)
    commit.setFailure(null)
  }

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    reset()
    setFile(null)
    setFileError(null)
    const f = e.target.files?.[0]
    if (!f) return
    if (f.size > MAX_IMPORT_BYTES) return setFileError('The file is too large (5 MB at most)')
    const text = await f.text()
    const headers = headerCells(text)
    if (headers.every((h) => h === '')) return setFileError('The file has no header row')
    setFile({ name: f.name, text, headers, samples: leadingRows(text, 3) })
  }

  const options = { dryRun: true, setQuantity: kind === 'items' && setQuantity, layout, repeats: kind === 'items' ? choices?.repeats : undefined, roundPrices: kind === 'items' && choices?.roundPrices }

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
      if (choices) rememberChoices(kind, file.headers, choices)
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

      {file && choices && specs.data && (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <h2 className="text-lg font-semibold">2. Columns in “{file.name}”</h2>
          {remembered && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              Columns read as on your last import of a file with these headers ({remembered.slice(0, 10)}).
              <Button
                variant="ghost"
                onClick={() => {
                  forgetChoices(kind, file.headers)
                  setRemembered(null)
                  change(initialChoices(file.headers, specs.data!))
                }}
              >
                Start over
              </Button>
            </p>
          )}
          <ColumnsStep key={`${kind}-${file.name}`} headers={file.headers} samples={file.samples} specs={specs.data} choices={choices} change={change} />
          {missing.length > 0 && (
            <p className="text-sm text-amber-900 dark:text-amber-200">
              No column is read as {missing.join(' or ')}: {kind === 'items' ? 'rows that are not already items cannot be created.' : 'rows cannot be matched.'}
            </p>
          )}
          {kind === 'items' && (
            <fieldset className="space-y-1">
              <legend className="text-sm font-semibold">Several rows for the same item (same code, barcode or name)</legend>
              {REPEATS.map((r) => (
                <label key={r.value} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                  <input type="radio" name="repeats" className="h-5 w-5 accent-brand-700" value={r.value} checked={choices.repeats === r.value} onChange={() => change({ ...choices, repeats: r.value })} />
                  {r.label}
                </label>
              ))}
            </fieldset>
          )}
          {kind === 'items' && (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={choices.roundPrices} onChange={(e) => change({ ...choices, roundPrices: e.target.checked })} />
              Round prices with more than 2 decimals to the cent (31.455 → 31.46)
            </label>
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
            <Button onClick={dryRun} disabled={check.busy || undecided.length > 0}>
              {check.busy ? 'Checking…' : 'Check file'}
            </Button>
          </div>
          {undecided.length > 0 && <p className="text-sm text-amber-900 dark:text-amber-200">Choose how to read {undecided.map((i) => `“${headerLabel(file.headers, i)}”`).join(', ')}: a header that appears twice is never read without asking.</p>}
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
