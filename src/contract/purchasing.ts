import * as v from 'valibot'
import { MANAGER_ONLY, STORE_STAFF, type Access } from './access-types'
import { amount, id, isoDate, optionalText, paging, requiredText, upperEnum } from './fields'
import { toCents } from './fixed'

// Ordering and receiving (issue 18): suggestions, purchase orders, receipts, returns, price history.
// Quantities of a line are in the line's pack (null pack = base units); prices are per pack.

export const PO_STATUSES = ['DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED', 'CLOSED'] as const
export type PoStatus = (typeof PO_STATUSES)[number]
/** Orders still expected: what `on_order` counts and what can be received. */
export const OPEN_PO_STATUSES: readonly PoStatus[] = ['SENT', 'PARTIALLY_RECEIVED']

export interface PackRef {
  id: number
  name: string
  /** Base units in one pack. */
  size: number
}

export interface SuggestionLine {
  item_id: number
  item_name: string
  unit: string
  supplier_code: string | null
  on_hand: number
  on_order: number
  par_level: number
  pack: PackRef | null
  suggested_packs: number
  /** suggested_packs × pack size, base units. */
  suggested_quantity: number
  /** The last order of the item (any order sent), in the current pack; null if never ordered. */
  last_ordered_packs: number | null
  /** LOW: under half the last order; HIGH: over twice it. */
  flag: 'LOW' | 'HIGH' | null
  /** The last received price per pack (or per base unit without a pack); null when never received. */
  last_price: number | null
  /** Every pack of the item (sizes in base units), to choose the order pack right there (issue 32). */
  packs: PackRef[]
}

export interface SupplierSuggestions {
  supplier_id: number
  supplier_name: string
  lines: SuggestionLine[]
}

/** A low or out item with no par level: never suggested, so the suggestions view lists it to set a par on (issue 32). */
export interface ParlessItem {
  item_id: number
  item_name: string
  unit: string
  supplier_name: string
  on_hand: number
  min_stock_level: number
  /** out: nothing left; low: at or below the minimum (quantityStatus). */
  status: 'low' | 'out'
  packs: PackRef[]
  order_pack_id: number | null
}

/** At most this many parless items are listed (empty shelves first, then by name); `without_par_low` counts them all. */
export const PARLESS_LIST_MAX = 200

/**
 * What the suggestions cannot see (issue 32): `par`, beside `data` on GET /purchasing/suggestions and on the
 * from-suggestions answer. Counted over the suppliers asked for (all when none).
 */
export interface ParCoverage {
  /** Active items with a par level (the only ones ever suggested). */
  with_par: number
  /** Active items low or out (at or below their minimum) with no par level. */
  without_par_low: number
  /** Those items, up to PARLESS_LIST_MAX. */
  without_par: ParlessItem[]
}
export type ParCounts = Pick<ParCoverage, 'with_par' | 'without_par_low'>

export interface PurchaseOrderLine {
  id: number
  item_id: number
  item_name: string
  unit: string
  supplier_code: string | null
  pack: PackRef | null
  /** In packs (base units without a pack). */
  quantity: number
  unit_price: number
  /** quantity × unit_price, rounded half-up. */
  value: number
  received_quantity: number
  refused_quantity: number
  /** What is still expected: max(0, quantity − received). */
  outstanding: number
  /** The last received price per pack, to prefill receiving; null when never received. */
  last_price: number | null
  /**
   * The price per pack receiving compares a new price with (issue 32.5): the last received price, or on a first
   * delivery the item's cost price × the pack size; null when there is neither (a cost of 0).
   */
  compare_price: number | null
  compare_basis: PriceBasis | null
  /** Σ value of this line's receipt lines (quantity × invoiced price, rounded per line). */
  received_value: number
  /** The price per pack on the latest receipt of this line; null when nothing was received yet. */
  invoiced_price: number | null
  /** Base units sent back from this line's receipts, and their value at the invoiced cost. */
  returned_quantity: number
  returned_value: number
}

/** What a received price was compared with: the item's last received price, or (first delivery) its cost price. */
export type PriceBasis = 'LAST_PRICE' | 'COST_PRICE'

/** "per case of 24 bottle", "per kg": what a price on an order or receiving line is for (issue 32.5). */
export const pricePer = (pack: Pick<PackRef, 'name' | 'size'> | null, unit: string): string => (pack ? `per ${pack.name} of ${pack.size} ${unit}` : `per ${unit}`)

export interface PurchaseOrderSummary {
  id: number
  number: string
  supplier_id: number
  supplier_name: string
  status: PoStatus
  expected_date: string | null
  note: string | null
  line_count: number
  total: number
  created_by_name: string
  created_at: string
  sent_at: string | null
}

export interface ReceiptSummary {
  id: number
  order_id: number | null
  order_number: string | null
  supplier_id: number
  supplier_name: string
  invoice_number: string
  invoice_date: string
  invoice_total: number | null
  lines_total: number
  total_mismatch: boolean
  user_name: string
  created_at: string
  /** The invoice draft it was received from (issue 34: its file is GET /receipts/drafts/:id/file); null when typed. */
  draft_id: number | null
}

export interface PurchaseOrder extends PurchaseOrderSummary {
  lines: PurchaseOrderLine[]
  closed_at: string | null
  close_reason: string | null
  receipts: ReceiptSummary[]
  /** The price_alert_pct setting, so that receiving warns of a jump before saving. */
  price_alert_pct: number
  /** Σ lines' received_value and returned_value (issue 32.5: ordered / received / returned with values). */
  received_total: number
  returned_total: number
}

export interface ReceiptLine {
  id: number
  order_line_id: number | null
  item_id: number
  item_name: string
  unit: string
  pack: PackRef | null
  received_quantity: number
  refused_quantity: number
  unit_price: number
  /** Base units that went into stock. */
  base_quantity: number
  /** Price per base unit, up to 5 decimals (a piece of a box of 1,000 at 7.00: 0.007). */
  unit_cost: number
  value: number
  expiry_date: string | null
  note: string | null
  movement_id: number | null
}

export interface ReceiptReturn {
  id: number
  item_id: number
  item_name: string
  unit: string
  /** Base units. */
  quantity: number
  reason: string
  movement_id: number | null
  user_name: string
  created_at: string
}

export interface PriceChange {
  item_id: number
  item_name: string
  /** Per base unit, up to 5 decimals (0.0049 → 0.0052 is a change). */
  old_price: number
  new_price: number
  change_pct: number
  priority: 'MEDIUM' | 'HIGH'
  /** LAST_PRICE, or COST_PRICE on the item's first delivery. */
  compared_with: PriceBasis
}

/**
 * A received line whose price differed from what it was compared with (the last price, or the cost price on a
 * first delivery): the Manager dashboard's "Price changes" card, GET /purchasing/price-changes. Prices per pack.
 */
export interface RecentPriceChange {
  receipt_line_id: number
  receipt_id: number
  order_id: number | null
  order_number: string | null
  invoice_number: string
  invoice_date: string
  supplier_name: string
  item_id: number
  item_name: string
  unit: string
  pack: PackRef | null
  old_price: number
  new_price: number
  compared_with: PriceBasis
  change_pct: number
  /** At or over the price_alert_pct setting (the size of change a PRICE_CHANGE alert is raised for). */
  over_threshold: boolean
  created_at: string
}
export const PRICE_CHANGES_LIMIT = 50
export const PriceChangesQuery = v.object({
  limit: v.optional(v.pipe(v.unknown(), v.transform(Number), v.number('limit must be a number'), v.integer('limit must be a whole number'), v.minValue(1, 'limit must be at least 1'), v.maxValue(PRICE_CHANGES_LIMIT, `limit must be at most ${PRICE_CHANGES_LIMIT}`)), 5),
})

export interface Receipt extends ReceiptSummary {
  lines: ReceiptLine[]
  returns: ReceiptReturn[]
  /** Price jumps this receipt raised (on the answer of the POST; empty when read back). */
  price_changes: PriceChange[]
  /** The order's status after this receipt (receipts against an order). */
  order_status: PoStatus | null
}

export interface ItemPrice {
  date: string
  supplier_id: number
  supplier_name: string
  /** Per base unit, up to 5 decimals. */
  price: number
  receipt_id: number
  invoice_number: string
  created_at: string
}

// ---------- Input schemas ----------

const required = <S extends v.GenericSchema>(field: string, schema: S) =>
  v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== '', `${field} is required`), schema)

const optionalDay = (field: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.literal(''), isoDate(field)], `${field} must be a date (YYYY-MM-DD)`))),
    v.transform((s) => (s === undefined ? undefined : s === '' || s === null ? null : s)),
  )
const blankToNull = (s: string | null | undefined) => (s === undefined || s === null || s === '' ? null : s)
const packId = v.optional(v.nullable(id('pack_id')), null)

const orderLine = v.strictObject({
  item_id: required('item_id', id('item_id')),
  pack_id: packId,
  quantity: required('quantity', amount('quantity', 0.01)),
  unit_price: required('unit_price', amount('unit_price')),
})

export const PurchaseOrderBody = v.strictObject({
  supplier_id: required('supplier_id', id('supplier_id')),
  expected_date: optionalDay('expected_date'),
  note: v.pipe(optionalText('note', 500), v.transform(blankToNull)),
  lines: v.pipe(v.array(orderLine, 'lines must be a list'), v.minLength(1, 'lines must have at least one line'), v.maxLength(500, 'lines must have at most 500 lines')),
})
export type PurchaseOrderInput = v.InferOutput<typeof PurchaseOrderBody>

/** One suggestion's packs changed on screen: the suggestions form checks each with it. */
export const SuggestionPacks = v.strictObject({ item_id: required('item_id', id('item_id')), packs: required('packs', amount('packs')) })

export const FromSuggestionsBody = v.strictObject({
  supplier_ids: v.optional(v.pipe(v.array(id('supplier_ids'), 'supplier_ids must be a list'), v.maxLength(1000, 'supplier_ids has too many ids'))),
  /** Packs changed on screen: item → packs (0 leaves the item out). */
  packs: v.optional(v.pipe(v.array(SuggestionPacks, 'packs must be a list'), v.maxLength(20_000, 'packs has too many lines'))),
})
export type FromSuggestionsInput = v.InferOutput<typeof FromSuggestionsBody>

/** Mark as sent (issue 32.8): the expected delivery date; without one the order keeps its own, else tomorrow. */
export const SendOrderBody = v.strictObject({ expected_date: v.optional(isoDate('expected_date')) })
export type SendOrderInput = v.InferOutput<typeof SendOrderBody>

export const CloseOrderBody = v.strictObject({ reason: requiredText('reason', 500) })

export const PurchaseOrderListQuery = v.object({
  ...paging,
  status: v.optional(upperEnum('status', PO_STATUSES)),
  supplier_id: v.optional(id('supplier_id')),
  /** `today`: open orders (SENT, PARTIALLY_RECEIVED) expected today or earlier — the Storekeeper's card. */
  due: v.optional(v.picklist(['today'] as const, 'due must be today')),
})
export type PurchaseOrderListQuery = v.InferOutput<typeof PurchaseOrderListQuery>

const invoiceFields = {
  invoice_number: requiredText('invoice_number', 100),
  invoice_date: required('invoice_date', isoDate('invoice_date')),
  invoice_total: v.optional(v.nullable(amount('invoice_total')), null),
  confirm_duplicate: v.optional(v.boolean('confirm_duplicate must be true or false'), false),
}

/** One line of a delivery against an order: the receiving form checks each line with it before sending. */
export const OrderReceiptLine = v.strictObject({
  line_id: required('line_id', id('line_id')),
  received_quantity: required('received_quantity', amount('received_quantity')),
  unit_price: required('unit_price', amount('unit_price')),
  expiry_date: optionalDay('expiry_date'),
  refused_quantity: v.optional(amount('refused_quantity'), 0),
  note: v.pipe(optionalText('note', 500), v.transform(blankToNull)),
})

export const OrderReceiptBody = v.strictObject({
  ...invoiceFields,
  lines: v.pipe(
    v.array(OrderReceiptLine, 'lines must be a list'),
    v.minLength(1, 'lines must have at least one line'),
    v.maxLength(500, 'lines must have at most 500 lines'),
  ),
})
export type OrderReceiptInput = v.InferOutput<typeof OrderReceiptBody>

export const ReceiptBody = v.strictObject({
  supplier_id: required('supplier_id', id('supplier_id')),
  ...invoiceFields,
  lines: v.pipe(
    v.array(
      v.strictObject({
        item_id: required('item_id', id('item_id')),
        pack_id: packId,
        received_quantity: required('received_quantity', amount('received_quantity', 0.01)),
        unit_price: required('unit_price', amount('unit_price')),
        expiry_date: optionalDay('expiry_date'),
      }),
      'lines must be a list',
    ),
    v.minLength(1, 'lines must have at least one line'),
    v.maxLength(500, 'lines must have at most 500 lines'),
  ),
})
export type ReceiptInput = v.InferOutput<typeof ReceiptBody>

/** One item going back: the return form checks each line with it before sending. */
export const ReturnLine = v.strictObject({ item_id: required('item_id', id('item_id')), quantity: required('quantity', amount('quantity', 0.01)), reason: requiredText('reason', 500) })

export const ReturnBody = v.strictObject({
  lines: v.pipe(
    v.array(ReturnLine, 'lines must be a list'),
    v.minLength(1, 'lines must have at least one line'),
    v.maxLength(500, 'lines must have at most 500 lines'),
  ),
})
export type ReturnInput = v.InferOutput<typeof ReturnBody>

export const ReceiptListQuery = v.object({ ...paging, supplier_id: v.optional(id('supplier_id')) })

// ---------- Messages ----------

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
/** The part of a suggestions message about low or out items the suggestions cannot see; null when there are none. */
const parGap = (par: ParCounts): string | null => (par.without_par_low > 0 ? PO_MSG.withoutParLow(par.without_par_low) : null)
const withGap = (head: string, par: ParCounts): string => {
  const gap = parGap(par)
  return gap ? `${head}. ${gap}` : head
}

export const PO_MSG = {
  created: 'Purchase order created',
  /**
   * The answer of from-suggestions (issue 32: never "nothing to order" while no item has a par level, or without
   * saying how many low or out items have none). `suggested`: lines the suggestions had, before edits left them at 0.
   */
  createdFromSuggestions: (n: number, par: ParCounts = { with_par: 1, without_par_low: 0 }, suggested = 0, filtered = false): string =>
    n > 0
      ? withGap(`${plural(n, 'draft order')} ready`, par)
      : par.with_par === 0
        ? PO_MSG.noParLevels(filtered)
        : withGap(suggested > 0 ? 'Nothing to order: every suggested line is at 0 packs' : PO_MSG.nothingBelowPar, par),
  /** GET /purchasing/suggestions: how many lines, or why there are none. */
  suggestions: (lines: number, par: ParCounts, filtered = false): string =>
    par.with_par === 0 ? PO_MSG.noParLevels(filtered) : withGap(lines > 0 ? `${plural(lines, 'item')} to order` : PO_MSG.nothingBelowPar, par),
  noParLevels: (filtered = false) => `No item${filtered ? ' of these suppliers' : ''} has a par level yet — set par levels`,
  nothingBelowPar: 'Nothing to order: every item with a par level is at or above it',
  withoutParLow: (n: number) => `${plural(n, 'item')} low or out ${n === 1 ? 'has' : 'have'} no par level`,
  updated: 'Purchase order updated',
  sent: 'Purchase order marked as sent',
  cancelled: 'Purchase order cancelled',
  closed: 'Purchase order closed',
  received: 'Delivery received',
  returned: 'Return recorded',
  /** 409 naming the status. */
  wrongStatus: (number: string, status: PoStatus, action: string, allowed: string) => `Purchase order ${number} is ${status}; only ${allowed} orders can be ${action}`,
  managerCancelsSent: 'Only a Manager can cancel an order that was sent',
  duplicateInvoice: (invoice: string, supplier: string, receiptId: number) =>
    `Invoice ${invoice} from ${supplier} was already received (receipt ${receiptId}); send confirm_duplicate: true to record it again`,
  packNotOfItem: (itemName: string) => `pack_id is not one of the packs of ${itemName}`,
  lineNotOnOrder: (lineId: number, number: string) => `line_id ${lineId} is not a line of ${number}`,
  lineTwice: (lineId: number) => `line_id ${lineId} is given twice`,
  nothingReceived: 'Enter a received or refused quantity on at least one line',
  returnTooMuch: (itemName: string, left: number, unit: string) => `Only ${left} ${unit} of ${itemName} from this receipt can still be returned`,
  notOnReceipt: (itemName: string) => `${itemName} is not on this receipt`,
} as const

// ---------- Who may call what ----------

export const purchasingAccess = {
  'GET /api/purchasing/suggestions': STORE_STAFF,
  'GET /api/purchase-orders': STORE_STAFF,
  'POST /api/purchase-orders': STORE_STAFF,
  'POST /api/purchase-orders/from-suggestions': STORE_STAFF,
  'GET /api/purchase-orders/:id': STORE_STAFF,
  'PUT /api/purchase-orders/:id': STORE_STAFF,
  'POST /api/purchase-orders/:id/send': STORE_STAFF,
  'GET /api/purchase-orders/:id/text': STORE_STAFF,
  // A Storekeeper cancels a DRAFT; only a Manager cancels a SENT order (the service says so with a 403).
  'POST /api/purchase-orders/:id/cancel': STORE_STAFF,
  'POST /api/purchase-orders/:id/close': MANAGER_ONLY,
  'POST /api/purchase-orders/:id/receipts': STORE_STAFF,
  'GET /api/receipts': STORE_STAFF,
  'POST /api/receipts': STORE_STAFF,
  'GET /api/receipts/:id': STORE_STAFF,
  'POST /api/receipts/:id/returns': STORE_STAFF,
  'GET /api/items/:id/prices': STORE_STAFF,
  'GET /api/purchasing/price-changes': MANAGER_ONLY,
} as const satisfies Record<string, Access>

// ---------- Pure rules (server and UI) ----------

/**
 * Whole packs to order: `need` and `size` in the same unit. UP: ceil; HALF: the nearest pack, a half up.
 * Works in hundredths so that 2.75 ÷ 1 is exact.
 */
export function suggestedPacks(needHundredths: number, sizeHundredths: number, rounding: 'UP' | 'HALF'): number {
  if (needHundredths <= 0) return 0
  const whole = Math.floor(needHundredths / sizeHundredths)
  const rest = needHundredths - whole * sizeHundredths
  if (rest === 0) return whole
  return rounding === 'UP' || rest * 2 >= sizeHundredths ? whole + 1 : whole
}

/** LOW under half the last order, HIGH over twice it (both in base units). */
export const suggestionFlag = (suggested: number, lastOrdered: number | null): 'LOW' | 'HIGH' | null =>
  lastOrdered === null || lastOrdered <= 0 ? null : suggested * 2 < lastOrdered ? 'LOW' : suggested > lastOrdered * 2 ? 'HIGH' : null

/** The percent change from old to new (old > 0), to 2 decimals: what a PRICE_CHANGE alert and receipt say. */
export const priceChangePct = (oldPrice: number, newPrice: number) => Math.round(((newPrice - oldPrice) / oldPrice) * 10000) / 100

/**
 * The price-jump rule, one for the server (the PRICE_CHANGE alert and a receipt's `price_changes`) and for
 * receiving's warning before saving: a change of at least `alertPct` percent (the price_alert_pct setting)
 * from a positive old price; HIGH from twice that. Both prices are integers in one scale (cents per pack,
 * or 1/100,000 per base unit), so the comparison is exact; null when the price did not jump.
 */
export function priceJump(oldPrice: number, newPrice: number, alertPct: number): { change_pct: number; priority: 'MEDIUM' | 'HIGH' } | null {
  if (oldPrice <= 0) return null
  const pct = BigInt(toCents(alertPct))
  const delta = BigInt(Math.abs(newPrice - oldPrice)) * 10000n
  const old = BigInt(oldPrice)
  if (delta < pct * old) return null
  return { change_pct: priceChangePct(oldPrice, newPrice), priority: delta >= 2n * pct * old ? 'HIGH' : 'MEDIUM' }
}
