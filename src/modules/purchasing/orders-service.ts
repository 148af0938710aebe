import type { User } from '../../contract/auth'
import { addDays, localDate } from '../../contract/dates'
import { costValueCents, fromCents, packPriceCents, toCents, valueCents } from '../../contract/fixed'
import {
  PARLESS_LIST_MAX,
  PO_MSG,
  suggestedPacks,
  suggestionFlag,
  type FromSuggestionsInput,
  type PackRef,
  type ParCoverage,
  type PurchaseOrder,
  type PurchaseOrderInput,
  type PurchaseOrderListQuery,
  type PurchaseOrderSummary,
  type SendOrderInput,
  type SupplierSuggestions,
} from '../../contract/purchasing'
import { MANAGER } from '../../contract/roles'
import { quantityStatus, STOCK_MSG } from '../../contract/stock'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { conflict, forbidden } from '../../lib/errors'
import type { StockServiceDeps } from '../stock'
import * as repo from './repo'
import { lookups, packRef, toSummary, wrongStatus } from './shared'

// Suggestions and purchase orders: drafts, sending, cancelling, closing, the order as text. Receiving is receipts-service.ts.

const packOf = (p: { id: number; name: string; size: number }): PackRef => ({ id: p.id, name: p.name, size: fromCents(p.size) })

/** Cost per base unit (1/100,000) → cents per pack, rounded half-up. */
const perPack = packPriceCents

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

export type PurchasingService = ReturnType<typeof createPurchasingService>

export function createPurchasingService({ db, clock, settings }: StockServiceDeps) {
  const today = () => localDate(clock(), settings.get().time_zone)

  const { orderRow, supplierOrRefuse, linePack, itemOrRefuse } = lookups(db)

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
    // What came in and went back, per order line (issue 32.5): values as invoiced, returns at the invoiced cost.
    const received = new Map<number, { value: number; price: number | null }>()
    for (const r of repo.receivedLinesOfOrder(db, id)) {
      if (r.order_line_id === null) continue
      const cur = received.get(r.order_line_id) ?? { value: 0, price: null }
      received.set(r.order_line_id, { value: cur.value + r.value, price: r.received_quantity > 0 ? r.unit_price : cur.price })
    }
    const returned = new Map<number, { quantity: number; value: number }>()
    for (const x of repo.returnsOfOrder(db, id)) {
      if (x.order_line_id === null) continue
      const cur = returned.get(x.order_line_id) ?? { quantity: 0, value: 0 }
      returned.set(x.order_line_id, { quantity: cur.quantity + x.quantity, value: cur.value + costValueCents(x.unit_cost_e5, x.quantity) })
    }
    let receivedTotal = 0
    let returnedTotal = 0
    for (const r of received.values()) receivedTotal += r.value
    for (const r of returned.values()) returnedTotal += r.value
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
          compare_price: last !== undefined ? fromCents(perPack(last, l.pack_size)) : l.cost_e5 > 0 ? fromCents(perPack(l.cost_e5, l.pack_size)) : null,
          compare_basis: last !== undefined ? 'LAST_PRICE' : l.cost_e5 > 0 ? 'COST_PRICE' : null,
          received_value: fromCents(received.get(l.id)?.value ?? 0),
          invoiced_price: ((p) => (p === null || p === undefined ? null : fromCents(p)))(received.get(l.id)?.price),
          returned_quantity: fromCents(returned.get(l.id)?.quantity ?? 0),
          returned_value: fromCents(returned.get(l.id)?.value ?? 0),
        }
      }),
      receipts: repo.orderReceipts(db, id).map(toSummary),
      price_alert_pct: settings.get().price_alert_pct,
      received_total: fromCents(receivedTotal),
      returned_total: fromCents(returnedTotal),
    }
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
        packs: r.packs.map(packOf),
      })
    }
    return out
  }

  /** What the suggestions cannot see (issue 32): how many items have a par level, and the low or out ones without. */
  const parCoverage = (supplierIds?: readonly number[]): ParCoverage => ({
    ...repo.parCounts(db, supplierIds),
    without_par: repo.parlessRows(db, PARLESS_LIST_MAX, supplierIds).map((r) => ({
      item_id: r.item_id,
      item_name: r.item_name,
      unit: r.unit,
      supplier_name: r.supplier_name,
      on_hand: fromCents(r.current_quantity),
      min_stock_level: fromCents(r.min_stock_level),
      status: quantityStatus(r) === 'out' ? 'out' : 'low',
      packs: r.packs.map(packOf),
      order_pack_id: r.order_pack_id,
    })),
  })

  return {
    suggestions,
    parCoverage,

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
    fromSuggestions(user: User, input: FromSuggestionsInput): { orders: PurchaseOrder[]; suggested: number } {
      let suggested = 0
      const ids = db
        .transaction(() => {
          const edited = new Map((input.packs ?? []).map((p) => [p.item_id, toCents(p.packs)]))
          const at = clock().toISOString()
          const made: number[] = []
          for (const group of suggestions(input.supplier_ids)) {
            const lines: repo.NewOrderLine[] = []
            for (const l of group.lines) {
              suggested++
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
      return { orders: ids.map(view), suggested }
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

    /**
     * Marks a DRAFT sent with the day the delivery is expected (issue 32.8), so that it shows under "Orders to
     * receive" that day. Without a date the order keeps its own, and an order with none expects tomorrow.
     */
    send(id: number, user: User, input: SendOrderInput = {}): PurchaseOrder {
      db.transaction(() => {
        const o = orderRow(id)
        wrongStatus(o, 'sent', ['DRAFT'])
        repo.markSent(db, id, user.id, input.expected_date ?? o.expected_date ?? addDays(today(), 1), clock().toISOString())
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

    /**
     * Plain text for WhatsApp, SMS or e-mail (issue 32.8): the restaurant's name first (the supplier sees who
     * orders before anything else), then the number, the expected day and the lines with the supplier's codes.
     */
    text(id: number): { number: string; text: string } {
      const o = view(id)
      const s = settings.get()
      const qty = (n: number) => String(n)
      const lines = o.lines.map((l, i) => {
        const what = l.pack ? `${qty(l.quantity)} × ${l.pack.name} (${qty(l.pack.size)} ${l.unit})` : `${qty(l.quantity)} ${l.unit}`
        return `${i + 1}. ${what} ${l.item_name}${l.supplier_code ? ` — your code ${l.supplier_code}` : ''}`
      })
      const text = [
        s.restaurant_name,
        `Purchase order ${o.number}`,
        `To: ${o.supplier_name}`,
        `Expected delivery: ${o.expected_date ?? 'as soon as possible'}`,
        '',
        ...lines,
        ...(o.note ? ['', `Note: ${o.note}`] : []),
        '',
        `Please confirm. Thank you, ${s.restaurant_name}.`,
      ].join('\n')
      return { number: o.number, text }
    },
  }
}
