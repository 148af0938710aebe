import type { User } from '../../contract/auth'
import { localDate } from '../../contract/dates'
import type { IdempotencyScope } from '../../db/idempotency'
import { findItem, packsOf, type StockServiceDeps } from '../stock'
import type { PriceEvents } from './events'
import { createPurchasingService } from './orders-service'
import { createReceiptService } from './receipts-service'

// The demo's purchasing (issue 32): an earlier delivery without an order (the last prices), an order to the
// butcher sent and received with the T-bone dearer than last time (a price change and its alert), and an
// order to the bar's supplier sent and not yet delivered (on order in the suggestions). Through the services;
// the caller's clock is moved before each step.

export interface PurchasingDemoDeps extends StockServiceDeps {
  priceEvents: PriceEvents
  travel(at: Date): void
  manager: User
  storekeeper: User
}

const HOUR = 3_600_000

export function createPurchasingDemo(deps: PurchasingDemoDeps) {
  const orders = createPurchasingService(deps)
  const receipts = createReceiptService(deps)
  const zone = deps.settings.get().time_zone
  const scope = (user: User): IdempotencyScope => ({ userId: user.id, key: null, fingerprint: '' })
  const supplierId = (name: string) => (deps.db.query('SELECT id FROM suppliers WHERE name = $name').get({ name }) as { id: number }).id

  /** A supplier's delivery of one item at its cost price, received by the Storekeeper as a receipt without an order. */
  const delivery = (at: Date, item: { id: number; supplier: string }, quantity: number, invoice: string) => {
    deps.travel(at)
    const cost = findItem(deps.db, item.id)!.cost_e5
    receipts.receive(scope(deps.storekeeper), {
      supplier_id: supplierId(item.supplier),
      invoice_number: invoice,
      invoice_date: localDate(at, zone),
      invoice_total: null,
      confirm_duplicate: false,
      lines: [{ item_id: item.id, pack_id: null, received_quantity: quantity / 100, unit_price: Math.round(cost / 1000) / 100, expiry_date: null }],
    })
    return true
  }

  return { delivery, orders: (items: ReadonlyMap<string, number>, times: OrderTimes) => seedOrders(deps, orders, receipts, items, times) }
}

interface OrderTimes {
  lastDelivery: Date
  ordered: Date
  received: Date
  barOrdered: Date
}

function seedOrders(
  deps: PurchasingDemoDeps,
  orders: ReturnType<typeof createPurchasingService>,
  receipts: ReturnType<typeof createReceiptService>,
  items: ReadonlyMap<string, number>,
  times: OrderTimes,
) {
  const zone = deps.settings.get().time_zone
  const scope = (user: User): IdempotencyScope => ({ userId: user.id, key: null, fingerprint: '' })
  const item = (name: string) => items.get(name)!
  const supplier = (name: string) => (deps.db.query('SELECT id FROM suppliers WHERE name = $name').get({ name }) as { id: number }).id
  const butcher = supplier('Zambeef Products')
  const cellar = supplier('Cairo Road Wine & Spirits')
  const { storekeeper, manager } = deps

  // The last delivery without an order: the prices the order is compared with.
  deps.travel(times.lastDelivery)
  receipts.receive(scope(storekeeper), {
    supplier_id: butcher,
    invoice_number: 'ZB-40211',
    invoice_date: localDate(times.lastDelivery, zone),
    invoice_total: 3_470,
    confirm_duplicate: false,
    lines: [
      { item_id: item('Beef T-bone'), pack_id: null, received_quantity: 10, unit_price: 165, expiry_date: null },
      { item_id: item('Pork ribs'), pack_id: null, received_quantity: 8, unit_price: 130, expiry_date: null },
      { item_id: item('Chicken wings'), pack_id: null, received_quantity: 10, unit_price: 78, expiry_date: null },
    ],
  })

  // The butcher's order: drafted, sent an hour later, delivered two days on with the T-bone up 8 %.
  deps.travel(times.ordered)
  const order = orders.create(scope(storekeeper), storekeeper, {
    supplier_id: butcher,
    expected_date: localDate(times.received, zone),
    note: 'Weekend braai menu',
    lines: [
      { item_id: item('Beef T-bone'), pack_id: null, quantity: 15, unit_price: 165 },
      { item_id: item('Pork ribs'), pack_id: null, quantity: 10, unit_price: 130 },
      { item_id: item('Chicken wings'), pack_id: null, quantity: 12, unit_price: 78 },
    ],
  })
  deps.travel(new Date(times.ordered.getTime() + HOUR))
  orders.send(order.id, manager)
  deps.travel(times.received)
  receipts.receiveOrder(scope(storekeeper), order.id, {
    invoice_number: 'ZB-40388',
    invoice_date: localDate(times.received, zone),
    invoice_total: 4_906,
    confirm_duplicate: false,
    lines: order.lines.map((l) => ({
      line_id: l.id,
      received_quantity: l.quantity,
      unit_price: l.item_id === item('Beef T-bone') ? 178 : l.unit_price,
      expiry_date: null,
      refused_quantity: 0,
      note: null,
    })),
  })

  // The bar's order: sent, expected the day after tomorrow, in cases.
  deps.travel(times.barOrdered)
  const inCases = (name: string, cases: number, bottlePrice: number) => {
    const id = item(name)
    const pack = packsOf(deps.db, [id]).get(id)?.[0]
    return pack ? { item_id: id, pack_id: pack.id, quantity: cases, unit_price: bottlePrice * pack.size } : { item_id: id, pack_id: null, quantity: cases * 6, unit_price: bottlePrice }
  }
  const bar = orders.create(scope(storekeeper), storekeeper, {
    supplier_id: cellar,
    expected_date: localDate(new Date(times.barOrdered.getTime() + 48 * HOUR), zone),
    note: null,
    lines: [inCases('Jameson whiskey (750 ml)', 1, 420), inCases('Amarula (750 ml)', 1, 260), inCases('Nederburg red wine (750 ml)', 2, 165)],
  })
  deps.travel(new Date(times.barOrdered.getTime() + HOUR / 2))
  orders.send(bar.id, manager)
  return { received: order.id, sent: bar.id }
}
