import * as v from 'valibot'
import { ALL_STAFF, MANAGER_ONLY, STORE_STAFF, type Access } from './access-types'
import { amount, unitCost, flag, id, isoDate, optionalText, paging, rangeInOrder, requiredDateAliases, requiredText, safeName, toDateRange, upperEnum, withDateAliases } from './fields'
import { daysBetween, localDate } from './dates'
import { MANAGER } from './roles'
import { itemCodeField } from './barcodes'
import { PacksField, type Pack } from './packs'
import { COST_SCALE } from './fixed'
import { bottleFields, type BottleFacts } from './bar'

// Items, categories, suppliers and the main-store ledger: shapes, input schemas, messages, access.

// ---------- Entities (as the API sends them: amounts are decimal numbers) ----------

export interface Category {
  id: number
  name: string
  description: string | null
  item_count: number
  created_at: string
  updated_at: string
}

export interface Supplier {
  id: number
  name: string
  contact_person: string | null
  email: string | null
  phone: string | null
  address: string | null
  /** VAT number or TPIN as printed on its invoices: an uploaded invoice names its supplier by it (issue 34). */
  tax_id: string | null
  item_count: number
  created_at: string
  updated_at: string
}

export interface Item {
  id: number
  name: string
  /** Optional, unique when given (case-insensitive), at most 64 characters: the key a re-import matches on. */
  sku: string | null
  barcode: string | null
  /** False when the barcode was saved before RIMS checked check digits (its check digit is wrong); true otherwise, also without one. */
  barcode_checked: boolean
  category_id: number
  category_name: string
  supplier_id: number
  supplier_name: string
  unit: string
  /** Per base unit, up to 5 decimals (a piece of a box of 1,000 at 7.00 is 0.007); stored as 1/100,000 (COST_SCALE). */
  cost_price: number
  current_quantity: number
  min_stock_level: number
  expiry_date: string | null
  is_active: boolean
  created_at: string
  updated_at: string
  /** Recipes (issue 22): g per ml, g per each, usable share after trimming (1–100). */
  density: number | null
  each_weight: number | null
  yield_pct: number
  /** cost × quantity rounded half-up to the ngwee: Managers only. */
  total_value?: number
  /** On /items/expiring (and wherever an expiry list is shown). */
  days_until_expiry?: number
  /** Ordering (issue 18): fill up to this many base units; null = never suggested. */
  par_level: number | null
  /** One of the item's packs to order in; null = base units. */
  order_pack_id: number | null
  /** The supplier's own code for the item, printed on orders. */
  supplier_code: string | null
  /** Pack sizes, in the order given (issue 17); [] when the item is counted in its base unit only. */
  packs: Pack[]
  /** The bar (issue 35): bottle volume, empty and full weight, density; null when the item has none. */
  bottle: BottleFacts | null
  /** When a stock count last confirmed the balance (approved count session); null when never. */
  last_verified_at: string | null
}

/** An item's own fields: what the item form sends and the items repo writes (quantities come through the ledger). */
export type ItemFields = Pick<Item, 'name' | 'barcode' | 'category_id' | 'supplier_id' | 'unit' | 'cost_price' | 'min_stock_level' | 'expiry_date'> &
  Partial<Pick<Item, 'par_level' | 'order_pack_id' | 'supplier_code' | 'sku'>>
/** The recipe fields of an item (issue 22), written beside the item's own fields. */
export type ItemCostingFields = Pick<Item, 'density' | 'each_weight' | 'yield_pct'>

/** Pack sizes travel with the item's fields on POST/PUT /items (issue 17). */
export type { Pack } from './packs'

export const MOVEMENT_TYPES = ['IN', 'OUT', 'ADJUSTMENT'] as const
export type MovementType = (typeof MOVEMENT_TYPES)[number]
/** Who made a ledger row. Only MANUAL IN/OUT rows can be edited or deleted. */
export const SOURCE_TYPES = ['MANUAL', 'OPENING', 'COUNT', 'REQUEST', 'TRANSFER', 'RECEIPT', 'RETURN'] as const
export type SourceType = (typeof SOURCE_TYPES)[number]

export interface StockMovement {
  id: number
  item_id: number
  item_name: string
  unit: string
  type: MovementType
  /** IN/OUT: positive; ADJUSTMENT: signed (a count that found less is negative). */
  quantity: number
  remarks: string | null
  user_id: number
  user_name: string
  role_name: string
  source_type: SourceType
  /** What made the row when it has a record of its own: the count session of a COUNT row, null otherwise. */
  source_id: number | null
  reference: string | null
  editable: boolean
  movement_date: string
  created_at: string
  updated_at: string
  /** Who last edited the row; null while it was never edited. */
  updated_by: number | null
  updated_by_name: string | null
  /** Every edit, oldest first: on the movement's detail (GET /stock-movements/{id}) and the answers of POST and PUT, not on lists. */
  history?: MovementHistoryEntry[]
}

/** A movement's values as they were before or after an edit (quantity as a decimal number). */
export interface MovementSnapshot {
  item_id: number
  item_name: string
  type: MovementType
  quantity: number
  remarks: string | null
}

export interface MovementHistoryEntry {
  at: string
  user_id: number
  user_name: string
  action: 'edit' | 'delete'
  before: MovementSnapshot
  /** Null for a deletion. */
  after: MovementSnapshot | null
}

export interface ItemStatistics {
  total_items: number
  /** Managers only. */
  total_value?: number
  total_categories: number
  low_stock_count: number
  expiring_count: number
  /** Past their expiry date: with expiring_count, the 'Expiring or expired' group (status=expiring_or_expired). */
  expired_count: number
}

export interface MovementStatistics {
  total_movements: number
  stock_in_count: number
  stock_out_count: number
  adjustment_count: number
}

export interface SupplierStatistics {
  total_suppliers: number
  /** Suppliers with at least one active item. */
  active_suppliers: number
  items_supplied: number
  /** Managers only. */
  total_value?: number
  suppliers: { id: number; name: string; item_count: number; total_value?: number }[]
}

// ---------- Input schemas ----------

/** A missing value says "<field> is required" before the field's own checks run. */
const required = <S extends v.GenericSchema>(field: string, schema: S) =>
  v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null && x !== '', `${field} is required`), schema)

const blankToNull = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s === '' ? null : s)

const optionalEmail = v.optional(
  v.nullable(
    v.pipe(
      v.string('email must be text'),
      v.trim(),
      v.maxLength(254, 'email is too long'),
      v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'email must be a valid email address'),
      v.toLowerCase(),
    ),
  ),
)

export const CategoryBody = v.strictObject({
  name: safeName('name', 100),
  description: v.pipe(optionalText('description', 500), v.transform(blankToNull)),
})
export type CategoryInput = v.InferOutput<typeof CategoryBody>

export const SupplierBody = v.strictObject({
  name: safeName('name', 150),
  contact_person: v.pipe(optionalText('contact_person', 150), v.transform(blankToNull)),
  email: v.pipe(optionalEmail, v.transform(blankToNull)),
  phone: v.pipe(optionalText('phone', 50), v.transform(blankToNull)),
  address: v.pipe(optionalText('address', 300), v.transform(blankToNull)),
  /** Omitted on an update: the tax id stays as it was (forms written before issue 34 do not send it). */
  tax_id: v.optional(v.pipe(optionalText('tax_id', 50), v.transform(blankToNull))),
})
export type SupplierInput = v.InferOutput<typeof SupplierBody>

const optionalDate = (field: string) =>
  v.optional(v.nullable(v.union([v.literal(''), isoDate(field)], `${field} must be a date (YYYY-MM-DD)`)))

const itemFields = {
  name: safeName('name', 150),
  sku: v.pipe(optionalText('sku', 64), v.transform(blankToNull)),
  // A wrong check digit passes only as the item's own unchecked code: the service and the form call itemCodeRefusal.
  barcode: itemCodeField('barcode'),
  category_id: required('category_id', id('category_id')),
  supplier_id: required('supplier_id', id('supplier_id')),
  unit: requiredText('unit', 30),
  cost_price: required('cost_price', unitCost('cost_price')),
  min_stock_level: v.optional(amount('min_stock_level'), 0),
  expiry_date: v.pipe(optionalDate('expiry_date'), v.transform(blankToNull)),
  // Recipes (issue 22): bridges between mass, volume and count, and the usable share after trimming.
  density: v.optional(v.nullable(amount('density', 0.01))),
  each_weight: v.optional(v.nullable(amount('each_weight', 0.01))),
  yield_pct: v.optional(v.pipe(amount('yield_pct', 1), v.maxValue(100, 'yield_pct must be at most 100'))),
  par_level: v.optional(v.nullable(amount('par_level'))),
  order_pack_id: v.optional(v.nullable(id('order_pack_id'))),
  supplier_code: v.pipe(optionalText('supplier_code', 64), v.transform(blankToNull)),
  /** The whole list of pack sizes: given replaces the item's packs (kept by name, so pack ids stay), absent leaves them. */
  packs: v.optional(PacksField),
  /** Bottle facts (issue 35): bottle_ml, tare_g and full_g or density_g_ml; bottle_ml null clears them. */
  ...bottleFields,
}

/** POST /items: an initial quantity above 0 is written to the ledger as opening stock. */
export const CreateItemBody = v.strictObject({ ...itemFields, current_quantity: v.optional(amount('current_quantity'), 0) })
export type CreateItemInput = v.InferOutput<typeof CreateItemBody>

/** PUT /items/{id}: any of the fields; current_quantity is not one of them (dropped like any unknown key). */
export const UpdateItemBody = v.partial(v.strictObject({ ...itemFields, min_stock_level: amount('min_stock_level'), is_active: flag('is_active') }))
export type UpdateItemInput = v.InferOutput<typeof UpdateItemBody>

/** PATCH /items/{id}/quantity: a stock count. The difference is recorded as a signed ADJUSTMENT. */
export const StockCountBody = v.strictObject({
  quantity: required('quantity', amount('quantity')),
  remarks: requiredText('remarks', 500),
})

/** 'low' is low or out (at or below the minimum); 'expiring_or_expired' is what the screens call 'Expiring or expired'. */
export const ITEM_STATUSES = ['low', 'out', 'expiring', 'expired', 'expiring_or_expired', 'unverified'] as const
export const ITEM_SORTS = ['name', 'quantity', 'cost_price', 'value', 'expiry_date', 'created_at'] as const
const itemSort = v.picklist(
  ITEM_SORTS.flatMap((s) => [s, `-${s}`]) as [string, ...string[]],
  `sort must be one of ${ITEM_SORTS.join(', ')} (prefix - for descending)`,
)

export const ItemListQuery = v.object({
  ...paging,
  category_id: v.optional(id('category_id')),
  supplier_id: v.optional(id('supplier_id')),
  status: v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(ITEM_STATUSES, `status must be one of ${ITEM_STATUSES.join(', ')}`))),
  sort: v.optional(itemSort, 'name'),
  /** With status=unverified: not confirmed by an approved stock count in this many days (default 30). */
  days: v.optional(
    v.pipe(v.unknown(), v.transform(Number), v.number('days must be a number'), v.integer('days must be a whole number'), v.minValue(0, 'days must be at least 0'), v.maxValue(3650, 'days must be at most 3650')),
  ),
})
export type ItemListQuery = v.InferOutput<typeof ItemListQuery>

export const ExpiringQuery = v.object({
  ...paging,
  days: v.optional(
    v.pipe(v.unknown(), v.transform(Number), v.number('days must be a number'), v.integer('days must be a whole number'), v.minValue(0, 'days must be at least 0'), v.maxValue(365, 'days must be at most 365')),
  ),
})

export const PagingQuery = v.object({ ...paging })

/** The movement form sends `type` (or `movement_type`, the alias), in any case: the alias is folded into `type` (a known field, never "unknown"). */
export const withTypeAlias = (body: unknown): unknown => {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('movement_type' in body)) return body
  const { movement_type, ...rest } = body as { movement_type?: unknown; type?: unknown }
  return rest.type === undefined ? { ...rest, type: movement_type } : rest
}

const movementFields = {
  item_id: required('item_id', id('item_id')),
  type: required('type', upperEnum('type', ['IN', 'OUT'] as const)),
  quantity: required('quantity', amount('quantity', 0.01)),
  remarks: v.pipe(optionalText('remarks', 500), v.transform(blankToNull)),
}
export const MovementBody = v.strictObject(movementFields)
export type MovementInput = v.InferOutput<typeof MovementBody>
/** PUT /stock-movements/{id}: what is given replaces the row's value; the difference is applied to the balance. */
export const UpdateMovementBody = v.partial(v.strictObject(movementFields))
export type UpdateMovementInput = v.InferOutput<typeof UpdateMovementBody>

/** startDate/endDate (the spec's spelling, `start_date`/`end_date` too): YYYY-MM-DD, both ends inclusive. */
export const MovementListQuery = v.pipe(
  v.object({
    ...paging,
    ...withDateAliases,
    item_id: v.optional(id('item_id')),
    user_id: v.optional(id('user_id')),
    type: v.optional(upperEnum('type', MOVEMENT_TYPES)),
  }),
  v.transform((o) => toDateRange(o)),
  v.check((o) => rangeInOrder(o), 'startDate cannot be after endDate'),
)
export type MovementListQuery = v.InferOutput<typeof MovementListQuery>

export const DateRangeQuery = v.pipe(
  v.object({ ...paging, ...requiredDateAliases }),
  v.transform((o) => toDateRange(o)),
  v.check((o) => o.start_date !== undefined, 'startDate is required'),
  v.check((o) => o.end_date !== undefined, 'endDate is required'),
  v.check((o) => rangeInOrder(o), 'startDate cannot be after endDate'),
)

export const MovementTypeParam = upperEnum('type', MOVEMENT_TYPES)

// ---------- The value ceiling ----------

/**
 * The most one item's stock may be worth, cost_price × quantity, in currency units (main store and
 * kitchen each). Far above any restaurant, yet 10,000 items at it still sum to 1e17 ngwee, well
 * inside SQLite's 64-bit integers (the trigger-kept item_totals.value_cents): the field limits alone
 * (cost and quantity each up to MAX_AMOUNT) would multiply to 1e22 and overflow.
 */
export const MAX_ITEM_VALUE = 100_000_000_000
/** The same ceiling as cost in 1/100,000 × quantity in hundredths (the stored units): 1e18, under 2^63 (SQL) but over 2^53. */
export const MAX_VALUE_PRODUCT = MAX_ITEM_VALUE * COST_SCALE * 100
const MAX_VALUE_PRODUCT_N = BigInt(MAX_ITEM_VALUE) * BigInt(COST_SCALE) * 100n

/** Whether cost (1/100,000) × quantity (hundredths) passes the ceiling; exact past 2^53 (BigInt). */
export const exceedsValueCeiling = (cost: number, qtyHundredths: number) => {
  const p = cost * qtyHundredths
  return Number.isSafeInteger(p) ? false : BigInt(cost) * BigInt(qtyHundredths) > MAX_VALUE_PRODUCT_N
}

// ---------- Messages ----------

const qty = (hundredths: number) => String(hundredths / 100)

export const STOCK_MSG = {
  /** SPEC §5, word for word. Quantities in hundredths, printed as a person writes them (5, 2.5, 0.75). */
  insufficientStock: (availableHundredths: number, requestedHundredths: number, unit: string) =>
    `Insufficient stock! Available: ${qty(availableHundredths)} ${unit}, Requested: ${qty(requestedHundredths)} ${unit}. Please restock before proceeding.`,
  movementRecorded: 'Stock movement recorded successfully',
  movementUpdated: 'Stock movement updated successfully',
  movementDeleted: 'Stock movement deleted successfully',
  notEditable: (madeBy: string) => `This movement was made by ${madeBy}; record a correction instead.`,
  itemCreated: 'Item created successfully!',
  itemUpdated: 'Item updated successfully',
  itemDeleted: 'Item deleted successfully',
  itemDeactivated: 'The item has stock history, so it was deactivated instead of deleted',
  itemInactive: 'This item is deactivated. Reactivate it before moving its stock.',
  stockCounted: 'Stock count recorded successfully',
  countUnchanged: 'The count matches the balance; nothing to adjust',
  barcodeTaken: 'An item with this barcode already exists',
  skuTaken: 'An item with this SKU already exists',
  categoryCreated: 'Category created successfully',
  categoryUpdated: 'Category updated successfully',
  categoryDeleted: 'Category deleted successfully',
  categoryTaken: 'A category with this name already exists',
  supplierCreated: 'Supplier created successfully',
  supplierUpdated: 'Supplier updated successfully',
  supplierDeleted: 'Supplier deleted successfully',
  inUse: (what: 'category' | 'supplier', total: number, inactive: number) =>
    `This ${what} is used by ${total} item${total === 1 ? '' : 's'}${inactive ? ` (${inactive} deactivated)` : ''} and cannot be deleted. Move the items to another ${what} first.`,
  unknownReference: (field: 'category_id' | 'supplier_id') => `${field} does not match an existing ${field === 'category_id' ? 'category' : 'supplier'}`,
  idempotencyReused: 'This Idempotency-Key was already used for a different request',
  /** A Storekeeper changes only the rows they recorded on the restaurant's today; a Manager changes any. */
  editOwnToday: 'You can edit only movements you recorded today; ask a Manager',
  valueTooLarge: (field: string) => `${field} is too large: one item's stock may be worth at most 100,000,000,000 (cost_price × quantity)`,
} as const

/** Why a ledger row cannot be edited: who made it. */
export const MADE_BY: Record<string, string> = {
  OPENING: "the item's opening stock",
  COUNT: 'a stock count',
  REQUEST: 'a kitchen request fulfilment',
  TRANSFER: 'a kitchen transfer',
  RECEIPT: 'a delivery receipt',
  RETURN: 'a return to the supplier',
}

/**
 * Who may edit (or delete) a movement that is editable at all: a Manager any; anyone else only the rows
 * they recorded themselves on the restaurant's today (`zone`). The server refuses the rest with
 * STOCK_MSG.editOwnToday; the UI offers the buttons by the same rule.
 */
export const mayChangeMovement = (user: { id: number; role_name: string }, m: Pick<StockMovement, 'user_id' | 'created_at'>, zone: string, now: Date) =>
  user.role_name === MANAGER || (m.user_id === user.id && localDate(new Date(m.created_at), zone) === localDate(now, zone))

// ---------- Who may call what ----------

export const stockAccess = {
  'GET /api/items': ALL_STAFF,
  'POST /api/items': STORE_STAFF,
  'GET /api/items/search': ALL_STAFF,
  'GET /api/items/low-stock': ALL_STAFF,
  'GET /api/items/critical-stock': ALL_STAFF,
  'GET /api/items/expiring': ALL_STAFF,
  'GET /api/items/expired': ALL_STAFF,
  'GET /api/items/statistics': ALL_STAFF,
  'GET /api/items/:id': ALL_STAFF,
  'PUT /api/items/:id': STORE_STAFF,
  'DELETE /api/items/:id': STORE_STAFF,
  'PATCH /api/items/:id/quantity': STORE_STAFF,

  'GET /api/categories': ALL_STAFF,
  'POST /api/categories': STORE_STAFF,
  'GET /api/categories/:id': ALL_STAFF,
  'PUT /api/categories/:id': STORE_STAFF,
  'DELETE /api/categories/:id': STORE_STAFF,

  'GET /api/suppliers': STORE_STAFF,
  'POST /api/suppliers': STORE_STAFF,
  'GET /api/suppliers/search': STORE_STAFF,
  'GET /api/suppliers/statistics': STORE_STAFF,
  'GET /api/suppliers/:id': STORE_STAFF,
  'PUT /api/suppliers/:id': STORE_STAFF,
  'DELETE /api/suppliers/:id': STORE_STAFF,

  'GET /api/stock-movements': STORE_STAFF,
  'POST /api/stock-movements': STORE_STAFF,
  'GET /api/stock-movements/statistics': STORE_STAFF,
  'GET /api/stock-movements/search': STORE_STAFF,
  'GET /api/stock-movements/date-range': STORE_STAFF,
  'GET /api/stock-movements/item/:id': STORE_STAFF,
  'GET /api/stock-movements/user/:id': STORE_STAFF,
  'GET /api/stock-movements/type/:type': STORE_STAFF,
  'GET /api/stock-movements/:id': STORE_STAFF,
  'PUT /api/stock-movements/:id': STORE_STAFF,
  'DELETE /api/stock-movements/:id': MANAGER_ONLY,
} as const satisfies Record<string, Access>

// ---------- The one stock-status rule (alerts, reports, dashboard and the UI) ----------

export type StockStatus = 'in' | 'low' | 'out' | 'expiring' | 'expired'

/** The facts the rule reads; quantities in any one unit (hundredths or decimals), expiry as YYYY-MM-DD. */
export interface StockFacts {
  current_quantity: number
  min_stock_level: number
  expiry_date: string | null
}

/** Out: nothing left. Low: at or below the minimum (an empty shelf included, when asked about quantity alone). */
export const quantityStatus = (item: Pick<StockFacts, 'current_quantity' | 'min_stock_level'>): 'in' | 'low' | 'out' =>
  item.current_quantity === 0 ? 'out' : item.current_quantity <= item.min_stock_level ? 'low' : 'in'

/** Expired: expiry_date before today. Expiring: 0 ≤ days left ≤ window. Null: no date, or further away. */
export function expiryStatus(expiryDate: string | null, today: string, window: number): 'expired' | 'expiring' | null {
  if (!expiryDate) return null
  const left = daysBetween(today, expiryDate)
  return left < 0 ? 'expired' : left <= window ? 'expiring' : null
}

/**
 * An item's one status, first match wins: expired, out, low, expiring, in. The dashboard's pie has no
 * expiring slice (expired, out, low, in: an expiring item counts as in stock there); the reports use
 * all five in this order; alerts raise one alert per condition (`quantityStatus` and `expiryStatus`).
 */
export function stockStatus(item: StockFacts, today: string, window: number): StockStatus {
  const expiry = expiryStatus(item.expiry_date, today, window)
  if (expiry === 'expired') return 'expired'
  const quantity = quantityStatus(item)
  if (quantity !== 'in') return quantity
  return expiry ?? 'in'
}
