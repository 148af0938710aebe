// The bar (issue 35): the pour cost report and its CSV.
import type { PourCostReport } from '../../../src/contract/bar'
import { call, callFile } from './client'

export const getPourCost = (q: { start_date: string; end_date: string }, signal?: AbortSignal) => call<PourCostReport>('GET', '/reports/pour-cost', { query: { ...q }, signal })
export const downloadPourCost = (q: { start_date: string; end_date: string }) => callFile('/reports/download/pour-cost', { ...q })
