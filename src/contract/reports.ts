import * as v from 'valibot'
import { MANAGER_ONLY, type Access } from './access-types'
import { isoDate, rangeInOrder } from './fields'

// Reports: seven types, a preview on generation, CSV downloads, JSON views and the history of runs.

export const REPORT_TYPES = [
  'stock-balance', 'stock-movements', 'kitchen-usage', 'wastage', 'financial', 'kitchen-requests', 'expiry-and-low-stock',
  // Purchasing (issue 18)
  'purchases-by-supplier', 'purchases-by-category', 'price-changes',
] as const
export type ReportType = (typeof REPORT_TYPES)[number]

/** The JSON views: GET /reports/{view} → report type. */
export const REPORT_VIEWS = {
  'stock-balance': 'stock-balance', usage: 'kitchen-usage', wastage: 'wastage', financial: 'financial',
  'purchases-by-supplier': 'purchases-by-supplier', 'purchases-by-category': 'purchases-by-category', 'price-changes': 'price-changes',
} as const satisfies Record<string, ReportType>

/** Rows shown under Generate Report (SPEC §9). */
export const PREVIEW_ROWS = 5
/** Runs listed under Recent Reports (SPEC §9). */
export const HISTORY_SIZE = 10
/** The default range ends today and starts this many days before (SPEC §9: the last 720 hours). */
export const DEFAULT_RANGE_DAYS = 30

export const REPORT_MSG = {
  /** SPEC §5, word for word. */
  bothDates: 'Please select both start and end dates',
  startAfterEnd: 'Start date cannot be after end date',
  /** SPEC §8. */
  generated: 'Report generated successfully!',
  generateFailed: 'Failed to generate report',
  /** What the Reports screen shows when Generate fails (the reason, if any, on its own line below). */
  generateFailedRetry: 'Failed to generate report. Please try again.',
  downloadFailed: 'Failed to download report',
  unknownType: `report_type must be one of ${REPORT_TYPES.join(', ')}`,
} as const

/** The file a download is saved as (SPEC §7). */
export const reportFileName = (type: ReportType, start: string, end: string) => `${type}-report-${start}-to-${end}.csv`

export interface ReportColumn {
  key: string
  header: string
  /** money: an amount (2 decimals); cost: a cost per unit (2 decimals, more when it has them: 0.007). */
  kind: 'text' | 'money' | 'cost' | 'qty' | 'number'
}

/** POST /reports/generate → data: never the whole report, only the first rows and the count. */
export interface GeneratedReport {
  id: number
  generatedAt: string
  report_type: ReportType
  start_date: string
  end_date: string
  data: { columns: string[]; rows: string[][]; row_count: number }
}

export interface ReportRun {
  id: number
  report_type: ReportType
  start_date: string
  end_date: string
  format: 'csv'
  row_count: number
  generated_by: string | null
  generatedAt: string
}

/** GET /reports/stock-balance|usage|wastage|financial: the whole (bounded) report as JSON, with totals. */
export interface ReportView {
  report_type: ReportType
  start_date: string
  end_date: string
  columns: ReportColumn[]
  rows: Record<string, string | number | null>[]
  totals: Record<string, number>
}

const blank = (s: unknown) => s === undefined || s === null || s === ''
const optionalDate = (field: string) => v.pipe(v.optional(v.union([v.literal(''), v.null(), isoDate(field)], `${field} must be a date (YYYY-MM-DD)`)), v.transform((s) => (blank(s) ? undefined : (s as string))))
const rangeFields = { start_date: optionalDate('start_date'), end_date: optionalDate('end_date') }
const pairGiven = (o: { start_date?: string; end_date?: string }) => blank(o.start_date) === blank(o.end_date)

export const reportType = v.pipe(v.string(REPORT_MSG.unknownType), v.trim(), v.toLowerCase(), v.picklist(REPORT_TYPES, REPORT_MSG.unknownType))

/** ?start_date&end_date: both or neither (then the last 30 days), start not after end. */
export const ReportRangeQuery = v.pipe(v.object(rangeFields), v.check(pairGiven, REPORT_MSG.bothDates), v.check((o) => rangeInOrder(o), REPORT_MSG.startAfterEnd))
export type ReportRangeQuery = v.InferOutput<typeof ReportRangeQuery>

/** POST /reports/generate: the form always sends both dates; format is CSV (SPEC §9). */
export const GenerateReportBody = v.pipe(
  v.strictObject({
    report_type: reportType,
    ...rangeFields,
    format: v.optional(v.pipe(v.string('format must be csv'), v.trim(), v.toLowerCase(), v.literal('csv', 'format must be csv')), 'csv'),
  }),
  v.check((o) => !blank(o.start_date) && !blank(o.end_date), REPORT_MSG.bothDates),
  v.check((o) => rangeInOrder(o), REPORT_MSG.startAfterEnd),
)
export type GenerateReportBody = v.InferOutput<typeof GenerateReportBody>

export const reportsAccess = {
  'POST /api/reports/generate': MANAGER_ONLY,
  'GET /api/reports/download/:type': MANAGER_ONLY,
  'GET /api/reports/history': MANAGER_ONLY,
  'GET /api/reports/stock-balance': MANAGER_ONLY,
  'GET /api/reports/usage': MANAGER_ONLY,
  'GET /api/reports/wastage': MANAGER_ONLY,
  'GET /api/reports/financial': MANAGER_ONLY,
  'GET /api/reports/purchases-by-supplier': MANAGER_ONLY,
  'GET /api/reports/purchases-by-category': MANAGER_ONLY,
  'GET /api/reports/price-changes': MANAGER_ONLY,
} as const satisfies Record<string, Access>
