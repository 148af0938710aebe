import { DEFAULT_RANGE_DAYS, HISTORY_SIZE, PREVIEW_ROWS, type GeneratedReport, type ReportColumn, type ReportRun, type ReportType, type ReportView } from '../../contract/reports'
import type { Db } from '../../db/open'
import { csvPreview, csvStream, type CsvColumn } from '../../lib/csv'
import { addDays, localDate, startOfLocalDay } from '../../contract/dates'
import { closing, openReader } from '../../db/rows'
import { REPORTS } from './catalog'
import type { ReportCells, ReportDefinition, ReportRange, ReportRow } from './report'
import * as repo from './repo'
import type { ServiceDeps } from '../../db/service-deps'

const csvKind = (c: ReportColumn): CsvColumn<unknown>['kind'] => (c.kind === 'money' || c.kind === 'cost' || c.kind === 'qty' ? c.kind : 'text')
const csvColumns = (def: ReportDefinition): CsvColumn<ReportRow>[] => def.columns.map((c) => ({ header: c.header, value: (row) => row[c.key], kind: csvKind(c) }))
/** Cells in column order (a long report's download): the cell of column i is the i-th. */
const csvCellColumns = (def: ReportDefinition): CsvColumn<ReportCells>[] => def.columns.map((c, i) => ({ header: c.header, value: (row) => row[i], kind: csvKind(c) }))

export type ReportService = ReturnType<typeof createReportService>

export function createReportService({ db, clock, settings }: Pick<ServiceDeps, 'db' | 'clock' | 'settings'>) {
  /** Both dates in the restaurant's zone, both ends inclusive; none given: the last 30 days to today. */
  const range = (start?: string, end?: string): ReportRange => {
    const s = settings.get()
    const today = localDate(clock(), s.time_zone)
    const startDate = start ?? addDays(today, -DEFAULT_RANGE_DAYS)
    const endDate = end ?? today
    return {
      start: startDate,
      end: endDate,
      from: startOfLocalDay(startDate, s.time_zone).toISOString(),
      to: startOfLocalDay(addDays(endDate, 1), s.time_zone).toISOString(),
      today,
      zone: s.time_zone,
      expiringDays: s.expiring_days,
    }
  }

  const countRows = (def: ReportDefinition, r: ReportRange) => {
    if (def.count) return def.count(db, r)
    let n = 0
    for (const _ of def.rows(db, r)) n++
    return n
  }

  return {
    range,

    /** Counts the rows and keeps the first few: the report itself is downloaded, never sent whole as JSON. */
    generate(userId: number, type: ReportType, start: string, end: string, format: 'csv'): GeneratedReport {
      const def = REPORTS[type]
      const r = range(start, end)
      const first: ReportRow[] = []
      for (const row of def.rows(db, r)) {
        first.push(row)
        if (first.length === PREVIEW_ROWS) break
      }
      const rowCount = first.length < PREVIEW_ROWS ? first.length : countRows(def, r)
      const at = clock().toISOString()
      const id = db.transaction(() => repo.insertRun(db, { report_type: type, start_date: r.start, end_date: r.end, format, row_count: rowCount, user_id: userId, at })).immediate()
      return { id, generatedAt: at, report_type: type, start_date: r.start, end_date: r.end, data: { ...csvPreview(csvColumns(def), first), row_count: rowCount } }
    },

    history: (): ReportRun[] => repo.lastRuns(db, HISTORY_SIZE),

    /** The whole report as JSON (the views whose size is bounded by items, categories or the range's records). */
    view(type: ReportType, start?: string, end?: string): ReportView {
      const def = REPORTS[type]
      const r = range(start, end)
      const rows = [...def.rows(db, r)]
      return { report_type: type, start_date: r.start, end_date: r.end, columns: def.columns, rows, totals: def.totals?.(rows) ?? { rows: rows.length } }
    },

    /** The CSV as a stream, pulled row by row from its own read-only connection. */
    download(type: ReportType, start?: string, end?: string): { stream: ReadableStream<Uint8Array>; start: string; end: string } {
      const def = REPORTS[type]
      const r = range(start, end)
      const { reader, close } = openReader(db)
      const cells = def.cells
      const stream = cells ? csvStream(csvCellColumns(def), closing(() => cells(reader, r), close)) : csvStream(csvColumns(def), closing(() => def.rows(reader, r), close))
      return { stream, start: r.start, end: r.end }
    },
  }
}
