// Ordering and receiving (issue 18): one typed function per endpoint.
import type { OrderReceiptInput, ParCoverage, PurchaseOrder, PurchaseOrderSummary, Receipt, RecentPriceChange, ReturnInput, SendOrderInput, SupplierSuggestions } from '../../../src/contract/purchasing'
import { call, callFile, callList, type Envelope } from './client'

type Signal = AbortSignal | undefined

/** The suggestions, the message saying why there are none, and `par`: what they cannot see (issue 32). */
export const getSuggestions = (signal?: Signal) =>
  call<SupplierSuggestions[]>('GET', '/purchasing/suggestions', { signal }) as Promise<Envelope<SupplierSuggestions[]> & { par: ParCoverage }>
export const createFromSuggestions = (body: { supplier_ids?: number[]; packs?: { item_id: number; packs: number }[] }) =>
  call<PurchaseOrder[]>('POST', '/purchase-orders/from-suggestions', { body }) as Promise<Envelope<PurchaseOrder[]> & { par: ParCoverage }>
export const listOrders = (q: { page: number; limit: number; status?: string }, signal?: Signal) => callList<PurchaseOrderSummary>('/purchase-orders', { ...q }, signal)
export const getOrder = (id: number, signal?: Signal) => call<PurchaseOrder>('GET', `/purchase-orders/${id}`, { signal })
/** Mark as sent with the day the delivery is expected (issue 32.8). */
export const sendOrder = (id: number, body: SendOrderInput) => call<PurchaseOrder>('POST', `/purchase-orders/${id}/send`, { body })
export const cancelOrder = (id: number) => call<PurchaseOrder>('POST', `/purchase-orders/${id}/cancel`, { body: {} })
export const closeOrder = (id: number, reason: string) => call<PurchaseOrder>('POST', `/purchase-orders/${id}/close`, { body: { reason } })
/** The plain text for WhatsApp, SMS or e-mail. */
export const orderText = async (id: number) => (await (await callFile(`/purchase-orders/${id}/text`)).blob.text())
export const receiveOrder = (id: number, body: OrderReceiptInput, idempotencyKey: string) =>
  call<Receipt>('POST', `/purchase-orders/${id}/receipts`, { body, idempotencyKey })
export const getReceipt = (id: number, signal?: Signal) => call<Receipt>('GET', `/receipts/${id}`, { signal })
/** Goods sent back to the supplier from a receipt: OUT rows in the ledger, in base units. */
export const returnGoods = (receiptId: number, body: ReturnInput, idempotencyKey: string) =>
  call<Receipt>('POST', `/receipts/${receiptId}/returns`, { body, idempotencyKey })
/** The newest received lines whose price moved from the last price (or the cost price on a first delivery): the Manager's card. */
export const getPriceChanges = (limit: number, signal?: Signal) => call<RecentPriceChange[]>('GET', `/purchasing/price-changes?limit=${limit}`, { signal })
