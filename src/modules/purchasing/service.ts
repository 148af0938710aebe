import type { User } from '../../contract/auth'
import { localDate } from '../../contract/dates'
import { costPerBaseUnit, fromCents, fromCost, packPriceCents, toCents, valueCents } from '../../contract/fixed'
import {
  OPEN_PO_STATUSES,
  PO_MSG,
  priceChangePct,
  suggestedPacks,
  suggestionFlag,
  type FromSuggestionsInput,
  type ItemPrice,
  type OrderReceiptInput,
  type PackRef,
  type PoStatus,
  type PriceChange,
  type PurchaseOrder,
  type PurchaseOrderInput,
  type PurchaseOrderListQuery,
  type PurchaseOrderSummary,
  type Receipt,
  type ReceiptInput,
  type ReceiptSummary,
  type ReturnInput,
  type SupplierSuggestions,
} from '../../contract/purchasing'
import { MANAGER } from '../../contract/roles'
import { STOCK_MSG } from '../../contract/stock'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors'
import { packOfItem, recordMovement, setItemCost, setItemExpiry, type StockServiceDeps } from '../stock'
import type { PriceEvents } from './events'
import * as repo from './repo'

const packRef = (l: { pack_id: number | null; pack_name: string | null; pack_size: number }): PackRef | null =>
  l.pack_id === null ? null : { id: l.pack_id, name: l.pack_name ?? '', size: fromCents(l.pack_size) }

/** Hundredths of a pack × base hundredths per pack → base hundredths, rounded half-up. */
const toBase = (packQty: number, packSize: number) => Math.floor((packQty * packSize + 50) / 100)
/** Cents per pack → cost per base unit in 1/100,000 (a piece of a box of 1,000 at 7.00 is 0.007, not 0.01). */
const perBaseUnit = costPerBaseUnit
/** Cost per base unit (1/100,000) → cents per pack, rounded half-up. */
const perPack = packPriceCents

/** (oldQty × oldCost + qty × price) ÷ (oldQty + qty), rounded half-up; exact in BigInt. */
export function weightedCost(oldQty: number, oldCost: number, qty: number, price: number): number {
  const den = BigInt(oldQty + qty)
  if (den === 0n) return price
  const num = BigInt(oldQty) * BigInt(oldCost) + BigInt(qty) * BigInt(price)
  return Number((num * 2n + den) / (2n * den))
}

const toSummary = (r: repo.ReceiptRow): ReceiptSummary => ({
  id: r.id,
  order_id: r.order_id,
  order_number: r.order_number,
  supplier_id: r.supplier_id,
  supplier_name: r.supplier_name,
  invoice_number: r.invoice_number,
  invoice_date: r.invoice_date,
  invoice_total: r.invoice_total === null ? null : fromCents(r.invoice_total),
  lines_total: fromCents(r.lines_total),
  total_mismatch: r.total_mismatch === 1,
  user_name: r.user_name,
  created_at: r.created_at,
})

const toOrderSummary = (o: repo.OrderRow): PurchaseOrderSummary => ({
  id: o.id,
  number: o.number,
  supplier_id: o.supplier_id,
  supplier_name: o.supplier_name,
  status: o.status,
  expected_date: o.expected_date,
  note: o.note,
  line_count: o.line_count,
  total: fromCents(o.total),
  created_by_name: o.created_by_name,
  created_at: o.created_at,
  sent_at: o.sent_at,
})

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

export type PurchasingService = ReturnType<typeof createPurchasingService>

export function createPurchasingService({ db, clock, settings, stockEvents, priceEvents }: StockServiceDeps & { priceEvents: PriceEvents }) {
  const today = () => localDate(clock(), settings.get().time_zone)

  const orderRow = (id: number) => repo.findOrder(db, id) ?? (() => { throw notFound('Purchase order') })()
  const receiptRow = (id: number) => repo.findReceipt(db, id) ?? (() => { throw notFound('Receipt') })()
  const supplierOrRefuse = (id: number) => repo.supplierName(db, id) ?? (() => { throw badRequest(STOCK_MSG.unknownReference('supplier_id')) })()

  /** The pack of a line: one of the item's packs, or base units. */
  const linePack = (item: repo.ItemFacts, packId: number | null) => {
    if (packId === null) return { pack_id: null, pack_name: null, pack_size: 100 }
    const pack = packOfItem(db, item.id, packId)
    if (!pack) throw badRequest(PO_MSG.packNotOfItem(item.name))
    return { pack_id: pack.id, pack_name: pack.name, pack_size: pack.size }
  }
  const itemOrRefuse = (id: number) => repo.itemFacts(db, id) ?? (() => { throw badRequest('item_id does not match an existing item') })()

  const orderLinesOf = (input: PurchaseOrderInput['lines']): repo.NewOrderLine[] =>
    input.map((l) => {
      const item = itemOrRefuse(l.item_id)
      if (!item.is_active) throw conflict(`${item.name}: ${STOCK_MSG.itemInactive}`)
      return { item_id: item.id, ...linePack(item, l.pack_id ?? null), quantity: toCents(l.quantity), unit_price: toCents(l.unit_price) }
    })

  const view = (id: number): PurchaseOrder => {
    const o = orderRow(id)
    const lines = repo.orderLines(db, id)
    const prices = repo.lastPrices(db, lines.map((l) => l.item_id))
    return {
      ...toOrderSummary(o),
      closed_at: o.closed_at,
      close_reason: o.close_reason,
      lines: lines.map((l) => {
        const last = prices.get(l.item_id)
        return {
          id: l.id,
          item_id: l.item_id,
          item_name: l.item_name,
          unit: l.unit,
          supplier_code: l.supplier_code,
          pack: packRef(l),
          quantity: fromCents(l.quantity),
          unit_price: fromCents(l.unit_price),
          value: fromCents(valueCents(l.unit_price, l.quantity)),
          received_quantity: fromCents(l.received_quantity),
          refused_quantity: fromCents(l.refused_quantity),
          outstanding: fromCents(Math.max(0, l.quantity - l.received_quantity)),
          last_price: last === undefined ? null : fromCents(perPack(last, l.pack_size)),
        }
      }),
      receipts: repo.orderReceipts(db, id).map(toSummary),
      price_alert_pct: settings.get().price_alert_pct,
    }
  }

  const wrongStatus = (o: repo.OrderRow, action: string, allowed: readonly PoStatus[]) => {
    if (!allowed.includes(o.status)) throw conflict(PO_MSG.wrongStatus(o.number, o.status, action, allowed.join(' or ')))
  }

  const suggestions = (supplierIds?: readonly number[]): SupplierSuggestions[] => {
    const rounding = settings.get().order_rounding
    const rows = repo.suggestionRows(db, supplierIds)
    if (rows.length === 0) return []
    const last = repo.lastOrdered(db)
    const prices = repo.lastPrices(db)
    const out: SupplierSuggestions[] = []
    for (const r of rows) {
      const size = r.pack_size ?? 100
      const packs = suggestedPacks(r.par_level - r.current_quantity - r.on_order, size, rounding)
      const quantity = packs * size
      const lastBase = last.get(r.item_id) ?? null
      const price = prices.get(r.item_id)
      let group = out.at(-1)
      if (!group || group.supplier_id !== r.supplier_id) out.push((group = { supplier_id: r.supplier_id, supplier_name: r.supplier_name, lines: [] }))
      group.lines.push({
        item_id: r.item_id,
        item_name: r.item_name,
        unit: r.unit,
        supplier_code: r.supplier_code,
        on_hand: fromCents(r.current_quantity),
        on_order: fromCents(r.on_order),
        par_level: fromCents(r.par_level),
        pack: r.pack_id === null ? null : { id: r.pack_id, name: r.pack_name ?? '', size: fromCents(size) },
        suggested_packs: packs,
        suggested_quantity: fromCents(quantity),
        last_ordered_packs: lastBase === null ? null : Math.round((lastBase / size) * 100) / 100,
        flag: suggestionFlag(quantity, lastBase),
        last_price: price === undefined ? null : fromCents(perPack(price, size)),
      })
    }
    return out
  }

  /** Writes one receipt (inside the caller's transaction): ledger rows, cost, prices, alerts, expiry. */
  const writeReceipt = (
    userId: number,
    head: { order_id: number | null; supplier_id: number; invoice_number: string; invoice_date: string; invoice_total: number | null; confirm_duplicate: boolean },
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
      })
      if (base > 0) {
        const old = repo.lastPrice(db, l.item_id)
        repo.insertPrice(db, { item_id: l.item_id, supplier_id: head.supplier_id, receipt_id: receiptId, price_e5: unitCost, date: head.invoice_date, at })
        if (old !== null) {
          const priority = priceEvents.priceReceived(db, { receiptLineId: lineId, receiptId, itemId: item.id, itemName: item.name, unit: item.unit, supplierName: supplier, oldPrice: old, newPrice: unitCost })
          if (priority)
            priceChanges.push({ item_id: item.id, item_name: item.name, old_price: fromCost(old), new_price: fromCost(unitCost), change_pct: priceChangePct(old, unitCost), priority })
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
    suggestions,

    listOrders(q: PurchaseOrderListQuery) {
      const { rows, total } = repo.listOrders(db, { status: q.status, supplier_id: q.supplier_id, dueBy: q.due === 'today' ? today() : undefined, q: q.q }, q.limit, (q.page - 1) * q.limit)
      return { rows: rows.map(toOrderSummary), total }
    },

    getOrder: view,

    /** A new DRAFT, once per Idempotency-Key: a retry answers the draft it made, never a second one. */
    create(scope: IdempotencyScope, user: User, input: PurchaseOrderInput): PurchaseOrder {
      return writeOnce(db, scope, clock, (now) => {
            supplierOrRefuse(input.supplier_id)
            const lines = orderLinesOf(input.lines)
            const id = repo.insertOrder(db, { number: repo.nextOrderNumber(db, today()), supplier_id: input.supplier_id, expected_date: input.expected_date ?? null, note: input.note ?? null, from_suggestions: 0, user_id: user.id, at: now.toISOString() })
            repo.replaceOrderLines(db, id, lines)
            return view(id)
          })
    },

    /**
     * One DRAFT per supplier from the suggestions, priced at each item's last price per pack (its cost
     * when never received). A supplier's DRAFT made this way earlier is refreshed, never doubled;
     * sent orders are already subtracted as on_order.
     */
    fromSuggestions(user: User, input: FromSuggestionsInput): PurchaseOrder[] {
      const ids = db
        .transaction(() => {
          const edited = new Map((input.packs ?? []).map((p) => [p.item_id, toCents(p.packs)]))
          const at = clock().toISOString()
          const made: number[] = []
          for (const group of suggestions(input.supplier_ids)) {
            const lines: repo.NewOrderLine[] = []
            for (const l of group.lines) {
              const packs = edited.get(l.item_id) ?? toCents(l.suggested_packs)
              if (packs <= 0) continue
              const item = repo.itemFacts(db, l.item_id)!
              const size = l.pack ? toCents(l.pack.size) : 100
              const price = l.last_price !== null ? toCents(l.last_price) : perPack(item.cost_e5, size)
              lines.push({ item_id: l.item_id, pack_id: l.pack?.id ?? null, pack_name: l.pack?.name ?? null, pack_size: size, quantity: packs, unit_price: price })
            }
            if (lines.length === 0) continue
            let id = repo.suggestedDraft(db, group.supplier_id)
            if (id === null) id = repo.insertOrder(db, { number: repo.nextOrderNumber(db, today()), supplier_id: group.supplier_id, expected_date: null, note: null, from_suggestions: 1, user_id: user.id, at })
            else repo.touchOrder(db, id, at)
            repo.replaceOrderLines(db, id, lines)
            made.push(id)
          }
          return made
        })
        .immediate()
      return ids.map(view)
    },

    update(id: number, input: PurchaseOrderInput): PurchaseOrder {
      db.transaction(() => {
        wrongStatus(orderRow(id), 'edited', ['DRAFT'])
        supplierOrRefuse(input.supplier_id)
        const lines = orderLinesOf(input.lines)
        repo.updateOrderHead(db, id, { supplier_id: input.supplier_id, expected_date: input.expected_date ?? null, note: input.note ?? null, at: clock().toISOString() })
        repo.replaceOrderLines(db, id, lines)
      }).immediate()
      return view(id)
    },

    send(id: number, user: User): PurchaseOrder {
      db.transaction(() => {
        wrongStatus(orderRow(id), 'sent', ['DRAFT'])
        repo.markSent(db, id, user.id, clock().toISOString())
      }).immediate()
      return view(id)
    },

    cancel(id: number, user: User): PurchaseOrder {
      db.transaction(() => {
        const o = orderRow(id)
        wrongStatus(o, 'cancelled', ['DRAFT', 'SENT'])
        if (o.status === 'SENT' && user.role_name !== MANAGER) throw forbidden(PO_MSG.managerCancelsSent)
        repo.setStatus(db, id, 'CANCELLED', clock().toISOString())
      }).immediate()
      return view(id)
    },

    close(id: number, user: User, reason: string): PurchaseOrder {
      db.transaction(() => {
        wrongStatus(orderRow(id), 'closed', ['PARTIALLY_RECEIVED'])
        repo.markClosed(db, id, user.id, reason, clock().toISOString())
      }).immediate()
      return view(id)
    },

    /** Plain text for WhatsApp, SMS or e-mail: restaurant, number, lines with codes and packs, expected date. */
    text(id: number): { number: string; text: string } {
      const o = view(id)
      const s = settings.get()
      const qty = (n: number) => String(n)
      const lines = o.lines.map((l, i) => {
        const what = l.pack ? `${qty(l.quantity)} × ${l.pack.name} (${qty(l.pack.size)} ${l.unit})` : `${qty(l.quantity)} ${l.unit}`
        return `${i + 1}. ${what} ${l.item_name}${l.supplier_code ? ` [${l.supplier_code}]` : ''}`
      })
      const text = [
        `${s.restaurant_name}: purchase order ${o.number}`,
        `To: ${o.supplier_name}`,
        `Expected: ${o.expected_date ?? 'as soon as possible'}`,
        '',
        ...lines,
        ...(o.note ? ['', `Note: ${o.note}`] : []),
        '',
        'Please confirm. Thank you.',
      ].join('\n')
      return { number: o.number, text }
    },

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
            for (const l of planned) repo.addReceived(db, l.order_line_id!, l.received, l.refused)
            const after = repo.orderLines(db, orderId)
            const complete = after.every((l) => l.received_quantity >= l.quantity)
            repo.setStatus(db, orderId, complete ? 'RECEIVED' : 'PARTIALLY_RECEIVED', now.toISOString())
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

    prices(itemId: number): ItemPrice[] {
      if (!repo.itemExists(db, itemId)) throw notFound('Item')
      return repo.itemPrices(db, itemId).map(({ price_e5, ...p }) => ({ ...p, price: fromCost(price_e5) }))
    },
  }
}
