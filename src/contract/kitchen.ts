import * as v from 'valibot'
import { ALL_STAFF, KITCHEN_STAFF, MANAGER_ONLY, STORE_STAFF, type Access } from './access-types'
import { amount, id, isoDate, optionalText, paging, rangeInOrder, requiredText, signedAmount, toDateRange, upperEnum, withDateAliases } from './fields'

// Kitchen requests (the approval workflow) and the kitchen inventory: shapes, input schemas, messages, access.

export const REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'FULFILLED'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]
export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const
export type Priority = (typeof PRIORITIES)[number]

export const KITCHEN_MOVEMENT_TYPES = ['IN', 'OUT', 'WASTE', 'ADJUSTMENT'] as const
export type KitchenMovementType = (typeof KITCHEN_MOVEMENT_TYPES)[number]
export const KITCHEN_SOURCE_TYPES = ['USAGE', 'WASTE', 'REQUEST', 'ADJUSTMENT', 'TRANSFER'] as const
export type KitchenSourceType = (typeof KITCHEN_SOURCE_TYPES)[number]
export const TRANSFER_DIRECTIONS = ['TO_KITCHEN', 'TO_STORE'] as const
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number]

// ---------- Entities (as the API sends them: quantities are decimal numbers) ----------

export interface KitchenRequest {
  id: number
  request_number: string
  item_id: number
  item_name: string
  unit: string
  chef_id: number
  chef_name: string
  quantity_requested: number
  quantity_approved: number | null
  priority: Priority
  status: RequestStatus
  /** The Chef's remarks. */
  remarks: string | null
  /** The approver's or rejecter's remarks. */
  review_remarks: string | null
  approved_by: number | null
  approved_by_name: string | null
  approved_at: string | null
  rejected_by: number | null
  rejected_by_name: string | null
  rejected_at: string | null
  fulfilled_by: number | null
  fulfilled_by_name: string | null
  fulfilled_at: string | null
  requested_at: string
  created_at: string
  updated_at: string
}

export interface KitchenRequestStatistics {
  total_requests: number
  pending_count: number
  /** The same number as pending_count (the spec shows both names). */
  pending_requests: number
  approved_count: number
  rejected_count: number
  fulfilled_count: number
  /** URGENT requests still PENDING or APPROVED. */
  urgent_count: number
}

export interface KitchenInventoryRow {
  id: number
  item_id: number
  item_name: string
  category: string
  supplier_name: string
  cost_price: number
  quantity: number
  unit: string
  is_active: boolean
  last_updated: string
  /** The kitchen's own minimum for this item (null: none, never Low). */
  min_quantity: number | null
}

/** A kitchen row's state: out at 0, low when 0 < quantity ≤ its own minimum, else in. No minimum: never low. */
export const kitchenStockStatus = (row: { quantity: number; min_quantity: number | null }): 'in' | 'low' | 'out' =>
  row.quantity <= 0 ? 'out' : row.min_quantity !== null && row.quantity <= row.min_quantity ? 'low' : 'in'

export interface KitchenMovement {
  id: number
  item_id: number
  item_name: string
  unit: string
  movement_type: KitchenMovementType
  /** IN, OUT, WASTE: positive; ADJUSTMENT: signed. */
  quantity: number
  user_id: number
  user_name: string
  role_name: string
  source_type: KitchenSourceType
  request_number: string | null
  movement_date: string
  remarks: string | null
  created_at: string
}

export interface KitchenInventoryStatistics {
  total_items: number
  items_in_stock: number
  /** 0 < quantity ≤ the row's own minimum (rows without one are never low). */
  low_stock_items: number
  items_out_of_stock: number
}

export interface KitchenMovementTypeTotals {
  movement_type: KitchenMovementType
  count: number
  /** Sum of quantities (ADJUSTMENT: the signed net). Units differ between items: a volume, not a measure. */
  quantity: number
}

export interface KitchenMovementStatistics {
  start_date: string | null
  end_date: string | null
  total_movements: number
  stock_in_count: number
  usage_count: number
  wastage_count: number
  adjustment_count: number
  stock_in_quantity: number
  usage_quantity: number
  wastage_quantity: number
  adjustment_quantity: number
  by_type: KitchenMovementTypeTotals[]
}

/** What a kitchen write answers: the movement recorded and the kitchen balance after it. */
export interface KitchenWriteResult {
  movement: KitchenMovement
  kitchen_quantity: number
}

export interface TransferResult {
  direction: TransferDirection
  item_id: number
  quantity: number
  kitchen_quantity: number
  store_quantity: number
  kitchen_movement: KitchenMovement
  stock_movement_id: number
}

// ---------- Input schemas ----------

const blankToNull = (s: string | null | undefined) => (s === undefined || s === null || s === '' ? null : s)
const remarks = (max = 500) => v.pipe(optionalText('remarks', max), v.transform(blankToNull))

export const CreateRequestBody = v.strictObject({
  item_id: id('item_id'),
  quantity_requested: amount('quantity_requested', 0.01),
  priority: v.optional(upperEnum('priority', PRIORITIES), 'MEDIUM'),
  remarks: remarks(),
})
export type CreateRequestInput = v.InferOutput<typeof CreateRequestBody>

/** Tonight's list: 1..20 lines, each read like one request; a bad line is named ("Line 2: …") and makes none. */
export const MAX_BATCH_LINES = 20
export const BatchRequestBody = v.strictObject({
  lines: v.pipe(
    v.array(v.unknown(), 'lines must be a list'),
    v.minLength(1, `lines must hold 1 to ${MAX_BATCH_LINES} lines`),
    v.maxLength(MAX_BATCH_LINES, `lines must hold 1 to ${MAX_BATCH_LINES} lines`),
  ),
})

export const UpdateRequestBody = v.partial(
  v.strictObject({
    item_id: id('item_id'),
    quantity_requested: amount('quantity_requested', 0.01),
    priority: upperEnum('priority', PRIORITIES),
    remarks: remarks(),
  }),
)
export type UpdateRequestInput = v.InferOutput<typeof UpdateRequestBody>

export const ApproveBody = v.strictObject({
  quantity_approved: v.optional(v.nullable(amount('quantity_approved', 0.01))),
  remarks: remarks(),
})
export type ApproveInput = v.InferOutput<typeof ApproveBody>

export const RejectBody = v.strictObject({ remarks: requiredText('remarks', 500) })
export type RejectInput = v.InferOutput<typeof RejectBody>

export const RequestListQuery = v.object({
  ...paging,
  status: v.optional(upperEnum('status', REQUEST_STATUSES)),
  priority: v.optional(upperEnum('priority', PRIORITIES)),
  chef_id: v.optional(id('chef_id')),
  item_id: v.optional(id('item_id')),
})
export type RequestListQuery = v.InferOutput<typeof RequestListQuery>

export const StatusParam = upperEnum('status', REQUEST_STATUSES)
export const PriorityParam = upperEnum('priority', PRIORITIES)

export const MovementListQuery = v.pipe(
  v.object({
    ...paging,
    ...withDateAliases,
    movement_type: v.optional(upperEnum('movement_type', KITCHEN_MOVEMENT_TYPES)),
    source_type: v.optional(upperEnum('source_type', KITCHEN_SOURCE_TYPES)),
    item_id: v.optional(id('item_id')),
  }),
  v.transform((o) => toDateRange(o)),
  v.check((o) => rangeInOrder(o), 'startDate cannot be after endDate'),
)
export type KitchenMovementListQuery = v.InferOutput<typeof MovementListQuery>

/** startDate/endDate or start_date/end_date: YYYY-MM-DD, both ends inclusive. */
export const MovementStatisticsQuery = v.pipe(v.object(withDateAliases), v.transform((o) => toDateRange(o)), v.check((o) => rangeInOrder(o), 'startDate cannot be after endDate'))

export const InventoryListQuery = v.object({
  ...paging,
  stock: v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(['in', 'low', 'out'] as const, 'stock must be one of in, low, out'))),
})
export type InventoryListQuery = v.InferOutput<typeof InventoryListQuery>

/** PUT …/inventory/:item_id/minimum: the kitchen's minimum for one item, ≥ 0 with 2 decimals; null clears it. */
export const KitchenMinimumBody = v.strictObject({ min_quantity: v.nullable(amount('min_quantity')) })
export type KitchenMinimumInput = v.InferOutput<typeof KitchenMinimumBody>

export const UsageBody = v.strictObject({ item_id: id('item_id'), quantity: amount('quantity', 0.01), remarks: remarks() })
export type UsageInput = v.InferOutput<typeof UsageBody>

/** Wastage needs its reason. */
export const WastageBody = v.strictObject({ item_id: id('item_id'), quantity: amount('quantity', 0.01), remarks: requiredText('remarks', 500) })
export type WastageInput = v.InferOutput<typeof WastageBody>

/** A Manager's count correction: signed, never 0, with its reason. */
export const AdjustmentBody = v.strictObject({
  item_id: id('item_id'),
  quantity: v.pipe(signedAmount('quantity'), v.check((n) => n !== 0, 'quantity must not be 0')),
  remarks: requiredText('remarks', 500),
})
export type AdjustmentInput = v.InferOutput<typeof AdjustmentBody>

export const TransferBody = v.strictObject({
  item_id: id('item_id'),
  quantity: amount('quantity', 0.01),
  direction: upperEnum('direction', TRANSFER_DIRECTIONS),
  remarks: remarks(),
})
export type TransferInput = v.InferOutput<typeof TransferBody>

// ---------- Messages ----------

const qty = (hundredths: number) => String(hundredths / 100)
const availableRequested = (available: number, requested: number, unit: string) =>
  `Available: ${qty(available)} ${unit}, Requested: ${qty(requested)} ${unit}.`

export const KITCHEN_MSG = {
  /** SPEC §5, word for word. */
  insufficientForUsage: (available: number, requested: number, unit: string) =>
    `Insufficient kitchen stock! ${availableRequested(available, requested, unit)} Please request more items from the main store.`,
  /** SPEC §5, word for word. */
  insufficientForWastage: (available: number, requested: number, unit: string) =>
    `Insufficient kitchen stock! ${availableRequested(available, requested, unit)} Please check your inventory levels.`,
  /** DECISIONS.md "Kitchen", in full. */
  insufficientForAdjustment: (available: number, requested: number, unit: string) =>
    `Insufficient kitchen stock for adjustment! ${availableRequested(available, requested, unit)} Cannot reduce stock below zero.`,
  /** The spec is silent on returns to the store; the same start, saying what to do. */
  insufficientForReturn: (available: number, requested: number, unit: string) =>
    `Insufficient kitchen stock! ${availableRequested(available, requested, unit)} Cannot return more than the kitchen holds.`,
  wrongStatus: (action: 'approve' | 'reject' | 'fulfill' | 'edit' | 'delete', current: RequestStatus) => {
    const needed = action === 'fulfill' ? 'APPROVED' : 'PENDING'
    const verb = { approve: 'approved', reject: 'rejected', fulfill: 'fulfilled', edit: 'edited', delete: 'deleted' }[action]
    return `This request is ${current}; only ${needed} requests can be ${verb}.`
  },
  notOwnRequest: 'A Chef can only edit or delete their own requests',
  itemInactive: 'This item is deactivated. Reactivate it before moving its stock.',
  unknownItem: 'item_id does not match an existing item',
  requestCreated: 'Request submitted successfully',
  requestsCreated: (n: number) => `${n} requests submitted successfully`,
  /** A batch refusal names its line (1-based), so the Chef knows which row to fix. */
  onLine: (line: number, message: string) => `Line ${line}: ${message}`,
  requestUpdated: 'Kitchen request updated successfully',
  requestDeleted: 'Kitchen request deleted successfully',
  requestApproved: 'Kitchen request approved successfully',
  requestRejected: 'Kitchen request rejected successfully',
  requestFulfilled: 'Kitchen request fulfilled successfully',
  usageRecorded: 'Usage recorded successfully',
  wastageRecorded: 'Wastage recorded successfully',
  adjustmentRecorded: 'Adjustment recorded successfully',
  transferRecorded: 'Transfer recorded successfully',
  minimumSaved: 'Kitchen minimum saved',
  minimumCleared: 'Kitchen minimum cleared',
  notInKitchen: 'This item is not in the kitchen yet: its minimum can be set once it has arrived',
  // SPEC §8, shown by the UI when a call fails without a server message.
  recordUsageFailed: 'Failed to record usage',
  recordWastageFailed: 'Failed to record wastage',
  recordAdjustmentFailed: 'Failed to record adjustment',
  fulfilConfirm: 'Mark this request as fulfilled?',
} as const

/** How a kitchen movement is shown (DECISIONS: transfers show as 'Transfer'). */
export const kitchenMovementLabel = (m: { movement_type: KitchenMovementType; source_type: KitchenSourceType }) =>
  m.source_type === 'TRANSFER' ? 'Transfer' : m.movement_type === 'IN' ? 'Stock In' : m.movement_type === 'OUT' ? 'Usage' : m.movement_type === 'ADJUSTMENT' ? 'Adjustment' : 'Wastage'

// ---------- Who may call what ----------

export const kitchenAccess = {
  'GET /api/kitchen-requests': 'signed-in',
  'POST /api/kitchen-requests': KITCHEN_STAFF,
  'POST /api/kitchen-requests/batch': KITCHEN_STAFF,
  'GET /api/kitchen-requests/statistics': 'signed-in',
  'GET /api/kitchen-requests/search': 'signed-in',
  'GET /api/kitchen-requests/chef/:id': 'signed-in',
  'GET /api/kitchen-requests/status/:status': 'signed-in',
  'GET /api/kitchen-requests/priority/:priority': 'signed-in',
  'GET /api/kitchen-requests/:id': 'signed-in',
  'PUT /api/kitchen-requests/:id': KITCHEN_STAFF,
  'DELETE /api/kitchen-requests/:id': KITCHEN_STAFF,
  'PATCH /api/kitchen-requests/:id/approve': STORE_STAFF,
  'PATCH /api/kitchen-requests/:id/reject': STORE_STAFF,
  'PATCH /api/kitchen-requests/:id/fulfill': STORE_STAFF,

  'GET /api/kitchen-inventory/inventory': ALL_STAFF,
  'GET /api/kitchen-inventory/inventory/statistics': ALL_STAFF,
  'GET /api/kitchen-inventory/inventory/search': ALL_STAFF,
  'GET /api/kitchen-inventory/movements': ALL_STAFF,
  'GET /api/kitchen-inventory/movements/statistics': ALL_STAFF,
  'GET /api/kitchen-inventory/movements/search': ALL_STAFF,
  'PUT /api/kitchen-inventory/inventory/:item_id/minimum': KITCHEN_STAFF,
  'POST /api/kitchen-inventory/usage': KITCHEN_STAFF,
  'POST /api/kitchen-inventory/wastage': KITCHEN_STAFF,
  'POST /api/kitchen-inventory/adjustment': MANAGER_ONLY,
  'POST /api/kitchen-inventory/transfer': STORE_STAFF,
} as const satisfies Record<string, Access>
