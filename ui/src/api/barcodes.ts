// Barcodes: an item's codes and the one lookup every screen uses.
import type { CountScanAnswer, ItemBarcode, ResolvedBarcode, SheetCode } from '../../../src/contract/barcodes'
import type { StockCount, StockCountDetail } from '../../../src/contract/counts'
import { call, callList } from './client'

export const resolveBarcode = (raw: string, signal?: AbortSignal) => call<ResolvedBarcode>('POST', '/barcodes/resolve', { body: { raw }, signal })
export const listItemBarcodes = (itemId: number, signal?: AbortSignal) => call<ItemBarcode[]>('GET', `/items/${itemId}/barcodes`, { signal })
export const addItemBarcode = (itemId: number, code: string, packId: number | null = null) =>
  call<ItemBarcode>('POST', `/items/${itemId}/barcodes`, { body: { code, pack_id: packId } })
export const removeItemBarcode = (itemId: number, code: string) => call<null>('DELETE', `/items/${itemId}/barcodes`, { query: { code } })

// ---------- Scanning on a count sheet ----------
export const listOpenCounts = (signal?: AbortSignal) => callList<StockCount>('/stock-counts', { status: 'OPEN', page: 1, limit: 100 }, signal)
export const getCountSheet = (id: number, signal?: AbortSignal) => call<StockCountDetail>('GET', `/stock-counts/${id}`, { signal })
export const postCountScan = (countId: number, body: { area_id: number; raw: string; scan_id: string }) => call<CountScanAnswer>('POST', `/stock-counts/${countId}/scans`, { body })
export const undoCountScan = (countId: number, scanId: string) => call<CountScanAnswer>('DELETE', `/stock-counts/${countId}/scans/${encodeURIComponent(scanId)}`)
/** Every code of a count's items: kept on the phone with the sheet (issue 33.2). */
export const getCountCodes = (countId: number, signal?: AbortSignal) => call<SheetCode[]>('GET', `/stock-counts/${countId}/codes`, { signal })
