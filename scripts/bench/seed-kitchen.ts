// The kitchen part of the benchmark database: 100,000 kitchen requests and 200,000 kitchen movements
// (fulfilments, usage, wastage, adjustments) over the stock seed's span, with both ledgers adding up.
// Called by seedBench (scripts/bench/seed.ts) right after the main store is seeded.
import type { Db } from '../../src/db/open'
import { localDate } from '../../src/contract/dates'
import { hashPassword } from '../../src/lib/passwords'
import { createSettingsService } from '../../src/modules/settings'
import { insertUser, roleIdByName } from '../../src/modules/users'

export const BENCH_CHEF = 'chef@bench.local'

export interface KitchenBenchOptions {
  requests?: number
  movements?: number
  /** How many items the kitchen works with. */
  kitchenItems?: number
  years?: number
  now?: Date
  password?: string
}

export interface KitchenBenchSeed {
  chefId: number
  requests: number
  movements: number
}

const PRIORITIES = ['LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'URGENT'] as const

/** Fills the kitchen tables of a database seedBench has just filled; same synchronous=OFF bulk style. */
export async function seedKitchenBench(
  db: Db,
  seed: { managerId: number; storekeeperId: number; itemCount: number; random: () => number },
  o: KitchenBenchOptions = {},
): Promise<KitchenBenchSeed> {
  const totalRequests = o.requests ?? 100_000
  const totalMovements = o.movements ?? 200_000
  const kitchenItems = Math.min(o.kitchenItems ?? 1_500, seed.itemCount)
  const now = o.now ?? new Date()
  const span = (o.years ?? 3) * 365 * 86_400_000
  const start = now.getTime() - span
  const rnd = seed.random
  const zone = createSettingsService(db, () => now).get().time_zone
  const hash = await hashPassword(o.password ?? 'rims-bench-2026')

  db.exec('PRAGMA synchronous = OFF')
  const result = db.transaction(() => {
    const at = new Date(start).toISOString()
    const chefId = insertUser(db, { name: 'Bench Chef', email: BENCH_CHEF, passwordHash: hash, roleId: roleIdByName(db, 'Chef')!, at })
    const store = new Float64Array(seed.itemCount + 1)
    for (const r of db.query('SELECT id, current_quantity FROM items').all() as { id: number; current_quantity: number }[]) store[r.id] = r.current_quantity
    const kitchen = new Float64Array(seed.itemCount + 1)
    const touched = new Uint8Array(seed.itemCount + 1)
    const lastUpdated: string[] = []
    const dayCounters = new Map<string, number>()

    // Bulk load: the kitchen tables' indexes go while rows stream in, then come back. Triggers stay, so every
    // counter kept by them (the kitchen's and other features') is right without a recount.
    const dropped = db
      .query(`SELECT name, sql FROM sqlite_master WHERE tbl_name IN ('kitchen_requests', 'kitchen_movements') AND type = 'index' AND sql IS NOT NULL`)
      .all() as { name: string; sql: string }[]
    for (const d of dropped) db.exec(`DROP INDEX ${d.name}`)

    const insertRequest = db.prepare(
      `INSERT INTO kitchen_requests (request_number, item_id, chef_id, quantity_requested, quantity_approved, priority, status, remarks, review_remarks,
         approved_by, approved_at, rejected_by, rejected_at, fulfilled_by, fulfilled_at, requested_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const insertKitchen = db.prepare(
      `INSERT INTO kitchen_movements (item_id, movement_type, quantity, source_type, request_number, user_id, remarks, movement_date, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const insertStore = db.prepare(
      `INSERT INTO stock_movements (item_id, type, quantity, remarks, user_id, source_type, reference, movement_date, created_at, updated_at)
       VALUES (?, 'OUT', ?, ?, ?, 'REQUEST', ?, ?, ?, ?)`,
    )
    const insertDelivery = db.prepare(
      `INSERT INTO stock_movements (item_id, type, quantity, remarks, user_id, source_type, reference, movement_date, created_at, updated_at)
       VALUES (?, 'IN', ?, 'Delivery', ?, 'MANUAL', NULL, ?, ?, ?)`,
    )
    const kitchenMove = (item: number, type: string, q: number, source: string, number: string | null, user: number, remarks: string | null, when: string) => {
      insertKitchen.run(item, type, q, source, number, user, remarks, when, when)
      kitchen[item] += type === 'OUT' || type === 'WASTE' ? -q : q
      touched[item] = 1
      lastUpdated[item] = when
      movements++
    }

    let requests = 0
    let movements = 0
    // One timeline of slots, requests spread evenly among them; a slot that is not a request is a kitchen movement.
    // About 86% of requests are fulfilled and bring their own kitchen IN, so fewer slots are left for the rest.
    const slots = totalRequests + Math.max(0, totalMovements - Math.round(totalRequests * 0.86))
    const step = span / slots
    for (let n = 0; n < slots; n++) {
      const time = start + n * step
      const when = new Date(time).toISOString()
      let item = 1 + Math.floor(rnd() * kitchenItems)
      if (Math.floor(((n + 1) * totalRequests) / slots) > Math.floor((n * totalRequests) / slots)) {
        const day = localDate(new Date(time), zone).replaceAll('-', '')
        const seq = (dayCounters.get(day) ?? 0) + 1
        dayCounters.set(day, seq)
        const number = `KR-${day}-${String(seq).padStart(3, '0')}`
        const q = 100 * (1 + Math.floor(rnd() * 10))
        const age = now.getTime() - time
        const r = rnd()
        const status = age < 3 * 86_400_000 ? (r < 0.5 ? 'PENDING' : 'APPROVED') : r < 0.12 ? 'REJECTED' : r < 0.14 ? 'APPROVED' : movements < totalMovements ? 'FULFILLED' : 'REJECTED'
        const reviewed = status === 'PENDING' ? null : new Date(time + 3_600_000).toISOString()
        const approved = status === 'APPROVED' || status === 'FULFILLED'
        const fulfilled = status === 'FULFILLED' ? new Date(time + 7_200_000).toISOString() : null
        insertRequest.run(
          number, item, rnd() < 0.9 ? chefId : seed.managerId, q, approved ? q : null, PRIORITIES[Math.floor(rnd() * PRIORITIES.length)], status,
          rnd() < 0.3 ? 'For the weekend menu' : null, status === 'REJECTED' ? 'Not this week' : null,
          approved ? seed.storekeeperId : null, approved ? reviewed : null,
          status === 'REJECTED' ? seed.storekeeperId : null, status === 'REJECTED' ? reviewed : null,
          fulfilled ? seed.storekeeperId : null, fulfilled, when, when, fulfilled ?? reviewed ?? when,
        )
        requests++
        if (fulfilled) {
          // The store takes a delivery first when it cannot spare the quantity (its balance never goes below zero).
          if (store[item] < q) {
            insertDelivery.run(item, q, seed.storekeeperId, reviewed, reviewed, reviewed)
            store[item] += q
          }
          insertStore.run(item, q, `Kitchen request ${number}`, seed.storekeeperId, number, fulfilled, fulfilled, fulfilled)
          store[item] -= q
          kitchenMove(item, 'IN', q, 'REQUEST', number, seed.storekeeperId, `Kitchen request ${number}`, fulfilled)
        }
        continue
      }
      if (movements >= totalMovements) continue
      for (let tries = 0; kitchen[item] === 0 && tries < 20; tries++) item = 1 + Math.floor(rnd() * kitchenItems)
      if (kitchen[item] === 0) {
        kitchenMove(item, 'ADJUSTMENT', 100 * (1 + Math.floor(rnd() * 5)), 'ADJUSTMENT', null, seed.managerId, 'Count found stock', when)
        continue
      }
      const r = rnd()
      const q = Math.min(kitchen[item], 25 * (1 + Math.floor(rnd() * 12)))
      if (r < 0.85) kitchenMove(item, 'OUT', q, 'USAGE', null, chefId, r < 0.4 ? 'Lunch service' : 'Dinner service', when)
      else if (r < 0.97) kitchenMove(item, 'WASTE', q, 'WASTE', null, chefId, 'Spoiled', when)
      else kitchenMove(item, 'ADJUSTMENT', -q, 'ADJUSTMENT', null, seed.managerId, 'Weekly count', when)
    }

    // Rounding left the ledger a few rows short of the target: the last minutes of service fill it.
    for (let tries = 0; movements < totalMovements && tries < totalMovements; tries++) {
      const item = 1 + Math.floor(rnd() * kitchenItems)
      const when = new Date(now.getTime() - (totalMovements - movements) * 1000).toISOString()
      if (kitchen[item] >= 25) kitchenMove(item, 'OUT', 25, 'USAGE', null, chefId, 'Dinner service', when)
    }
    for (const d of dropped) db.exec(d.sql)
    const day = db.prepare('INSERT INTO kitchen_request_days (day, last) VALUES (?, ?)')
    for (const [d, last] of dayCounters) day.run(d, last)
    const stock = db.prepare('INSERT INTO kitchen_stock (item_id, quantity, last_updated) VALUES (?, ?, ?)')
    const setStore = db.prepare('UPDATE items SET current_quantity = ? WHERE id = ?')
    for (let i = 1; i <= seed.itemCount; i++) {
      if (touched[i]) stock.run(i, kitchen[i], lastUpdated[i])
      setStore.run(store[i], i)
    }
    return { chefId, requests, movements }
  }).immediate()
  db.exec('PRAGMA synchronous = FULL')
  return result
}
