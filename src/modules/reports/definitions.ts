import type { ReportColumn, ReportType } from '../../contract/reports'
import type { Statement } from 'bun:sqlite'
import type { Db } from '../../db/open'
import { fromCents, valueCents } from '../../contract/fixed'
import { daysBetween } from '../../contract/dates'
import { stockStatus, type StockStatus } from '../../contract/stock'

/** A report's range and the facts its rows depend on. from/to: the UTC instants of start_date 00:00 and the day after end_date. */
export interface ReportRange {
  start: string
  end: string
  from: string
  to: string
  today: string
  zone: string
  expiringDays: number
}

export type ReportRow = Record<string, string | number | null>
/** One row as its cells in the order of `columns`: what a long download streams, with no record per row. */
export type ReportCells = (string | number | null)[]

export interface ReportDefinition {
  type: ReportType
  columns: ReportColumn[]
  /** Rows pulled one at a time from a statement of `db` (a download streams them). */
  rows(db: Db, r: ReportRange): Iterable<ReportRow>
  /**
   * The same rows as cells in column order, for the reports whose downloads are long (a year of
   * movements): a download streams these instead. A cell is what `rows` holds or its final text
   * (a money cell as '12.50'), never a text a CSV cell would print differently.
   */
  cells?(db: Db, r: ReportRange): Iterable<ReportCells>
  /** The number of rows, without building them (the preview's row_count). */
  count?(db: Db, r: ReportRange): number
  totals?(rows: ReportRow[]): Record<string, number>
}

const col = (key: string, header: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({ key, header, kind })

/**
 * Iterates a fresh (uncached) statement and finalizes it however the iteration ends (done, return or
 * a throw). A plain iterator rather than a generator: a year of movements pays no generator resume per row.
 */
function iterate<T>(db: Db, sql: string, params: Record<string, string | number>, map: (row: any) => T): IterableIterator<T> {
  let statement: Statement | undefined
  let rows: Iterator<unknown> | undefined
  let finished = false
  const finish = () => {
    if (finished) return
    finished = true
    statement?.finalize()
  }
  const iterator: IterableIterator<T> = {
    next() {
      if (finished) return { done: true, value: undefined }
      try {
        if (!rows) {
          statement = db.prepare(sql)
          rows = statement.iterate(params)
        }
        const next = rows.next()
        if (!next.done) return { done: false, value: map(next.value) }
      } catch (e) {
        iterator.return!()
        throw e
      }
      finish()
      return { done: true, value: undefined }
    },
    return(value?: unknown) {
      rows?.return?.()
      finish()
      return { done: true, value }
    },
    [Symbol.iterator]: () => iterator,
  }
  return iterator
}

/** Records keyed by the columns, from cells in column order. */
function* recordsOf(columns: ReportColumn[], cells: Iterable<ReportCells>): Generator<ReportRow> {
  for (const c of cells) {
    const row: ReportRow = {}
    for (let i = 0; i < columns.length; i++) row[columns[i].key] = c[i]
    yield row
  }
}

/** valueCents without BigInt while cost × quantity is an exact double (always, for real stock). */
const valueOf = (costCents: number, qty: number) => {
  const product = costCents * qty
  if (product > Number.MAX_SAFE_INTEGER) return valueCents(costCents, qty)
  const rest = product % 100
  return (product - rest) / 100 + (rest >= 50 ? 1 : 0)
}

const hours = (from: string | null, to: string | null) => (from && to ? Math.round((Date.parse(to) - Date.parse(from)) / 36_000) / 100 : null)
const money = (cents: number) => fromCents(cents)
const sumOf = (rows: ReportRow[], key: string) => Math.round(rows.reduce((a, r) => a + Math.round(Number(r[key] ?? 0) * 100), 0)) / 100

/**
 * "YYYY-MM-DD HH:MM" in the restaurant's zone. Intl is slow per row, so the zone's offset is asked
 * once per UTC day (twice: at its first and last minute) and per hour only on a day the offset changes.
 */
export function localStamper(zone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]))
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - Math.floor(t / 60_000) * 60_000
  }
  const days = new Map<string, number | null>()
  const hours = new Map<string, number>()
  // Whole-hour offsets (most zones): the local "YYYY-MM-DD HH:" of each UTC hour, then the minutes as they are.
  const prefixes = new Map<string, string>()
  const stamp = (iso: string): string => {
    const t = Date.parse(iso)
    const day = iso.slice(0, 10)
    let offset = days.get(day)
    if (offset === undefined) {
      const start = Date.parse(day + 'T00:00:00Z')
      const first = offsetAt(start)
      offset = first === offsetAt(start + 86_340_000) ? first : null
      days.set(day, offset)
    }
    if (offset === null) {
      const hour = iso.slice(0, 13)
      offset = hours.get(hour) ?? offsetAt(t)
      hours.set(hour, offset)
    }
    return new Date(t + offset).toISOString().slice(0, 16).replace('T', ' ')
  }
  // Rows come in time order: the hour of the previous row is the likeliest.
  let lastHour = ''
  let lastPrefix = ''
  return (iso: string | null): string | null => {
    if (!iso) return null
    if (lastPrefix && iso.startsWith(lastHour)) return lastPrefix + iso.slice(14, 16)
    const hour = iso.slice(0, 13)
    let prefix = prefixes.get(hour)
    if (prefix === undefined) {
      const local = stamp(hour + ':00:00.000Z')
      const wholeHour = stamp(hour + ':59:00.000Z').slice(14) === '59'
      prefix = wholeHour && local.endsWith(':00') ? local.slice(0, 14) : ''
      prefixes.set(hour, prefix)
    }
    lastHour = hour
    lastPrefix = prefix
    return prefix ? prefix + iso.slice(14, 16) : stamp(iso)
  }
}

const STATUS_LABEL = { expired: 'Expired', out: 'Out of stock', low: 'Low stock', expiring: 'Expiring', in: 'In stock' } as const satisfies Record<StockStatus, string>
const STATUS_RANK = { Expired: 0, 'Out of stock': 1, 'Low stock': 2, Expiring: 3, 'In stock': 4 } as const
/** The contract's one rule, first match wins: expired, out of stock, low, expiring, in stock. */
const statusLabel = (current_quantity: number, min_stock_level: number, expiry_date: string | null, r: ReportRange) =>
  STATUS_LABEL[stockStatus({ current_quantity, min_stock_level, expiry_date }, r.today, r.expiringDays)]

// ---------- stock-balance ----------

/** Per item over the range: IN, OUT and ADJUSTMENT inside it, and the net change after it (closing = now − later). */
const BALANCE_SQL = `WITH moved AS (
    SELECT item_id,
      sum(CASE WHEN movement_date < $to AND type = 'IN' THEN quantity ELSE 0 END) AS in_q,
      sum(CASE WHEN movement_date < $to AND type = 'OUT' THEN quantity ELSE 0 END) AS out_q,
      sum(CASE WHEN movement_date < $to AND type = 'ADJUSTMENT' THEN quantity ELSE 0 END) AS adj_q,
      sum(CASE WHEN movement_date < $to AND type = 'IN' AND source_type IN ('MANUAL', 'OPENING') THEN quantity ELSE 0 END) AS purchased_q,
      sum(CASE WHEN movement_date < $to AND type = 'IN' AND source_type NOT IN ('MANUAL', 'OPENING') THEN quantity ELSE 0 END) AS returned_q,
      sum(CASE WHEN movement_date >= $to THEN (CASE type WHEN 'OUT' THEN -quantity ELSE quantity END) ELSE 0 END) AS later_q
    FROM stock_movements WHERE movement_date >= $from GROUP BY item_id)
  SELECT i.id, i.name, c.name AS category, s.name AS supplier, i.unit, i.cost_price, i.current_quantity, i.min_stock_level, i.expiry_date, i.is_active,
    coalesce(m.in_q, 0) AS in_q, coalesce(m.out_q, 0) AS out_q, coalesce(m.adj_q, 0) AS adj_q,
    coalesce(m.purchased_q, 0) AS purchased_q, coalesce(m.returned_q, 0) AS returned_q, coalesce(m.later_q, 0) AS later_q
  FROM items i JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id LEFT JOIN moved m ON m.item_id = i.id
  WHERE i.is_active = 1 OR m.item_id IS NOT NULL
  ORDER BY c.name COLLATE NOCASE, i.name COLLATE NOCASE, i.id`

interface BalanceRow {
  id: number
  name: string
  category: string
  supplier: string
  unit: string
  cost_price: number
  current_quantity: number
  min_stock_level: number
  expiry_date: string | null
  is_active: number
  in_q: number
  out_q: number
  adj_q: number
  purchased_q: number
  returned_q: number
  later_q: number
}
const closingOf = (b: BalanceRow) => b.current_quantity - b.later_q
const openingOf = (b: BalanceRow) => closingOf(b) - b.in_q + b.out_q - b.adj_q

const stockBalance: ReportDefinition = {
  type: 'stock-balance',
  columns: [
    col('item', 'Item'),
    col('category', 'Category'),
    col('supplier', 'Supplier'),
    col('unit', 'Unit'),
    col('unit_cost', 'Unit Cost', 'money'),
    col('opening_qty', 'Opening Qty', 'qty'),
    col('stock_in', 'Stock In', 'qty'),
    col('stock_out', 'Stock Out', 'qty'),
    col('adjustments', 'Adjustments', 'qty'),
    col('closing_qty', 'Closing Qty', 'qty'),
    col('min_level', 'Min Level', 'qty'),
    col('closing_value', 'Closing Value', 'money'),
    col('status', 'Status'),
  ],
  rows: (db, r) =>
    iterate(db, BALANCE_SQL, { from: r.from, to: r.to }, (b: BalanceRow) => {
      const closing = closingOf(b)
      return {
        item: b.name,
        category: b.category,
        supplier: b.supplier,
        unit: b.unit,
        unit_cost: money(b.cost_price),
        opening_qty: fromCents(openingOf(b)),
        stock_in: fromCents(b.in_q),
        stock_out: fromCents(b.out_q),
        adjustments: fromCents(b.adj_q),
        closing_qty: fromCents(closing),
        min_level: fromCents(b.min_stock_level),
        closing_value: money(valueCents(b.cost_price, closing)),
        status: b.is_active ? statusLabel(closing, b.min_stock_level, b.expiry_date, r) : 'Deactivated',
      }
    }),
  totals: (rows) => ({ items: rows.length, closing_value: sumOf(rows, 'closing_value') }),
}

// ---------- stock-movements ----------

const MOVEMENTS_SQL = `SELECT m.movement_date, m.item_id, m.type, m.source_type, m.quantity, m.user_id, m.reference, m.remarks
  FROM stock_movements m WHERE m.movement_date >= $from AND m.movement_date < $to ORDER BY m.movement_date, m.id`

interface MovementItem {
  name: string
  unit: string
  cost_price: number
  category: string
  /** The unit cost cell, formatted once per item. */
  cost: string
}

/** Items and users are read once (by id): a year of movements is then one index range scan, no joins. */
function lookups(db: Db) {
  const items: MovementItem[] = []
  for (const i of db.query('SELECT i.id, i.name, i.unit, i.cost_price, c.name AS category FROM items i JOIN categories c ON c.id = i.category_id').all() as (MovementItem & { id: number })[]) {
    items[i.id] = { name: i.name, unit: i.unit, cost_price: i.cost_price, category: i.category, cost: fromCents(i.cost_price).toFixed(2) }
  }
  const users: { name: string; role_name: string }[] = []
  for (const u of db.query('SELECT u.id, u.name, r.role_name FROM users u JOIN roles r ON r.id = u.role_id').all() as { id: number; name: string; role_name: string }[]) users[u.id] = u
  return { items, users }
}

const movementColumns = [
  col('date', 'Date'),
  col('item', 'Item'),
  col('category', 'Category'),
  col('type', 'Type'),
  col('source', 'Source'),
  col('quantity', 'Quantity', 'qty'),
  col('unit', 'Unit'),
  col('unit_cost', 'Unit Cost', 'money'),
  col('value', 'Value', 'money'),
  col('user', 'User'),
  col('role', 'Role'),
  col('reference', 'Reference'),
  col('remarks', 'Remarks'),
]

/** A year is ~400,000 rows: one tuple per row, the per-item cells computed once, the value in integer cents. */
function movementCells(db: Db, r: ReportRange): Iterable<ReportCells> {
  const { items, users } = lookups(db)
  const stamp = localStamper(r.zone)
  return iterate(db, MOVEMENTS_SQL, { from: r.from, to: r.to }, (m: { movement_date: string; item_id: number; type: string; source_type: string; quantity: number; user_id: number; reference: string | null; remarks: string | null }) => {
    const item = items[m.item_id]
    const user = users[m.user_id]
    const q = m.quantity
    // OUT is stored positive and valued negative; an ADJUSTMENT carries its sign.
    const value = valueOf(item.cost_price, q < 0 ? -q : q)
    return [
      stamp(m.movement_date),
      item.name,
      item.category,
      m.type,
      m.source_type,
      q / 100,
      item.unit,
      item.cost,
      (m.type === 'OUT' || q < 0 ? -value : value) / 100,
      user ? user.name : null,
      user ? user.role_name : null,
      m.reference,
      m.remarks,
    ]
  })
}

const stockMovements: ReportDefinition = {
  type: 'stock-movements',
  columns: movementColumns,
  rows: (db, r) => recordsOf(movementColumns, movementCells(db, r)),
  cells: movementCells,
  count: (db, r) => (db.query('SELECT count(*) AS n FROM stock_movements WHERE movement_date >= $from AND movement_date < $to').get({ from: r.from, to: r.to }) as { n: number }).n,
}

// ---------- kitchen-usage ----------

const USAGE_SQL = `SELECT i.name, c.name AS category, i.unit, i.cost_price, count(*) AS records, sum(m.quantity) AS quantity
  FROM kitchen_movements m JOIN items i ON i.id = m.item_id JOIN categories c ON c.id = i.category_id
  WHERE m.source_type = 'USAGE' AND m.movement_date >= $from AND m.movement_date < $to
  GROUP BY m.item_id ORDER BY c.name COLLATE NOCASE, i.name COLLATE NOCASE, m.item_id`

const kitchenUsage: ReportDefinition = {
  type: 'kitchen-usage',
  columns: [
    col('item', 'Item'),
    col('category', 'Category'),
    col('unit', 'Unit'),
    col('records', 'Times Used', 'number'),
    col('quantity', 'Quantity Used', 'qty'),
    col('unit_cost', 'Unit Cost', 'money'),
    col('value', 'Value', 'money'),
  ],
  rows: (db, r) =>
    iterate(db, USAGE_SQL, { from: r.from, to: r.to }, (u: { name: string; category: string; unit: string; cost_price: number; records: number; quantity: number }) => ({
      item: u.name,
      category: u.category,
      unit: u.unit,
      records: u.records,
      quantity: fromCents(u.quantity),
      unit_cost: money(u.cost_price),
      value: money(valueCents(u.cost_price, u.quantity)),
    })),
  totals: (rows) => ({ items: rows.length, records: rows.reduce((a, r) => a + Number(r.records), 0), value: sumOf(rows, 'value') }),
}

// ---------- wastage ----------

const WASTAGE_SQL = `SELECT m.movement_date, i.name, c.name AS category, m.quantity, i.unit, i.cost_price, u.name AS user_name, r.role_name, m.remarks
  FROM kitchen_movements m JOIN items i ON i.id = m.item_id JOIN categories c ON c.id = i.category_id
  JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = u.role_id
  WHERE m.movement_type = 'WASTE' AND m.movement_date >= $from AND m.movement_date < $to
  ORDER BY m.movement_date, m.id`

const wastage: ReportDefinition = {
  type: 'wastage',
  columns: [
    col('date', 'Date'),
    col('item', 'Item'),
    col('category', 'Category'),
    col('quantity', 'Quantity', 'qty'),
    col('unit', 'Unit'),
    col('unit_cost', 'Unit Cost', 'money'),
    col('value', 'Value', 'money'),
    col('user', 'Recorded By'),
    col('role', 'Role'),
    col('details', 'Details'),
  ],
  rows(db, r) {
    const stamp = localStamper(r.zone)
    return iterate(db, WASTAGE_SQL, { from: r.from, to: r.to }, (w: { movement_date: string; name: string; category: string; quantity: number; unit: string; cost_price: number; user_name: string; role_name: string; remarks: string | null }) => ({
      date: stamp(w.movement_date),
      item: w.name,
      category: w.category,
      quantity: fromCents(w.quantity),
      unit: w.unit,
      unit_cost: money(w.cost_price),
      value: money(valueCents(w.cost_price, w.quantity)),
      user: w.user_name,
      role: w.role_name,
      details: w.remarks,
    }))
  },
  totals: (rows) => ({ records: rows.length, value: sumOf(rows, 'value') }),
}

// ---------- financial ----------

const WASTE_BY_ITEM_SQL = `SELECT item_id, sum(quantity) AS quantity FROM kitchen_movements
  WHERE movement_type = 'WASTE' AND movement_date >= $from AND movement_date < $to GROUP BY item_id`

const financial: ReportDefinition = {
  type: 'financial',
  columns: [
    col('category', 'Category'),
    col('opening_value', 'Opening Value', 'money'),
    col('purchases', 'Purchases', 'money'),
    col('issues_to_kitchen', 'Issues to Kitchen', 'money'),
    col('adjustments', 'Adjustments', 'money'),
    col('closing_value', 'Closing Value', 'money'),
    col('wastage_cost', 'Wastage Cost', 'money'),
  ],
  /** Per category, each item valued at its cost price, each figure rounded per item then summed. */
  *rows(db, r) {
    const waste = new Map((db.query(WASTE_BY_ITEM_SQL).all({ from: r.from, to: r.to }) as { item_id: number; quantity: number }[]).map((w) => [w.item_id, w.quantity]))
    const byCategory = new Map<string, { opening: number; purchases: number; issues: number; adjustments: number; closing: number; waste: number }>()
    const seen = new Set<number>()
    const add = (category: string, cost: number, b: { opening: number; purchased: number; issued: number; adjusted: number; closing: number; wasted: number }) => {
      const c = byCategory.get(category) ?? { opening: 0, purchases: 0, issues: 0, adjustments: 0, closing: 0, waste: 0 }
      c.opening += valueCents(cost, b.opening)
      c.purchases += valueCents(cost, b.purchased)
      c.issues += Math.sign(b.issued) * valueCents(cost, Math.abs(b.issued))
      c.adjustments += Math.sign(b.adjusted) * valueCents(cost, Math.abs(b.adjusted))
      c.closing += valueCents(cost, b.closing)
      c.waste += valueCents(cost, b.wasted)
      byCategory.set(category, c)
    }
    for (const b of iterate(db, BALANCE_SQL, { from: r.from, to: r.to }, (x: BalanceRow) => x)) {
      seen.add(b.id)
      // Issues to the kitchen net of what came back to the store (transfers, returns).
      add(b.category, b.cost_price, { opening: openingOf(b), purchased: b.purchased_q, issued: b.out_q - b.returned_q, adjusted: b.adj_q, closing: closingOf(b), wasted: waste.get(b.id) ?? 0 })
    }
    for (const [itemId, quantity] of waste) {
      if (seen.has(itemId)) continue
      const i = db.query('SELECT i.cost_price, c.name AS category FROM items i JOIN categories c ON c.id = i.category_id WHERE i.id = $itemId').get({ itemId }) as { cost_price: number; category: string }
      add(i.category, i.cost_price, { opening: 0, purchased: 0, issued: 0, adjusted: 0, closing: 0, wasted: quantity })
    }
    for (const [category, c] of [...byCategory].sort((a, b) => a[0].localeCompare(b[0], undefined, { sensitivity: 'base' }))) {
      yield {
        category,
        opening_value: money(c.opening),
        purchases: money(c.purchases),
        issues_to_kitchen: money(c.issues),
        adjustments: money(c.adjustments),
        closing_value: money(c.closing),
        wastage_cost: money(c.waste),
      }
    }
  },
  totals: (rows) => Object.fromEntries(['opening_value', 'purchases', 'issues_to_kitchen', 'adjustments', 'closing_value', 'wastage_cost'].map((k) => [k, sumOf(rows, k)])),
}

// ---------- kitchen-requests ----------

const REQUESTS_SQL = `SELECT k.request_number, k.requested_at, i.name AS item, i.unit, chef.name AS chef, k.priority, k.status,
    k.quantity_requested, k.quantity_approved, k.approved_at, k.rejected_at, k.fulfilled_at, reviewer.name AS reviewer, k.remarks, k.review_remarks
  FROM kitchen_requests k JOIN items i ON i.id = k.item_id JOIN users chef ON chef.id = k.chef_id
  LEFT JOIN users reviewer ON reviewer.id = coalesce(k.approved_by, k.rejected_by)
  WHERE k.requested_at >= $from AND k.requested_at < $to ORDER BY k.requested_at, k.id`

const kitchenRequests: ReportDefinition = {
  type: 'kitchen-requests',
  columns: [
    col('request_number', 'Request #'),
    col('requested_at', 'Requested At'),
    col('item', 'Item'),
    col('unit', 'Unit'),
    col('chef', 'Chef'),
    col('priority', 'Priority'),
    col('status', 'Status'),
    col('quantity_requested', 'Qty Requested', 'qty'),
    col('quantity_approved', 'Qty Approved', 'qty'),
    col('reviewed_by', 'Reviewed By'),
    col('reviewed_at', 'Reviewed At'),
    col('approval_hours', 'Hours to Approve/Reject', 'number'),
    col('fulfilled_at', 'Fulfilled At'),
    col('fulfilment_hours', 'Hours Approval to Fulfilment', 'number'),
    col('remarks', 'Remarks'),
    col('review_remarks', 'Review Remarks'),
  ],
  rows(db, r) {
    const stamp = localStamper(r.zone)
    return iterate(db, REQUESTS_SQL, { from: r.from, to: r.to }, (k: any) => {
      const reviewed = k.approved_at ?? k.rejected_at
      return {
        request_number: k.request_number,
        requested_at: stamp(k.requested_at),
        item: k.item,
        unit: k.unit,
        chef: k.chef,
        priority: k.priority,
        status: k.status,
        quantity_requested: fromCents(k.quantity_requested),
        quantity_approved: k.quantity_approved === null ? null : fromCents(k.quantity_approved),
        reviewed_by: k.reviewer,
        reviewed_at: stamp(reviewed),
        approval_hours: hours(k.requested_at, reviewed),
        fulfilled_at: stamp(k.fulfilled_at),
        fulfilment_hours: hours(k.approved_at, k.fulfilled_at),
        remarks: k.remarks,
        review_remarks: k.review_remarks,
      }
    })
  },
  totals(rows) {
    const avg = (key: string) => {
      const xs = rows.map((r) => r[key]).filter((x): x is number => typeof x === 'number')
      return xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : 0
    }
    const by = (s: string) => rows.filter((r) => r.status === s).length
    return { requests: rows.length, pending: by('PENDING'), approved: by('APPROVED'), rejected: by('REJECTED'), fulfilled: by('FULFILLED'), average_approval_hours: avg('approval_hours'), average_fulfilment_hours: avg('fulfilment_hours') }
  },
}

// ---------- expiry-and-low-stock ----------

const WATCH_SQL = `SELECT i.name, c.name AS category, s.name AS supplier, i.unit, i.cost_price, i.current_quantity, i.min_stock_level, i.expiry_date
  FROM items i JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id
  WHERE i.is_active = 1 AND (i.current_quantity <= i.min_stock_level OR i.expiry_date <= $until)
  ORDER BY i.name COLLATE NOCASE, i.id`

/** Today's snapshot (the range names the file): every active item expired, expiring within the window, out of stock or low. */
const expiryAndLowStock: ReportDefinition = {
  type: 'expiry-and-low-stock',
  columns: [
    col('item', 'Item'),
    col('category', 'Category'),
    col('supplier', 'Supplier'),
    col('unit', 'Unit'),
    col('quantity', 'Quantity', 'qty'),
    col('min_level', 'Min Level', 'qty'),
    col('expiry_date', 'Expiry Date'),
    col('days_until_expiry', 'Days Until Expiry', 'number'),
    col('status', 'Status'),
    col('value', 'Value', 'money'),
  ],
  *rows(db, r) {
    const until = new Date(Date.parse(r.today + 'T00:00:00Z') + r.expiringDays * 86_400_000).toISOString().slice(0, 10)
    const rows = [
      ...iterate(db, WATCH_SQL, { until }, (i: { name: string; category: string; supplier: string; unit: string; cost_price: number; current_quantity: number; min_stock_level: number; expiry_date: string | null }) => ({
        item: i.name,
        category: i.category,
        supplier: i.supplier,
        unit: i.unit,
        quantity: fromCents(i.current_quantity),
        min_level: fromCents(i.min_stock_level),
        expiry_date: i.expiry_date,
        days_until_expiry: i.expiry_date ? daysBetween(r.today, i.expiry_date) : null,
        status: statusLabel(i.current_quantity, i.min_stock_level, i.expiry_date, r),
        value: money(valueCents(i.cost_price, i.current_quantity)),
      })),
    ]
    // Most urgent first; the list is bounded by the item count, so sorting in memory is fine.
    rows.sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || (a.expiry_date ?? '9').localeCompare(b.expiry_date ?? '9'))
    yield* rows
  },
  totals: (rows) => ({ items: rows.length, expired: rows.filter((r) => r.status === 'Expired').length, value: sumOf(rows, 'value') }),
}

export const REPORTS: Record<ReportType, ReportDefinition> = {
  'stock-balance': stockBalance,
  'stock-movements': stockMovements,
  'kitchen-usage': kitchenUsage,
  wastage,
  financial,
  'kitchen-requests': kitchenRequests,
  'expiry-and-low-stock': expiryAndLowStock,
}
