import * as v from 'valibot'
import { ALL_STAFF, MANAGER_ONLY, STORE_STAFF, type Access } from './access-types'
import { amount, id, optionalText, paging, safeName } from './fields'
import { MAX_PACKS, type Pack } from './packs'
import { openFields, type BottleFacts, type OpenBottles } from './bar'

// Stocktake (issue 17): storage areas in shelf order and count sessions. Quantities and values are
// decimals on the wire (hundredths inside).

export interface StorageArea {
  id: number
  name: string
  item_count: number
  /** The OPEN or SUBMITTED count using the area, if any (it cannot be deleted meanwhile). */
  open_count_id: number | null
  created_at: string
  updated_at: string
}

/** An item of an area, in shelf order. */
export interface StorageAreaItem {
  item_id: number
  item_name: string
  unit: string
  position: number
}

export const COUNT_STATUSES = ['OPEN', 'SUBMITTED', 'APPROVED', 'CANCELLED'] as const
export type CountStatus = (typeof COUNT_STATUSES)[number]
export const UNCOUNTED_CHOICES = ['UNCHANGED', 'ZERO'] as const
export type UncountedChoice = (typeof UNCOUNTED_CHOICES)[number]

export interface CountArea {
  id: number
  name: string
  lines: number
  counted: number
  /** Whole percent of lines counted. */
  percent: number
}

export interface StockCount {
  id: number
  status: CountStatus
  blind: boolean
  note: string | null
  started_at: string
  started_by: number
  started_by_name: string
  submitted_at: string | null
  submitted_by: number | null
  uncounted: UncountedChoice | null
  approved_at: string | null
  approved_by: number | null
  cancelled_at: string | null
  cancelled_by: number | null
  areas: CountArea[]
  line_count: number
  counted_count: number
}

/**
 * One item on one area's sheet. `expected`, `variance` and `variance_value` are the item's (its
 * snapshot balance, and its counted total over all its areas minus that), repeated on each of its
 * lines; they are absent while a blind count is OPEN, and `variance_value` goes to Managers only.
 */
export interface CountLine {
  area_id: number
  item_id: number
  item_name: string
  unit: string
  packs: Pack[]
  position: number
  found: boolean
  counted: number | null
  counted_by: number | null
  counted_by_name: string | null
  counted_at: string | null
  /** Issue 33: two counters' latest entries differ; a Manager resolves it before approval. */
  double_count: boolean
  /** The Manager's last decision on the line (KEEP, SUM or RECOUNT), who and when; null if none. */
  resolution: LineResolution | null
  resolved_by_name: string | null
  resolved_at: string | null
  /** Every entry of the line, oldest first; `current` marks each counter's latest since the last recount. */
  entries: CountEntry[]
  /** Issue 35: the open bottles of the entry that makes the figure (weights, tenths, their ml); null without. */
  open: OpenBottles | null
  /** The item's bottle facts (issue 35): the sheet converts weights live with them; null when it has none. */
  bottle: BottleFacts | null
  expected?: number
  variance?: number | null
  variance_value?: number | null
}

export const LINE_RESOLUTIONS = ['KEEP', 'SUM', 'RECOUNT'] as const
export type LineResolution = (typeof LINE_RESOLUTIONS)[number]

/** One count entry (issue 33): appended, never overwritten; a correction is a later entry of the same counter. */
export interface CountEntry {
  id: string
  user_id: number
  user_name: string
  /** SHEET: a save on the sheet or a scan (it speaks for the whole line); PHONE: sent in a batch of entries. */
  source: 'SHEET' | 'PHONE'
  /** The phone that sent it, when it named itself. */
  device_id: string | null
  packs: { pack_id: number; quantity: number }[]
  /** Null for an entry saved as a plain figure or a cleared line. */
  loose: number | null
  /** Its figure in the item's base unit; null: the counter cleared the line. */
  counted: number | null
  /** When it was made (the device's clock). */
  counted_at: string
  stored_at: string
  /** The counter's latest entry since the line's last recount: it makes the line's figure. */
  current: boolean
  /** Open bottles weighed or judged in tenths (issue 35), included in `counted`; null without. */
  open: OpenBottles | null
}

/** What a device of the count last reported: when it synced and how many entries it still holds. */
export interface CountDevice {
  user_id: number
  user_name: string
  /** Null when the client sent none. */
  device_id: string | null
  last_sync_at: string
  waiting: number
}

export interface StockCountDetail extends StockCount {
  lines: CountLine[]
  /** Each (counter, device) that sent entries, latest sync first. */
  devices: CountDevice[]
  /** Entries the devices reported as not yet sent (the sum of their `waiting`). */
  waiting: number
  /** Lines with an unresolved double count. */
  double_counts: number
  /** Products found on a shelf that are not in the catalogue (issue 32.3), in the order written. */
  found_lines: FoundLine[]
}

export const FOUND_RESOLUTIONS = ['MAPPED', 'DISCARDED'] as const
export type FoundResolution = (typeof FOUND_RESOLUTIONS)[number]

/**
 * An unknown product found on a shelf (an unlabelled bottle): a name, a note describing it and a counted
 * quantity. It changes no figure by itself: a Manager maps it to an item (`item_quantity`, in that item's base
 * unit, then counts for the item) or discards it; a count with an unresolved found line cannot be approved.
 */
export interface FoundLine {
  id: number
  area_id: number
  area_name: string
  name: string
  note: string | null
  /** As the counter typed it (the product's unit is not known yet). */
  counted: number
  added_by: number
  added_by_name: string
  added_at: string
  resolution: FoundResolution | null
  item_id: number | null
  item_name: string | null
  item_unit: string | null
  /** What counts for the mapped item, in its base unit (null unless MAPPED). */
  item_quantity: number | null
  resolved_by_name: string | null
  resolved_at: string | null
}

/** The variance review: one row per item (its lines summed over areas). */
export interface ReviewLine {
  item_id: number
  item_name: string
  unit: string
  packs: Pack[]
  area_names: string[]
  /** The areas the item is on in this count (a reason is sent with any of them). */
  area_ids: number[]
  expected: number
  /** Null when no line of the item was counted (posts nothing). */
  counted: number | null
  variance: number | null
  cost_price: number
  variance_value: number | null
  /** Over count_variance_pct or count_variance_value: needs a reason before approval. */
  over_threshold: boolean
  reason: string | null
  /** The part of `counted` that comes from found lines mapped to this item (null: none). */
  found_quantity: number | null
  /** Issue 35: the volume of its open bottles (weighed or in tenths) over its lines, ml; null: none. */
  open_ml: number | null
}

export interface CountReview {
  count: StockCount
  lines: ReviewLine[]
  totals: { gains: number; losses: number; net: number }
  thresholds: { count_variance_pct: number; count_variance_value: number }
  /** Items over a threshold still without a reason. */
  needs_reason: number
  found_lines: FoundLine[]
  /** Found lines neither mapped nor discarded: approval is refused until this is 0. */
  unresolved_found: number
  /** Lines two counters disagree on: approval is refused until this is 0. */
  double_counts: number
  /** Those lines, each with the counters' latest entries (who, device, when, figure), in sheet order. */
  double_count_lines: { area_id: number; area_name: string; item_id: number; item_name: string; entries: CountEntry[] }[]
  devices: CountDevice[]
  /** Entries devices still hold: a warning before approving (approval is not refused for it). */
  waiting: number
}

/** POST /stock-counts/{id}/entries answers which of the batch's ids the server holds. */
export interface EntriesAnswer {
  stored: string[]
  /** How many were new (the rest were already held: a replay). */
  added: number
  replayed: number
}

export interface SubmitAnswer {
  count: StockCount
  /** The lines still uncounted when submit was asked, before the choice was applied. */
  uncounted_lines: { area_id: number; area_name: string; item_id: number; item_name: string }[]
}

export interface ApproveAnswer {
  count: StockCount
  /** Ledger rows written (one per item with a variance). */
  posted: { item_id: number; item_name: string; movement_id: number; quantity: number }[]
  verified: number
}

// ---------- Input ----------

export const StorageAreaBody = v.strictObject({ name: safeName('name', 80) })

export const AreaItemsBody = v.strictObject({
  item_ids: v.pipe(
    v.array(id('item_ids'), 'item_ids must be a list of item ids'),
    v.maxLength(5000, 'item_ids: at most 5000 items per area'),
    v.check((ids) => new Set(ids).size === ids.length, 'item_ids lists an item twice'),
  ),
})

export const StartCountBody = v.strictObject({
  area_ids: v.pipe(
    v.array(id('area_ids'), 'area_ids must be a list of storage area ids'),
    v.minLength(1, 'area_ids: choose at least one storage area'),
    v.maxLength(200, 'area_ids: at most 200 areas'),
    v.check((ids) => new Set(ids).size === ids.length, 'area_ids lists an area twice'),
  ),
  blind: v.boolean('blind must be true or false'),
  note: optionalText('note', 500),
})
export type StartCountInput = v.InferOutput<typeof StartCountBody>

/** Whole packs of one size on a count line: the count sheet checks each pack field with it. */
export const CountPackEntry = v.strictObject({
  pack_id: id('pack_id'),
  quantity: v.pipe(v.number('packs.quantity must be a number'), v.integer('packs.quantity must be a whole number of packs'), v.minValue(0, 'packs.quantity must be at least 0'), v.maxValue(1_000_000_000, 'packs.quantity is too large')),
})

/**
 * PUT /stock-counts/{id}/lines: `counted` (null clears the line), or `packs` + `loose`, and/or a
 * `reason` for the item's variance. `found: true` adds an item that was not on the area's list.
 */
export const CountLineBody = v.pipe(
  v.strictObject({
    area_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'area_id is required'), id('area_id')),
    item_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'item_id is required'), id('item_id')),
    counted: v.optional(v.nullable(amount('counted'))),
    packs: v.optional(
      v.pipe(
        v.array(
          CountPackEntry,
          'packs must be a list of { pack_id, quantity }',
        ),
        v.maxLength(MAX_PACKS, `packs: at most ${MAX_PACKS} pack sizes`),
      ),
    ),
    loose: v.optional(amount('loose')),
    /** Issue 35: open bottles by weight (g) and by eye (tenths), added to packs + loose. */
    ...openFields,
    found: v.optional(v.boolean('found must be true or false')),
    reason: v.optional(v.nullable(v.pipe(v.string('reason must be text'), v.trim(), v.maxLength(500, 'reason must be at most 500 characters')))),
  }),
  v.check(
    (b) => !(b.counted !== undefined && (b.packs !== undefined || b.loose !== undefined || b.open_weights_g !== undefined || b.open_tenths !== undefined)),
    'Send counted, or packs, loose and open bottles, not both',
  ),
  v.check(
    (b) => b.counted !== undefined || b.packs !== undefined || b.loose !== undefined || b.open_weights_g !== undefined || b.open_tenths !== undefined || b.reason !== undefined,
    'counted is required',
  ),
)
export type CountLineInput = v.InferOutput<typeof CountLineBody>

/** POST /stock-counts/{id}/lines: an item of the catalogue found on the shelf, added to the area's sheet. */
export const AddLineBody = v.strictObject({
  area_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'area_id is required'), id('area_id')),
  item_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'item_id is required'), id('item_id')),
})
export type AddLineInput = v.InferOutput<typeof AddLineBody>

/** POST /stock-counts/{id}/found: a product not in the catalogue (name, a note describing it, counted). */
export const FoundLineBody = v.strictObject({
  area_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'area_id is required'), id('area_id')),
  name: safeName('name', 120),
  note: optionalText('note', 500),
  counted: v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== null, 'counted is required'), amount('counted', 0.01)),
})
export type FoundLineInput = v.InferOutput<typeof FoundLineBody>

/**
 * POST /stock-counts/{id}/found/{foundId}/resolve (Manager): `{ item_id, item_quantity? }` maps it to an item
 * (item_quantity in that item's base unit; the counted figure when absent), `{ discard: true }` discards it.
 */
export const ResolveFoundBody = v.pipe(
  v.strictObject({
    item_id: v.optional(id('item_id')),
    item_quantity: v.optional(amount('item_quantity')),
    discard: v.optional(v.literal(true, 'discard must be true')),
  }),
  v.check((b) => (b.item_id !== undefined) !== (b.discard === true), 'Send item_id (map it to an item) or discard: true'),
  v.check((b) => !(b.discard && b.item_quantity !== undefined), 'item_quantity goes with item_id, not with discard'),
)
export type ResolveFoundInput = v.InferOutput<typeof ResolveFoundBody>

// ---------- Entries (issue 33) ----------

export const MAX_ENTRIES = 500
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** One entry as the phone made it: its UUID, the line (area, item), packs + loose and the device's instant. */
export const CountEntryBody = v.pipe(
  v.strictObject({
    id: v.pipe(v.string('id must be a UUID'), v.trim(), v.regex(UUID, 'id must be a UUID'), v.toLowerCase()),
    area_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'area_id is required'), id('area_id')),
    item_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'item_id is required'), id('item_id')),
    packs: v.optional(v.pipe(v.array(CountPackEntry, 'packs must be a list of { pack_id, quantity }'), v.maxLength(MAX_PACKS, `packs: at most ${MAX_PACKS} pack sizes`))),
    loose: v.optional(amount('loose')),
    ...openFields,
    /** The counter cleared the line: this counter has no figure for it now (an entry supersedes their earlier one). */
    cleared: v.optional(v.literal(true, 'cleared must be true (or left out)')),
    counted_at: v.pipe(
      v.unknown(),
      v.check((x) => x !== undefined, 'counted_at is required'),
      v.string('counted_at must be an ISO instant (2026-11-27T09:30:00Z)'),
      v.check((s) => INSTANT.test(s) && !Number.isNaN(Date.parse(s)), 'counted_at must be an ISO instant (2026-11-27T09:30:00Z)'),
      v.transform((s) => new Date(s).toISOString()),
    ),
  }),
  v.check((e) => e.cleared === true || e.packs !== undefined || e.loose !== undefined || e.open_weights_g !== undefined || e.open_tenths !== undefined, 'send packs and/or loose (or cleared: true)'),
  v.check((e) => e.cleared !== true || (e.packs === undefined && e.loose === undefined && e.open_weights_g === undefined && e.open_tenths === undefined), 'a cleared entry has no figure: send cleared alone, or packs and/or loose'),
)
export type CountEntryInput = v.InferOutput<typeof CountEntryBody>

/**
 * POST /stock-counts/{id}/entries: up to 500 entries stored in one transaction (all or nothing). `device_id` names
 * the phone, `queued` how many entries it still holds after this batch (both optional). Each entry is checked
 * by parseEntries so that a refusal names the entry's id.
 */
export const EntriesBody = v.strictObject({
  device_id: v.optional(v.pipe(v.string('device_id must be text'), v.trim(), v.minLength(1, 'device_id must not be empty'), v.maxLength(100, 'device_id must be at most 100 characters'), v.regex(/^[\x20-\x7e]+$/, 'device_id must be printable characters'))),
  queued: v.optional(v.pipe(v.number('queued must be a number'), v.integer('queued must be a whole number'), v.minValue(0, 'queued must be at least 0'), v.maxValue(1_000_000, 'queued is too large'))),
  entries: v.pipe(
    v.unknown(),
    v.check((x) => x !== undefined, 'entries is required'),
    v.array(v.unknown(), 'entries must be a list of entries'),
    v.maxLength(MAX_ENTRIES, `entries: at most ${MAX_ENTRIES} entries in one batch; send the rest in another`),
  ),
})

/** Each entry of a batch, checked; the first bad one refuses the batch with a message naming its id. */
export function parseEntries(raw: readonly unknown[]): { ok: true; entries: CountEntryInput[] } | { ok: false; message: string } {
  const entries: CountEntryInput[] = []
  const seen = new Set<string>()
  for (let i = 0; i < raw.length; i++) {
    const r = v.safeParse(CountEntryBody, raw[i])
    const rawId = typeof raw[i] === 'object' && raw[i] !== null ? (raw[i] as { id?: unknown }).id : undefined
    const name = typeof rawId === 'string' && rawId.trim() ? rawId.trim().slice(0, 60) : null
    if (!r.success) {
      const issue = r.issues[0]
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? ''
      const message = issue.type === 'strict_object' && issue.expected === 'never' ? `Unknown field: ${key}` : issue.type === 'strict_object' ? 'must be an object' : issue.message
      return { ok: false, message: COUNT_MSG.badEntry(name, i, message) }
    }
    if (seen.has(r.output.id)) return { ok: false, message: COUNT_MSG.badEntry(r.output.id, i, 'the batch holds this id twice') }
    seen.add(r.output.id)
    entries.push(r.output)
  }
  return { ok: true, entries }
}

/**
 * PUT /stock-counts/{id}/lines/resolve (Manager): a double count resolved by keeping one entry (its id), adding
 * the counters' latest figures (SUM: two shelves) or asking for a recount (RECOUNT: the line is uncounted again).
 */
export const ResolveLineBody = v.strictObject({
  area_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'area_id is required'), id('area_id')),
  item_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'item_id is required'), id('item_id')),
  keep: v.pipe(
    v.unknown(),
    v.check((x) => x !== undefined && x !== null && x !== '', 'keep is required: an entry id, SUM or RECOUNT'),
    v.string('keep must be an entry id, SUM or RECOUNT'),
    v.trim(),
    v.transform((s) => (/^(sum|recount)$/i.test(s) ? s.toUpperCase() : s.toLowerCase())),
    v.check((s) => s === 'SUM' || s === 'RECOUNT' || UUID.test(s) || s.startsWith('legacy-'), 'keep must be an entry id, SUM or RECOUNT'),
  ),
})
export type ResolveLineInput = v.InferOutput<typeof ResolveLineBody>

export const SubmitCountBody = v.strictObject({
  uncounted: v.pipe(
    v.unknown(),
    v.check((x) => x !== undefined && x !== null && x !== '', `uncounted is required: ${UNCOUNTED_CHOICES.join(' or ')}`),
    v.string(`uncounted must be one of ${UNCOUNTED_CHOICES.join(', ')}`),
    v.transform((s) => s.trim().toUpperCase()),
    v.picklist(UNCOUNTED_CHOICES, `uncounted must be one of ${UNCOUNTED_CHOICES.join(', ')}`),
  ),
})

export const CountListQuery = v.object({
  ...paging,
  status: v.optional(
    v.pipe(v.string(), v.transform((s) => s.trim().toUpperCase()), v.picklist(COUNT_STATUSES, `status must be one of ${COUNT_STATUSES.join(', ')}`)),
  ),
})

export const VarianceCsvQuery = v.object({ count_id: v.pipe(v.unknown(), v.check((x) => x !== undefined && x !== '', 'count_id is required'), id('count_id')) })

// ---------- Messages ----------

export const COUNT_MSG = {
  areaCreated: 'Storage area created successfully',
  areaUpdated: 'Storage area updated successfully',
  areaDeleted: 'Storage area deleted successfully',
  areaItemsSaved: 'Shelf order saved',
  areaTaken: 'A storage area with this name already exists',
  areaInCount: (name: string, countId: number) => `The storage area "${name}" is in count #${countId}, which is still open; finish or cancel it first`,
  unknownArea: (id: number) => `area_ids: storage area ${id} does not exist`,
  unknownItems: (ids: number[]) => `item_ids: no active item with id ${ids.join(', ')}`,
  areaBusy: (name: string, countId: number, status: string) => `The storage area "${name}" is already in count #${countId} (${status})`,
  started: 'Count started',
  lineSaved: 'Saved',
  notOpen: (status: string) => `This count is ${status}; counts can only be entered while it is OPEN`,
  notInSession: 'This item is not on the count sheet of that area; send found: true to add an item found on the shelf',
  areaNotInSession: 'That storage area is not part of this count',
  itemInactive: 'This item is deactivated; reactivate it to count it',
  reasonClosed: (status: string) => `This count is ${status}; reasons can be given while it is OPEN or SUBMITTED`,
  submitted: 'Count submitted for review',
  notSubmittable: (status: string) => `This count is ${status}; only an OPEN count can be submitted`,
  approved: 'Count approved and the adjustments posted',
  notApprovable: (status: string) => `This count is ${status}; only a SUBMITTED count can be approved`,
  needsReason: (names: string[]) => `Give a reason (or recount) before approving: ${names.join(', ')}`,
  wouldGoNegative: (names: string[]) => `Approving would make stock negative for: ${names.join(', ')}. Nothing was posted.`,
  inactiveItems: (names: string[]) => `These items were deactivated during the count: ${names.join(', ')}. Reactivate them to approve.`,
  cancelled: 'Count cancelled',
  lineAdded: (item: string, area: string) => `${item} added to the sheet of ${area}`,
  alreadyOnSheet: (item: string, area: string) => `${item} is already on the sheet of ${area}; count it on its line`,
  foundAdded: (name: string) => `${name} added as a found line; a Manager maps it to an item or discards it at review`,
  foundMapped: (name: string, item: string) => `${name} now counts for ${item}`,
  foundDiscarded: (name: string) => `${name} discarded: it posts nothing`,
  foundClosed: (status: string) => `This count is ${status}; found lines can be resolved while it is OPEN or SUBMITTED`,
  foundUnresolved: (names: string[]) => `Map each found line to an item or discard it before approving: ${names.join(', ')}`,
  badEntry: (id: string | null, index: number, message: string) =>
    `${id ? `Entry ${id}` : `Entry ${index + 1} (no id)`}: ${message}. Nothing in this batch was stored.`,
  entryDiffers: (id: string) => `Entry ${id} is already stored with other content; an entry is never changed (send a correction as a new entry). Nothing in this batch was stored.`,
  entryOtherCount: (id: string) => `Entry ${id} belongs to another count. Nothing in this batch was stored.`,
  entryNotOnSheet: (id: string) => `Entry ${id}: that item is not on the count sheet of that area (add it as an item found here first). Nothing in this batch was stored.`,
  entryAreaNotInSession: (id: string) => `Entry ${id}: that storage area is not part of this count. Nothing in this batch was stored.`,
  entryBadPacks: (id: string, message: string) => `Entry ${id}: ${message}. Nothing in this batch was stored.`,
  entriesClosed: (status: string, n: number) =>
    `This count is ${status}: ${n} new ${n === 1 ? 'entry was' : 'entries were'} refused, entries are taken only while it is OPEN (a Manager can ask for a recount of a line, which reopens it). Nothing in this batch was stored.`,
  entriesStored: (added: number, replayed: number) => (replayed ? `${added} stored, ${replayed} already held` : `${added} stored`),
  lineDoubleCounted: 'Two counters disagree on this line: a Manager keeps one entry, adds them or asks for a recount before it can be saved again',
  notDoubleCount: 'This line is not a double count: there is nothing to resolve',
  resolveClosed: (status: string) => `This count is ${status}; double counts can be resolved while it is OPEN or SUBMITTED`,
  keepNotCurrent: (entryId: string) => `Entry ${entryId} is not one of the counters' latest entries on this line; keep one of those, SUM or RECOUNT`,
  lineNotInSession: 'That line (area and item) is not on this count',
  resolvedKeep: (name: string) => `${name}: the kept entry is the line's figure`,
  resolvedSum: (name: string) => `${name}: the counters' figures are added`,
  resolvedRecount: (name: string, reopened: boolean) => `${name} is to be counted again${reopened ? '; the count is OPEN again' : ''}`,
  doubleCounted: (lines: string[]) => `Two counters disagree on: ${lines.join(', ')}. Keep one entry, add them (SUM) or ask for a recount before approving.`,
  notCancellable: (status: string) => `This count is ${status}; only an OPEN or SUBMITTED count can be cancelled`,
} as const

/** The remark on a count's ledger rows. */
export const countRemark = (id: number) => `Stock count #${id}`

// ---------- Who may call what ----------

export const countsAccess = {
  'GET /api/storage-areas': ALL_STAFF,
  'POST /api/storage-areas': STORE_STAFF,
  'PUT /api/storage-areas/:id': STORE_STAFF,
  'DELETE /api/storage-areas/:id': STORE_STAFF,
  'GET /api/storage-areas/:id/items': ALL_STAFF,
  'PUT /api/storage-areas/:id/items': STORE_STAFF,

  'GET /api/stock-counts': STORE_STAFF,
  'POST /api/stock-counts': STORE_STAFF,
  'GET /api/stock-counts/:id': STORE_STAFF,
  'PUT /api/stock-counts/:id/lines': STORE_STAFF,
  'POST /api/stock-counts/:id/entries': STORE_STAFF,
  'PUT /api/stock-counts/:id/lines/resolve': MANAGER_ONLY,
  'POST /api/stock-counts/:id/lines': STORE_STAFF,
  'POST /api/stock-counts/:id/found': STORE_STAFF,
  'POST /api/stock-counts/:id/found/:foundId/resolve': MANAGER_ONLY,
  'POST /api/stock-counts/:id/submit': STORE_STAFF,
  'GET /api/stock-counts/:id/review': MANAGER_ONLY,
  'POST /api/stock-counts/:id/approve': MANAGER_ONLY,
  'POST /api/stock-counts/:id/cancel': STORE_STAFF,
  'GET /api/reports/download/count-variance': MANAGER_ONLY,
} as const satisfies Record<string, Access>
