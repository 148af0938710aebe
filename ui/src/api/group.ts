import type { GroupSummary } from '../../../src/contract/group'
import { call } from './client'

/** GET /group/summary: every site's figures for the days (both dates, or neither: the last 30 days). */
export const getGroupSummary = (range: { start_date: string; end_date: string } | null, signal?: AbortSignal) =>
  call<GroupSummary>('GET', '/group/summary', { query: range ?? undefined, signal })
