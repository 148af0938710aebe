import { useId, useState } from 'react'
import { Link } from 'wouter'
import { DEFAULT_RANGE_DAYS, PREVIEW_ROWS, REPORT_MSG, REPORT_TYPES, reportFileName, type GeneratedReport, type ReportRun, type ReportType } from '../../../../src/contract/reports'
import { addDays, localDate } from '../../../../src/contract/dates'
import { downloadReport, generateReport, getReportHistory } from '../../api/reports'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { Spinner } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useMediaQuery } from '../../components/useMediaQuery'
import { useDisplaySettings } from '../../lib/display'
import { saveFile } from '../../lib/saveFile'
import { useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { REPORT_INFO } from './reportTypes'

const card = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900'

/** SPEC §5: both dates, start not after end. */
function checkRange(start: string, end: string): string | null {
  if (!start || !end) return REPORT_MSG.bothDates
  if (start > end) return REPORT_MSG.startAfterEnd
  return null
}

/** SPEC §8 (the reports contract has no download-success line). */
const REPORT_DOWNLOADED = 'Report downloaded successfully!'

const detail = (err: unknown) => (err instanceof Error && err.message ? err.message : undefined)

export default function ReportsPage() {
  const { time_zone } = useDisplaySettings()
  const today = localDate(new Date(), time_zone)
  const [type, setType] = useState<ReportType>('stock-balance')
  const [start, setStart] = useState(() => addDays(today, -DEFAULT_RANGE_DAYS))
  const [end, setEnd] = useState(today)
  const [rangeError, setRangeError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'generate' | 'download' | null>(null)
  const [preview, setPreview] = useState<GeneratedReport | null>(null)
  const history = useHistory()

  const validRange = () => {
    const problem = checkRange(start, end)
    setRangeError(problem)
    return !problem
  }

  async function generate() {
    if (!validRange()) return
    setBusy('generate')
    try {
      const res = await generateReport({ report_type: type, start_date: start, end_date: end })
      setPreview(res.data)
      toast({ kind: 'success', title: REPORT_MSG.generated })
      history.reload()
    } catch (err) {
      toast({ kind: 'error', title: REPORT_MSG.generateFailedRetry, message: detail(err) })
    } finally {
      setBusy(null)
    }
  }

  async function download() {
    if (!validRange()) return
    setBusy('download')
    try {
      await fetchAndSave(type, start, end)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Reports" description="Pick a report and a period, preview it, and download it as CSV." />
      <p>
        <Link href="/manager/reports/pour-cost" className="text-sm text-brand-800 underline dark:text-brand-300">
          Pour cost of the bar's drinks
        </Link>
      </p>

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void generate()
        }}
        className={`${card} space-y-6`}
      >
        <fieldset>
          <legend className="text-base font-semibold">Report type</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {REPORT_TYPES.map((t) => (
              <label
                key={t}
                className="flex min-h-11 cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:border-slate-700 dark:hover:bg-slate-800 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950"
              >
                <input type="radio" name="report_type" value={t} checked={type === t} onChange={() => setType(t)} className="mt-1 size-4 accent-brand-700" aria-labelledby={`report-name-${t}`} aria-describedby={`report-desc-${t}`} />
                <span>
                  <span id={`report-name-${t}`} className="block text-sm font-semibold">
                    {REPORT_INFO[t].name}
                  </span>
                  <span id={`report-desc-${t}`} className="block text-xs text-slate-600 dark:text-slate-400">
                    {REPORT_INFO[t].description}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Start Date" type="date" value={start} max={end || undefined} onChange={(v) => (setStart(v), setRangeError(null))} />
          <TextField label="End Date" type="date" value={end} min={start || undefined} onChange={(v) => (setEnd(v), setRangeError(null))} />
        </div>
        <ErrorLine message={rangeError} />

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={download} disabled={busy !== null}>
            {busy === 'download' ? 'Downloading...' : 'Download Report'}
          </Button>
          <Button type="submit" disabled={busy !== null}>
            {busy === 'generate' ? 'Generating...' : 'Generate Report'}
          </Button>
        </div>
      </form>

      {preview && <Preview report={preview} />}

      <RecentReports history={history} />
    </section>
  )
}

/** Downloads one report's CSV under the server's file name; the spec's message either way. */
async function fetchAndSave(type: ReportType, start: string, end: string) {
  try {
    const { blob, filename } = await downloadReport(type, start, end)
    saveFile(blob, filename ?? reportFileName(type, start, end))
    toast({ kind: 'success', title: REPORT_DOWNLOADED })
  } catch (err) {
    toast({ kind: 'error', title: REPORT_MSG.downloadFailed, message: detail(err) })
  }
}

function Preview({ report }: { report: GeneratedReport }) {
  const wide = useMediaQuery('(min-width: 640px)')
  const headingId = useId()
  const fmt = useFormat()
  const { columns, rows, row_count } = report.data
  const shown = rows.slice(0, PREVIEW_ROWS)
  return (
    <section aria-labelledby={headingId} className={`${card} space-y-4`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Preview: {REPORT_INFO[report.report_type].name}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {fmt.date(report.start_date)} to {fmt.date(report.end_date)} · <span data-testid="row-count">{row_count}</span> {row_count === 1 ? 'row' : 'rows'}
          {row_count > shown.length && ` (first ${shown.length} shown)`}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">No rows in this period</p>
      ) : wide ? (
        // Focusable so the keyboard can scroll a wide report sideways.
        <div tabIndex={0} role="region" aria-label="Report preview table" className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">First {shown.length} rows of the report</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300">
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 whitespace-nowrap">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {shown.map((row, i) => (
                <tr key={i}>
                  {columns.map((c, j) => (
                    <td key={c} className="px-3 py-2 align-top whitespace-nowrap">
                      {fmt.cell(row[j])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-label={`First ${shown.length} rows of the report`} className="space-y-2">
          {shown.map((row, i) => (
            <li key={i} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {columns.map((c, j) => (
                  <div key={c} className="contents">
                    <dt className="text-slate-600 dark:text-slate-400">{c}</dt>
                    <dd className="text-right break-words">{fmt.cell(row[j])}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

interface History {
  runs: ReportRun[]
  loading: boolean
  error: string | null
  reload: () => void
}

/** The last 10 runs, from the server. */
function useHistory(): History {
  const history = useLoad((signal) => getReportHistory(signal).then((r) => r.data))
  return { runs: history.data ?? [], loading: history.loading, error: history.error, reload: history.reload }
}

function RecentReports({ history }: { history: History }) {
  const fmt = useFormat()
  const [busyId, setBusyId] = useState<number | null>(null)
  const headingId = useId()
  const again = async (run: ReportRun) => {
    setBusyId(run.id)
    try {
      await fetchAndSave(run.report_type, run.start_date, run.end_date)
    } finally {
      setBusyId(null)
    }
  }
  return (
    <section aria-labelledby={headingId} aria-busy={history.loading || undefined} className={`${card} space-y-4`}>
      <h2 id={headingId} className="text-lg font-semibold">
        Recent Reports
      </h2>
      {history.error ? (
        <div className="space-y-3">
          <ErrorLine message={history.error} />
          <Button variant="secondary" onClick={history.reload}>
            {UI.retry}
          </Button>
        </div>
      ) : history.loading && history.runs.length === 0 ? (
        <Spinner />
      ) : history.runs.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{UI.empty('reports')}</p>
      ) : (
        <ul aria-label="Recent reports" className="divide-y divide-slate-100 dark:divide-slate-800">
          {history.runs.map((run) => (
            <li key={run.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm font-semibold">{REPORT_INFO[run.report_type]?.name ?? run.report_type}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {fmt.date(run.start_date)} to {fmt.date(run.end_date)} · {run.row_count} {run.row_count === 1 ? 'row' : 'rows'} · {fmt.dateTime(run.generatedAt)}
                  {run.generated_by ? ` · ${run.generated_by}` : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => again(run)}
                disabled={busyId !== null}
                aria-label={`Download ${REPORT_INFO[run.report_type]?.name ?? run.report_type} report, ${fmt.date(run.start_date)} to ${fmt.date(run.end_date)}`}
              >
                {busyId === run.id ? 'Downloading...' : 'Download'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
