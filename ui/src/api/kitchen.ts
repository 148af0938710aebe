// Kitchen requests and the kitchen inventory (src/modules/kitchen-requests, src/modules/kitchen-inventory).
import type { Item } from '../../../src/contract/stock'
import type {
  KitchenInventoryRow,
  KitchenInventoryStatistics,
  KitchenMovement,
  KitchenMovementType,
  KitchenRequest,
  KitchenRequestStatistics,
  KitchenWriteResult,
  Priority,
  RequestStatus,
} from '../../../src/contract/kitchen'
import { call, callList } from './client'

// ---------- Requests ----------

export interface RequestListArgs {
  page: number
  limit: number
  q?: string
  status?: RequestStatus | ''
  priority?: Priority | ''
  /** Only this chef's requests (the Chef dashboard's cards count their own). */
  chef_id?: number
}
export const listRequests = ({ page, limit, q, status, priority, chef_id }: RequestListArgs, signal?: AbortSignal) =>
  callList<KitchenRequest>('/kitchen-requests', { page, limit, q, status, priority, chef_id }, signal)
export const getRequestStatistics = (signal?: AbortSignal) => call<KitchenRequestStatistics>('GET', '/kitchen-requests/statistics', { signal })

export interface RequestBody {
  item_id: number
  quantity_requested: number
  priority: Priority
  remarks: string | null
}
export const createRequest = (body: RequestBody) => call<KitchenRequest>('POST', '/kitchen-requests', { body })
export const createRequests = (lines: RequestBody[]) => call<KitchenRequest[]>('POST', '/kitchen-requests/batch', { body: { lines } })
export const updateRequest = (id: number, body: Partial<RequestBody>) => call<KitchenRequest>('PUT', `/kitchen-requests/${id}`, { body })
export const deleteRequest = (id: number) => call<null>('DELETE', `/kitchen-requests/${id}`)
export const approveRequest = (id: number, body: { quantity_approved: number; remarks: string | null }) =>
  call<KitchenRequest>('PATCH', `/kitchen-requests/${id}/approve`, { body })
export const rejectRequest = (id: number, body: { remarks: string }) => call<KitchenRequest>('PATCH', `/kitchen-requests/${id}/reject`, { body })
/** Moves stock: one Idempotency-Key per opening of the confirmation. */
export const fulfilRequest = (id: number, idempotencyKey: string) => call<KitchenRequest>('PATCH', `/kitchen-requests/${id}/fulfill`, { idempotencyKey })

// ---------- Items (pickers) ----------

export const searchItems = (q: string, signal?: AbortSignal) => callList<Item>('/items/search', { q, page: 1, limit: 8 }, signal)
export const getItem = (id: number, signal?: AbortSignal) => call<Item>('GET', `/items/${id}`, { signal })

// ---------- Kitchen inventory ----------

export const listKitchenInventory = (args: { page: number; limit: number; q?: string }, signal?: AbortSignal) =>
  callList<KitchenInventoryRow>('/kitchen-inventory/inventory', args, signal)
export const getKitchenInventoryStatistics = (signal?: AbortSignal) =>
  call<KitchenInventoryStatistics>('GET', '/kitchen-inventory/inventory/statistics', { signal })
export const listKitchenMovements = (args: { page: number; limit: number; q?: string; movement_type?: KitchenMovementType | '' }, signal?: AbortSignal) =>
  callList<KitchenMovement>('/kitchen-inventory/movements', args, signal)

export interface KitchenWriteBody {
  item_id: number
  quantity: number
  remarks: string | null
}
export const recordUsage = (body: KitchenWriteBody, idempotencyKey: string) =>
  call<KitchenWriteResult>('POST', '/kitchen-inventory/usage', { body, idempotencyKey })
export const recordWastage = (body: KitchenWriteBody & { remarks: string }, idempotencyKey: string) =>
  call<KitchenWriteResult>('POST', '/kitchen-inventory/wastage', { body, idempotencyKey })
export const recordAdjustment = (body: KitchenWriteBody & { remarks: string }, idempotencyKey: string) =>
  call<KitchenWriteResult>('POST', '/kitchen-inventory/adjustment', { body, idempotencyKey })

/** The kitchen's own minimum of an item (null clears it: never Low). */
export const setKitchenMinimum = (itemId: number, min_quantity: number | null) =>
  call<KitchenInventoryRow>('PUT', `/kitchen-inventory/inventory/${itemId}/minimum`, { body: { min_quantity } })
