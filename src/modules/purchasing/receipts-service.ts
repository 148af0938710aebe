import { costPerBaseUnit, fromCents, fromCost, packPriceCents, toCents, valueCents } from '../../contract/fixed'
import {
  OPEN_PO_STATUSES,
  PO_MSG,
  priceChangePct,
  priceJump,
  type ItemPrice,
  type PriceBasis,
  type OrderReceiptInput,
  type PriceChange,
  type Receipt,
  type ReceiptInput,
  type RecentPriceChange,
  type ReturnInput,
} from '../../contract/purchasing'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { recordMovement, setItemCost, setItemExpiry, type StockServiceDeps } from '../stock'
import type { PriceEvents } from './events'
import * as repo from './repo'
import { lookups, packRef, toSummary, wrongStatus } from './shared'

// Receiving and returns: deliveries (against an order or without one) move stock, cost and price history; goods sent back.

/** Hundredths of a pack × base hundredths per pack → base hundredths, rounded half-up. */
const toBase = (packQty: number, packSize: number) => Math.floor((packQty * packSize + 50) / 100)
/** Cents per pack → cost per base unit in 1/100,000 (a piece of a box of 1,000 at 7.00 is 0.007, not 0.01). */
const perBaseUnit = costPerBaseUnit

/** (oldQty × oldCost + qty × price) ÷ (oldQty + qty), rounded half-up; exact in BigInt. */
export function weightedCost(oldQty: number, oldCost: number, qty: number, price: number): number {
  const den = BigInt(oldQty + qty)
  if (den === 0n) return price
  const num = BigInt(oldQty) * BigInt(oldCost) + BigInt(qty) * BigInt(price)
  return Number((num * 2n + den) / (2n * den))
}

/** A receipt line as the service handles it before writing (hundredths). */
interface PlannedLine {
  order_line_id: number | null
  item_id: number
  pack_id: number | null
  pack_name: string | null
  pack_size: number
  received: number
  refused: number
  unit_price: number
  expiry_date: string | null
  note: string | null
}

/**
 * A delivery read from the supplier's invoice (issue 34), in hundredths: free lines, or lines of `order_id`
 * (`order_line_id`). The draft's own change (`after`) runs in the same transaction as the receipt.
 */
export interface InvoiceReceipt {
  draft_id: number
  supplier_id: number
  order_id: number | null
  invoice_number: string
  invoice_date: string
  /** Cents: the invoice's printed net (what the lines are compared with); null when none. */
  invoice_total: number | null
  lines: { order_line_id: number | null; item_id: number; pack_id: number | null; received: number; refused: number; unit_price: number; expiry_date: string | null; note: string | null }[]
}

/** What a price is compared with: the last received price, or on a first delivery the cost price (0 compares with nothing). */
export type ComparedPrice = { price: number; basis: PriceBasis } | null

export type ReceiptService = ReturnType<typeof createReceiptService>

export function createReceiptService({ db, clock, settings, stockEvents, priceEvents }: StockServiceDeps & { priceEvents: PriceEvents }) {
  const { orderRow, receiptRow, supplierOrRefuse, linePack, itemOrRefuse } = lookups(db)

  /** The price-change rule's basis for an item (issue 32.5), as its cost stands now. */
  const comparedPrice = (item: { id: number; cost_e5: number }): ComparedPrice => {
    const last = repo.lastPrice(db, item.id)
    return last !== null ? { price: last, basis: 'LAST_PRICE' } : item.cost_e5 > 0 ? { price: item.cost_e5, basis: 'COST_PRICE' } : null
  }

  /** An order's lines take what was received and refused; the order is RECEIVED once every line has all it ordered. */
  const advanceOrder = (orderId: number, planned: PlannedLine[], at: string) => {
    for (const l of planned) repo.addReceived(db, l.order_line_id!, l.received, l.refused)
    const complete = repo.orderLines(db, orderId).every((l) => l.received_quantity >= l.quantity)
    repo.setStatus(db, orderId, complete ? 'RECEIVED' : 'PARTIALLY_RECEIVED', at)
  }

  /** Writes one receipt (inside the caller's transaction): ledger rows, cost, prices, alerts, expiry. */
  const writeReceipt = (
    userId: number,
    head: { order_id: number | null; supplier_id: number; invoice_number: string; invoice_date: string; invoice_total: number | null; confirm_duplicate: boolean; draft_id?: number },
    planned: PlannedLine[],
    reference: string,
  ): { receiptId: number; priceChanges: PriceChange[] } => {
    const at = clock().toISOString()
    const s = settings.get()
    const supplier = supplierOrRefuse(head.supplier_id)
    const duplicate = repo.receiptWithInvoice(db, head.supplier_id, repo.invoiceKey(head.invoice_number))
    if (duplicate !== null && !head.confirm_duplicate) throw conflict(PO_MSG.duplicateInvoice(head.invoice_number, supplier, duplicate))
    const values = planned.map((l) => valueCents(l.unit_price, l.received))
    const linesTotal = values.reduce((a, b) => a + b, 0)
    const invoiceTotal = head.invoice_total === null ? null : toCents(head.invoice_total)
    const receiptId = repo.insertReceipt(db, {
      ...head,
      invoice_total: invoiceTotal,
      lines_total: linesTotal,
      total_mismatch: invoiceTotal !== null && Math.abs(invoiceTotal - linesTotal) > 1 ? 1 : 0,
      user_id: userId,
      at,
      draft_id: head.draft_id ?? null,
    })
    const priceChanges: PriceChange[] = []
    // Costs before this receipt (issue 22): dishes pushed over their food cost target are alerted after the lines.
    const oldCosts = new Map<number, number>()
    planned.forEach((l, i) => {
      const base = toBase(l.received, l.pack_size)
      const unitCost = perBaseUnit(l.unit_price, l.pack_size)
      let movementId: number | null = null
      const item = repo.itemFacts(db, l.item_id)!
      if (base > 0) {
        // The earlier expiry wins (lots come later): set before the row so its alert check sees it.
        if (l.expiry_date && (!item.expiry_date || l.expiry_date < item.expiry_date)) setItemExpiry(db, item.id, l.expiry_date, at)
        const oldQty = item.current_quantity
        movementId = recordMovement(db, stockEvents, {
          itemId: l.item_id,
          type: 'IN',
          quantity: base,
          remarks: `Received: invoice ${head.invoice_number}${l.note ? ` (${l.note})` : ''}`,
          userId,
          sourceType: 'RECEIPT',
          sourceId: receiptId,
          reference,
          at,
        }).id
        const cost = s.cost_method === 'LAST' ? unitCost : weightedCost(oldQty, item.cost_e5, base, unitCost)
        if (cost !== item.cost_e5) {
          // Refused past the value ceiling (stock's one check: the new cost × the main-store and kitchen balances).
          setItemCost(db, item.id, cost, at, 'unit_price')
          if (!oldCosts.has(item.id)) oldCosts.set(item.id, item.cost_e5)
        }
      }
      // What the price is compared with (issue 32.5): the last received price, or on a first delivery the item's
      // cost price before this receipt (a cost of 0 compares with nothing). Kept on the line for the Price changes card.
      const compared = base === 0 ? null : comparedPrice(item)
      const lineId = repo.insertReceiptLine(db, {
        receipt_id: receiptId,
        order_line_id: l.order_line_id,
        item_id: l.item_id,
        pack_id: l.pack_id,
        pack_name: l.pack_name,
        pack_size: l.pack_size,
        received_quantity: l.received,
        refused_quantity: l.refused,
        unit_price: l.unit_price,
        base_quantity: base,
        unit_cost_e5: unitCost,
        value: values[i],
        expiry_date: l.expiry_date,
        note: l.note,
        movement_id: movementId,
        compared_price_e5: compared?.price ?? null,
        compared_with: compared?.basis ?? null,
      })
      if (base > 0) {
        repo.insertPrice(db, { item_id: l.item_id, supplier_id: head.supplier_id, receipt_id: receiptId, price_e5: unitCost, date: head.invoice_date, at })
        if (compared !== null) {
          const old = compared.price
          const priority = priceEvents.priceReceived(db, { receiptLineId: lineId, receiptId, itemId: item.id, itemName: item.name, unit: item.unit, supplierName: supplier, oldPrice: old, newPrice: unitCost, basis: compared.basis })
          if (priority)
            priceChanges.push({ item_id: item.id, item_name: item.name, old_price: fromCost(old), new_price: fromCost(unitCost), change_pct: priceChangePct(old, unitCost), priority, compared_with: compared.basis })
        }
      }
    })
    if (oldCosts.size) stockEvents.costsChanged(db, { itemIds: [...oldCosts.keys()], oldCosts })
    return { receiptId, priceChanges }
  }

  const receiptView = (id: number, priceChanges: PriceChange[] = []): Receipt => {
    const r = receiptRow(id)
    return {
      ...toSummary(r),
      lines: repo.receiptLines(db, id).map((l) => ({
        id: l.id,
        order_line_id: l.order_line_id,
        item_id: l.item_id,
        item_name: l.item_name,
        unit: l.unit,
        pack: packRef(l),
        received_quantity: fromCents(l.received_quantity),
        refused_quantity: fromCents(l.refused_quantity),
        unit_price: fromCents(l.unit_price),
        base_quantity: fromCents(l.base_quantity),
        unit_cost: fromCost(l.unit_cost_e5),
        value: fromCents(l.value),
        expiry_date: l.expiry_date,
        note: l.note,
        movement_id: l.movement_id,
      })),
      returns: repo.receiptReturns(db, id).map((x) => ({ ...x, quantity: fromCents(x.quantity) })),
      price_changes: priceChanges,
      order_status: r.order_id === null ? null : orderRow(r.order_id).status,
    }
  }

  return {
    /** A delivery against an order: quantities in each line's pack; one transaction, once per Idempotency-Key. */
    receiveOrder(scope: IdempotencyScope, orderId: number, input: OrderReceiptInput): Receipt {
      const result = writeOnce(db, scope, clock, (now) => {
            const o = orderRow(orderId)
            wrongStatus(o, 'received', OPEN_PO_STATUSES)
            const lines = new Map(repo.orderLines(db, orderId).map((l) => [l.id, l]))
            const seen = new Set<number>()
            const planned: PlannedLine[] = []
            for (const l of input.lines) {
              const line = lines.get(l.line_id)
              if (!line) throw badRequest(PO_MSG.lineNotOnOrder(l.line_id, o.number))
              if (seen.has(l.line_id)) throw badRequest(PO_MSG.lineTwice(l.line_id))
              seen.add(l.line_id)
              const received = toCents(l.received_quantity)
              const refused = toCents(l.refused_quantity ?? 0)
              if (received === 0 && refused === 0) continue
              planned.push({ order_line_id: line.id, item_id: line.item_id, pack_id: line.pack_id, pack_name: line.pack_name, pack_size: line.pack_size, received, refused, unit_price: toCents(l.unit_price), expiry_date: l.expiry_date ?? null, note: l.note ?? null })
            }
            if (planned.length === 0) throw badRequest(PO_MSG.nothingReceived)
            const { receiptId, priceChanges } = writeReceipt(scope.userId, { ...input, order_id: orderId, supplier_id: o.supplier_id, invoice_total: input.invoice_total ?? null }, planned, o.number)
            advanceOrder(orderId, planned, now.toISOString())
            return receiptView(receiptId, priceChanges)
          })
      return result
    },

    /** A delivery without an order. */
    receive(scope: IdempotencyScope, input: ReceiptInput): Receipt {
      return writeOnce(db, scope, clock, (now) => {
            supplierOrRefuse(input.supplier_id)
            const planned: PlannedLine[] = input.lines.map((l) => {
              const item = itemOrRefuse(l.item_id)
              return { order_line_id: null, item_id: item.id, ...linePack(item, l.pack_id ?? null), received: toCents(l.received_quantity), refused: 0, unit_price: toCents(l.unit_price), expiry_date: l.expiry_date ?? null, note: null }
            })
            const { receiptId, priceChanges } = writeReceipt(scope.userId, { ...input, order_id: null, invoice_total: input.invoice_total ?? null }, planned, `Invoice ${input.invoice_number}`)
            return receiptView(receiptId, priceChanges)
          })
    },

    /**
     * A delivery from an invoice draft (issue 34): the same receipt as a typed one (ledger rows, cost, prices,
     * alerts, the order advanced), once per Idempotency-Key, with `after` (the draft's own change) in its transaction.
     */
    receiveInvoice(scope: IdempotencyScope, plan: () => InvoiceReceipt, after: (receiptId: number, at: string) => void): Receipt {
      return writeOnce(db, scope, clock, (now) => {
        const input = plan()
        supplierOrRefuse(input.supplier_id)
        if (input.order_id !== null) wrongStatus(orderRow(input.order_id), 'received', OPEN_PO_STATUSES)
        const planned: PlannedLine[] = input.lines.map((l) => ({
          ...l,
          item_id: itemOrRefuse(l.item_id).id,
          ...linePack(itemOrRefuse(l.item_id), l.pack_id),
        }))
        if (planned.length === 0) throw badRequest(PO_MSG.nothingReceived)
        const head = { ...input, invoice_total: input.invoice_total === null ? null : fromCents(input.invoice_total), confirm_duplicate: false }
        const { receiptId, priceChanges } = writeReceipt(scope.userId, head, planned, input.order_id === null ? `Invoice ${input.invoice_number}` : orderRow(input.order_id).number)
        const onOrder = planned.filter((l) => l.order_line_id !== null)
        if (input.order_id !== null) advanceOrder(input.order_id, onOrder, now.toISOString())
        after(receiptId, now.toISOString())
        return receiptView(receiptId, priceChanges)
      })
    },

    /** What a price of this item would be compared with now (the price-change rule; per base unit, 1/100,000). */
    comparedPrice(itemId: number): ComparedPrice {
      const item = repo.itemFacts(db, itemId)
      return item ? comparedPrice(item) : null
    },

    listReceipts(q: { page: number; limit: number; supplier_id?: number }) {
      const { rows, total } = repo.listReceipts(db, q, q.limit, (q.page - 1) * q.limit)
      return { rows: rows.map(toSummary), total }
    },

    getReceipt: (id: number) => receiptView(id),

    /** Goods sent back: OUT rows (source RETURN), at most what the receipt brought in less earlier returns. */
    returnGoods(scope: IdempotencyScope, receiptId: number, input: ReturnInput): Receipt {
      return writeOnce(db, scope, clock, (now) => {
            const r = receiptRow(receiptId)
            const lines = repo.receiptLines(db, receiptId)
            const returns = repo.receiptReturns(db, receiptId)
            const left = new Map<number, number>()
            for (const l of lines) left.set(l.item_id, (left.get(l.item_id) ?? 0) + l.base_quantity)
            for (const x of returns) left.set(x.item_id, (left.get(x.item_id) ?? 0) - x.quantity)
            const at = now.toISOString()
            for (const l of input.lines) {
              const item = repo.itemFacts(db, l.item_id)
              const name = item?.name ?? `Item ${l.item_id}`
              if (!left.has(l.item_id) || !item) throw badRequest(PO_MSG.notOnReceipt(name))
              const quantity = toCents(l.quantity)
              const available = left.get(l.item_id)!
              if (quantity > available) throw conflict(PO_MSG.returnTooMuch(name, fromCents(available), item.unit))
              left.set(l.item_id, available - quantity)
              // The return line first: its ledger row names it, and the database allows one row per line.
              const returnId = repo.insertReturn(db, { receipt_id: receiptId, item_id: l.item_id, quantity, reason: l.reason, user_id: scope.userId, at })
              const movement = recordMovement(db, stockEvents, {
                itemId: l.item_id,
                type: 'OUT',
                quantity,
                remarks: `Returned to ${r.supplier_name}: ${l.reason}`,
                userId: scope.userId,
                sourceType: 'RETURN',
                sourceId: receiptId,
                sourceLineId: returnId,
                reference: `Invoice ${r.invoice_number}`,
                at,
              })
              repo.setReturnMovement(db, returnId, movement.id)
            }
            return receiptView(receiptId)
          })
    },

    /** The newest received lines whose price differed from the last price, or the cost price on a first delivery (issue 32.5). */
    recentPriceChanges(limit: number): RecentPriceChange[] {
      const pct = settings.get().price_alert_pct
      return repo.recentPriceChanges(db, limit).map((r) => ({
        receipt_line_id: r.receipt_line_id,
        receipt_id: r.receipt_id,
        order_id: r.order_id,
        order_number: r.order_number,
        invoice_number: r.invoice_number,
        invoice_date: r.invoice_date,
        supplier_name: r.supplier_name,
        item_id: r.item_id,
        item_name: r.item_name,
        unit: r.unit,
        pack: packRef(r),
        old_price: fromCents(packPriceCents(r.compared_price_e5, r.pack_size)),
        new_price: fromCents(r.unit_price),
        compared_with: r.compared_with,
        change_pct: priceChangePct(r.compared_price_e5, r.unit_cost_e5),
        over_threshold: priceJump(r.compared_price_e5, r.unit_cost_e5, pct) !== null,
        created_at: r.created_at,
      }))
    },

    prices(itemId: number): ItemPrice[] {
      if (!repo.itemExists(db, itemId)) throw notFound('Item')
      return repo.itemPrices(db, itemId).map(({ price_e5, ...p }) => ({ ...p, price: fromCost(price_e5) }))
    },
  }
}
