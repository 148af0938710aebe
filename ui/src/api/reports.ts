import type { GeneratedReport, ReportRun, ReportType } from '../../../src/contract/reports'
import { call, callFile } from './client'

export const generateReport = (body: { report_type: ReportType; start_date: string; end_date: string }) =>
  call<GeneratedReport>('POST', '/reports/generate', { body: { ...body, format: 'csv' } })

export const getReportHistory = (signal?: AbortSignal) => call<ReportRun[]>('GET', '/reports/history', { signal })

/** The CSV and the name the server gives it (`{type}-report-{start}-to-{end}.csv`). */
export const downloadReport = (type: ReportType, start_date: string, end_date: string) =>
  callFile(`/reports/download/${encodeURIComponent(type)}`, { start_date, end_date })
