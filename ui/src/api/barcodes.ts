// Barcodes: an item's codes and the one lookup every screen uses.
import type { ItemBarcode, ResolvedBarcode } from '../../../src/contract/barcodes'
import { call } from './client'

export const resolveBarcode = (raw: string, signal?: AbortSignal) => call<ResolvedBarcode>('POST', '/barcodes/resolve', { body: { raw }, signal })
export const listItemBarcodes = (itemId: number, signal?: AbortSignal) => call<ItemBarcode[]>('GET', `/items/${itemId}/barcodes`, { signal })
export const addItemBarcode = (itemId: number, code: string, packId: number | null = null) =>
  call<ItemBarcode>('POST', `/items/${itemId}/barcodes`, { body: { code, pack_id: packId } })
export const removeItemBarcode = (itemId: number, code: string) => call<null>('DELETE', `/items/${itemId}/barcodes`, { query: { code } })
