// Storage areas and stock counts (issue 17): one typed function per endpoint.
import type { CountLine, LineResolution, CountReview, FoundLine, CountStatus, StockCount, StockCountDetail, StorageArea, StorageAreaItem, SubmitAnswer, UncountedChoice, ApproveAnswer } from '../../../src/contract/counts'
import { call, callFile, callList } from './client'

type Signal = AbortSignal | undefined

export const listAreas = (signal?: Signal) => call<StorageArea[]>('GET', '/storage-areas', { signal })
export const createArea = (name: string) => call<StorageArea>('POST', '/storage-areas', { body: { name } })
export const renameArea = (id: number, name: string) => call<StorageArea>('PUT', `/storage-areas/${id}`, { body: { name } })
export const deleteArea = (id: number) => call<null>('DELETE', `/storage-areas/${id}`)
export const getAreaItems = (id: number, signal?: Signal) => call<StorageAreaItem[]>('GET', `/storage-areas/${id}/items`, { signal })
export const setAreaItems = (id: number, item_ids: number[]) => call<StorageAreaItem[]>('PUT', `/storage-areas/${id}/items`, { body: { item_ids } })

export const listCounts = (q: { page: number; limit: number; status?: CountStatus }, signal?: Signal) => callList<StockCount>('/stock-counts', { ...q }, signal)
export const startCount = (body: { area_ids: number[]; blind: boolean; note?: string }) => call<StockCountDetail>('POST', '/stock-counts', { body })
export const getCount = (id: number, signal?: Signal) => call<StockCountDetail>('GET', `/stock-counts/${id}`, { signal })

export type LineBody =
  | { area_id: number; item_id: number; counted: number | null; found?: boolean }
  | { area_id: number; item_id: number; packs: { pack_id: number; quantity: number }[]; loose: number; found?: boolean }
  | { area_id: number; item_id: number; reason: string | null }
export const putLine = (id: number, body: LineBody) => call<CountLine>('PUT', `/stock-counts/${id}/lines`, { body })
export const submitCount = (id: number, uncounted: UncountedChoice) => call<SubmitAnswer>('POST', `/stock-counts/${id}/submit`, { body: { uncounted } })
export const getReview = (id: number, signal?: Signal) => call<CountReview>('GET', `/stock-counts/${id}/review`, { signal })
export const approveCount = (id: number) => call<ApproveAnswer>('POST', `/stock-counts/${id}/approve`, { body: {} })
export const cancelCount = (id: number) => call<StockCount>('POST', `/stock-counts/${id}/cancel`, { body: {} })
export const downloadVariance = (count_id: number) => callFile('/reports/download/count-variance', { count_id })

// Issue 32.3: an item found on the shelf, a product not in the catalogue, and the Manager's resolution of it.
export const addLine = (id: number, body: { area_id: number; item_id: number }, idempotencyKey: string) => call<CountLine>('POST', `/stock-counts/${id}/lines`, { body, idempotencyKey })
export const addFound = (id: number, body: { area_id: number; name: string; note: string | null; counted: number }, idempotencyKey: string) =>
  call<FoundLine>('POST', `/stock-counts/${id}/found`, { body, idempotencyKey })
export const resolveFound = (id: number, foundId: number, body: { item_id: number; item_quantity?: number } | { discard: true }) =>
  call<FoundLine>('POST', `/stock-counts/${id}/found/${foundId}/resolve`, { body })

// Issue 33.5: a double count (two counters' different figures) resolved by the Manager: keep one entry, add them, or recount.
export const resolveLine = (id: number, body: { area_id: number; item_id: number; keep: string | Exclude<LineResolution, 'KEEP'> }) =>
  call<CountLine>('PUT', `/stock-counts/${id}/lines/resolve`, { body })
