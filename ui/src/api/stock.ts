// Items, categories, suppliers, the main-store ledger and the kitchen transfer: one typed function per endpoint.
import type { TransferInput, TransferResult } from '../../../src/contract/kitchen'
import type { Category, CategoryInput, Item, ItemFields, ItemStatistics, MovementStatistics, MovementType, StockMovement, Supplier, SupplierInput } from '../../../src/contract/stock'
import { call, callList } from './client'

type Signal = AbortSignal | undefined
interface Paging {
  page: number
  limit: number
  q?: string
}

// ---------- Items ----------

export interface ItemFilters extends Paging {
  category_id?: number
  supplier_id?: number
}

export type ItemBody = ItemFields

export const listItems = (f: ItemFilters, signal?: Signal) => callList<Item>('/items', { ...f }, signal)
/** The pickers' search (name or barcode). */
export const searchItems = (q: string, limit = 10, signal?: Signal) => callList<Item>('/items/search', { q, limit, page: 1 }, signal)
export const listLowStock = (p: Paging, signal?: Signal) => callList<Item>('/items/low-stock', { ...p }, signal)
export const listExpiring = (p: Paging & { days?: number }, signal?: Signal) => callList<Item>('/items/expiring', { ...p }, signal)
/** 'Expiring or expired': expiry within the expiring window, or past; soonest (most overdue) first. */
export const listExpiringOrExpired = (p: Paging, signal?: Signal) => callList<Item>('/items', { ...p, status: 'expiring_or_expired', sort: 'expiry_date' }, signal)
export const getItemStatistics = (signal?: Signal) => call<ItemStatistics>('GET', '/items/statistics', { signal })
export const getItem = (id: number, signal?: Signal) => call<Item>('GET', `/items/${id}`, { signal })
/** POST /items: an initial quantity above 0 is recorded as opening stock, hence the key. */
export const createItem = (body: ItemBody & { current_quantity: number }, idempotencyKey: string) =>
  call<Item>('POST', '/items', { body, idempotencyKey })
export const updateItem = (id: number, body: Partial<ItemBody> & { is_active?: boolean }) => call<Item>('PUT', `/items/${id}`, { body })
/** Answers whether the item was deleted or, having history, deactivated (the message says which). */
export const deleteItem = (id: number) => call<{ deleted: boolean; deactivated: boolean }>('DELETE', `/items/${id}`)
/** A stock count: the difference is recorded as a signed ADJUSTMENT with the reason. */
export const countItem = (id: number, body: { quantity: number; remarks: string }, idempotencyKey: string) =>
  call<Item>('PATCH', `/items/${id}/quantity`, { body, idempotencyKey })

// ---------- Categories ----------

export type CategoryBody = CategoryInput
export const listCategories = (p: Paging, signal?: Signal) => callList<Category>('/categories', { ...p }, signal)
export const createCategory = (body: CategoryBody) => call<Category>('POST', '/categories', { body })
export const updateCategory = (id: number, body: CategoryBody) => call<Category>('PUT', `/categories/${id}`, { body })
export const deleteCategory = (id: number) => call<null>('DELETE', `/categories/${id}`)

// ---------- Suppliers ----------

export type SupplierBody = SupplierInput
export const listSuppliers = (p: Paging, signal?: Signal) => callList<Supplier>('/suppliers', { ...p }, signal)
export const createSupplier = (body: SupplierBody) => call<Supplier>('POST', '/suppliers', { body })
export const updateSupplier = (id: number, body: SupplierBody) => call<Supplier>('PUT', `/suppliers/${id}`, { body })
export const deleteSupplier = (id: number) => call<null>('DELETE', `/suppliers/${id}`)

// ---------- Stock movements ----------

export interface MovementFilters extends Paging {
  type?: MovementType
  item_id?: number
}
export interface MovementBody {
  item_id: number
  type: 'IN' | 'OUT'
  quantity: number
  remarks: string | null
}
export const listMovements = (f: MovementFilters, signal?: Signal) => callList<StockMovement>('/stock-movements', { ...f }, signal)
export const getMovementStatistics = (signal?: Signal) => call<MovementStatistics>('GET', '/stock-movements/statistics', { signal })
export const recordMovement = (body: MovementBody, idempotencyKey: string) => call<StockMovement>('POST', '/stock-movements', { body, idempotencyKey })
export const updateMovement = (id: number, body: Partial<MovementBody>, idempotencyKey: string) =>
  call<StockMovement>('PUT', `/stock-movements/${id}`, { body, idempotencyKey })
export const deleteMovement = (id: number) => call<null>('DELETE', `/stock-movements/${id}`)
/** One movement with its edit history. */
export const getMovement = (id: number, signal?: Signal) => call<StockMovement>('GET', `/stock-movements/${id}`, { signal })

// ---------- Kitchen transfer (made from /stock: DECISIONS "Kitchen") ----------

export const transferItem = (body: TransferInput, idempotencyKey: string) =>
  call<TransferResult>('POST', '/kitchen-inventory/transfer', { body, idempotencyKey })
