import type { DemoContext } from '../../db/demo'
import { PRIORITIES, type Priority, type RequestStatus } from '../../contract/kitchen'
import { recordKitchenMovement, setKitchenMinimum } from '../kitchen-inventory'
import { addDays, localDate, startOfLocalDay } from '../../contract/dates'
import { recordMovement, type StockEvents } from '../stock'
import * as repo from './repo'

// 90 days of a kitchen: the Chef asks for ingredients, the store approves and issues them, the kitchen
// uses and wastes them. Written through the same ledger functions as the API, so both ledgers add up.

const WASTE_REASONS = ['Spoiled in the cold room', 'Burnt during service', 'Past its use-by date', 'Dropped during prep', 'Returned by a guest', 'Wilted overnight']
const USAGE_REMARKS = ['Lunch service', 'Dinner service', 'Staff meal', 'Breakfast service', 'Prep for tomorrow', null]
const CHEF_REMARKS = ['For the weekend menu', 'Running low on the line', 'Function on Saturday', null, null]
const REJECT_REASONS = ['Duplicate of an earlier request', 'Not on this week’s menu', 'Use the stock already in the kitchen first']
const RECENT_FATES: RequestStatus[] = ['PENDING', 'APPROVED', 'PENDING', 'FULFILLED', 'REJECTED', 'PENDING']
const NOT_KITCHEN = new Set(['Beverages', 'Spirits', 'Cleaning'])
const WHOLE_UNITS = new Set(['pieces', 'bundles', 'heads', 'bottles', 'cartons', 'trays', 'rolls', 'packs'])

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface DemoItem {
  id: number
  unit: string
  min: number
  /** Main-store balance now, in hundredths (fulfilments take from it). */
  store: number
  /** Kitchen balance as the seeder goes, in hundredths. */
  kitchen: number
}

export function seedKitchenDemo(ctx: DemoContext & { stockEvents: StockEvents }) {
  const { db, now, userIds, zone } = ctx
  const rows = db
    .query(
      `SELECT i.id, i.unit, i.min_stock_level AS min, i.current_quantity AS store, c.name AS category
       FROM items i JOIN categories c ON c.id = i.category_id WHERE i.is_active = 1 ORDER BY i.id`,
    )
    .all() as (Omit<DemoItem, 'kitchen'> & { category: string })[]
  if (rows.length === 0) return
  const preferred = rows.filter((r) => !NOT_KITCHEN.has(r.category))
  const items: DemoItem[] = (preferred.length >= 10 ? preferred : rows).slice(0, 30).map((r) => ({ id: r.id, unit: r.unit, min: r.min, store: r.store, kitchen: 0 }))

  const today = localDate(now, zone)
  const rnd = random(20260404)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]
  const step = (item: DemoItem) => (WHOLE_UNITS.has(item.unit) ? 100 : 25)
  /** A share of `base` hundredths, rounded to whole units or quarters, at least one step. */
  const share = (item: DemoItem, base: number, low: number, high: number) =>
    Math.max(step(item), Math.round((base * (low + rnd() * (high - low))) / step(item)) * step(item))
  const chef = userIds.Chef
  const store = userIds.Storekeeper
  const manager = userIds.Manager
  const start = addDays(today, -89)
  let recent = 0

  for (let d = 0; d < 90; d++) {
    const day = addDays(start, d)
    const midnight = startOfLocalDay(day, zone).getTime()
    const at = (hour: number, minute = Math.floor(rnd() * 60)) => new Date(midnight + (hour * 60 + minute) * 60_000)
    const past = (t: Date) => t.getTime() <= now.getTime()
    const age = 89 - d

    // Requests: every kitchen item is asked for in the first weeks, then two or three a day.
    const todays = d < 15 ? items.slice(d * 2, d * 2 + 2) : Array.from({ length: (age < 8 ? 4 : 2) + Math.floor(rnd() * 2) }, () => pick(items))
    for (const [n, item] of todays.entries()) {
      const requestedAt = at(6 + n * 2, Math.floor(rnd() * 50))
      if (!past(requestedAt)) continue
      // The last week walks through every status × priority pair (recent counts 0, 1, 2, …), older weeks are random.
      const recentIndex = age < 8 ? recent++ : -1
      const priority: Priority = recentIndex >= 0 ? PRIORITIES[Math.floor(recentIndex / RECENT_FATES.length) % 4] : rnd() < 0.1 ? 'URGENT' : pick(['LOW', 'MEDIUM', 'MEDIUM', 'HIGH'] as const)
      const quantity = share(item, Math.max(item.min, 200), 0.4, 1)
      const by = rnd() < 0.15 ? manager : chef
      const id = repo.insertRequest(db, {
        request_number: repo.nextRequestNumber(db, day.replaceAll('-', '')),
        item_id: item.id,
        chef_id: by,
        quantity_requested: quantity,
        priority,
        remarks: pick(CHEF_REMARKS),
        at: requestedAt.toISOString(),
      })
      // Recent requests wait in every state; older ones were mostly issued.
      const fate = recentIndex >= 0 ? RECENT_FATES[recentIndex % RECENT_FATES.length] : rnd() < 0.12 ? 'REJECTED' : 'FULFILLED'
      if (fate === 'PENDING') continue
      const reviewedAt = new Date(requestedAt.getTime() + (30 + Math.floor(rnd() * 90)) * 60_000)
      if (!past(reviewedAt)) continue
      const reviewer = rnd() < 0.8 ? store : manager
      if (fate === 'REJECTED') {
        repo.markRejected(db, id, { remarks: pick(REJECT_REASONS), by: reviewer, at: reviewedAt.toISOString() })
        continue
      }
      const approved = rnd() < 0.2 ? Math.max(step(item), Math.round((quantity * 0.75) / step(item)) * step(item)) : quantity
      repo.markApproved(db, id, { quantity: approved, remarks: approved < quantity ? 'Part of it this week' : null, by: reviewer, at: reviewedAt.toISOString() })
      const fulfilledAt = new Date(reviewedAt.getTime() + 60 * 60_000)
      if (fate !== 'FULFILLED' || !past(fulfilledAt)) continue
      const number = (db.query('SELECT request_number AS n FROM kitchen_requests WHERE id = $id').get({ id }) as { n: string }).n
      // When the store cannot spare it, a delivery for the request arrives first, so the main store ends
      // where the stock demo left it (its low and out-of-stock items stay so).
      if (item.store - approved < item.min) {
        recordMovement(db, ctx.stockEvents, { itemId: item.id, type: 'IN', quantity: approved, sourceType: 'MANUAL', remarks: `Delivery for kitchen request ${number}`, userId: store, at: new Date(fulfilledAt.getTime() - 20 * 60_000).toISOString() })
        item.store += approved
      }
      const entry = { itemId: item.id, quantity: approved, userId: reviewer, at: fulfilledAt.toISOString(), remarks: `Kitchen request ${number}` }
      recordMovement(db, ctx.stockEvents, { ...entry, type: 'OUT', sourceType: 'REQUEST', reference: number })
      recordKitchenMovement(db, ctx.stockEvents, { ...entry, type: 'IN', sourceType: 'REQUEST', requestNumber: number })
      repo.markFulfilled(db, id, { by: reviewer, at: fulfilledAt.toISOString() })
      item.store -= approved
      item.kitchen += approved
    }

    // Service: the kitchen uses what it holds and now and then wastes some, with the reason.
    for (const item of items) {
      if (item.kitchen === 0 || rnd() < 0.6) continue
      const usedAt = at(12 + Math.floor(rnd() * 8))
      if (!past(usedAt)) continue
      const used = Math.min(item.kitchen, share(item, item.kitchen, 0.1, 0.3))
      recordKitchenMovement(db, ctx.stockEvents, { itemId: item.id, type: 'OUT', quantity: used, sourceType: 'USAGE', remarks: pick(USAGE_REMARKS), userId: rnd() < 0.9 ? chef : manager, at: usedAt.toISOString() })
      item.kitchen -= used
      if (item.kitchen > 0 && rnd() < 0.08) {
        const wastedAt = at(21, 30)
        if (!past(wastedAt)) continue
        const wasted = Math.min(item.kitchen, share(item, item.kitchen, 0.05, 0.15))
        recordKitchenMovement(db, ctx.stockEvents, { itemId: item.id, type: 'WASTE', quantity: wasted, sourceType: 'WASTE', remarks: pick(WASTE_REASONS), userId: chef, at: wastedAt.toISOString() })
        item.kitchen -= wasted
      }
    }
  }

  // Each kitchen item's own minimum, in its unit: a tenth of the store's minimum, in whole units
  // (pieces, bottles…) or quarter kilograms and litres; none where the store keeps no minimum.
  for (const item of items) {
    if (item.min === 0) continue
    setKitchenMinimum(db, item.id, Math.max(step(item), Math.round(item.min / 10 / step(item)) * step(item)))
  }
}
