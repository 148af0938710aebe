import type { DemoContext } from '../../db/demo'
import { toCents, toCost } from '../../contract/fixed'
import { addDays, localDate, startOfLocalDay } from '../../contract/dates'
import { upsertCategory } from '../categories'
import { upsertSupplier } from '../suppliers'
import { recordMovement } from './ledger'
import type { StockEvents } from './events'
import { insertItem } from './items-repo'
import { gtinCheckDigit } from '../../contract/barcodes'
import type { ItemService, UnitCodes } from './items-service'
import type { User } from '../../contract/auth'

/** A demo item's EAN-13 (with a right check digit), stored as GTIN-14 like every scanned code. */
const demoEan = (i: number) => {
  const body = `60090${String(1000000 + i * 7919).slice(-7)}`
  return `0${body}${gtinCheckDigit(body)}`
}

// A believable Lusaka restaurant and bar: 60 items, 8 categories, 6 suppliers, 90 days of deliveries,
// issues to the kitchen and bar, and monthly counts, all written through the ledger's own rules.

const CATEGORIES = [
  ['Meat', 'Beef, chicken, pork and game'],
  ['Fish', 'Fresh and frozen fish'],
  ['Vegetables', 'Fresh produce from the market'],
  ['Dry Goods', 'Mealie meal, rice, flour, oil, spices'],
  ['Dairy', 'Milk, cream, cheese, eggs'],
  ['Beverages', 'Beer, soft drinks, juice, water'],
  ['Spirits', 'Spirits, wine and liqueurs for the bar'],
  ['Cleaning', 'Detergents and kitchen hygiene'],
] as const

const SUPPLIERS = [
  { name: 'Zambeef Products', contact_person: 'Mutale Chanda', email: 'orders@zambeef.example.zm', phone: '+260 211 369 000', address: 'Plot 4970, Manda Road, Lusaka' },
  { name: 'Kafue Fisheries', contact_person: 'Joseph Tembo', email: 'sales@kafuefish.example.zm', phone: '+260 977 412 330', address: 'Kafue Road, Chilanga' },
  { name: 'Soweto Market Fresh Produce', contact_person: 'Agnes Mwape', email: null, phone: '+260 966 105 882', address: 'Stand 12, Soweto Market, Lusaka' },
  { name: 'Lusaka Wholesale Distributors', contact_person: 'Brian Zulu', email: 'accounts@lwd.example.zm', phone: '+260 211 286 410', address: 'Lumumba Road, Heavy Industrial Area, Lusaka' },
  { name: 'Zambian Breweries Depot', contact_person: 'Natasha Lungu', email: 'depot.lusaka@zambrew.example.zm', phone: '+260 211 246 200', address: 'Mungwi Road, Lusaka' },
  { name: 'Cairo Road Wine & Spirits', contact_person: 'Peter Sakala', email: 'orders@crws.example.zm', phone: '+260 955 730 118', address: 'Cairo Road, Lusaka' },
]

// name, category, supplier, unit, cost (ZMW), min level, use per day, delivery, shelf life (days) or 0
type Row = [string, number, number, string, number, number, number, number, number]
const ITEMS: Row[] = [
  ['Beef T-bone', 0, 0, 'kg', 165, 8, 3.5, 25, 10],
  ['Beef mince', 0, 0, 'kg', 120, 6, 2.5, 20, 7],
  ['Beef fillet', 0, 0, 'kg', 240, 4, 1.5, 12, 10],
  ['Whole chicken', 0, 0, 'pieces', 95, 10, 4, 30, 7],
  ['Chicken wings', 0, 0, 'kg', 78, 5, 2, 15, 7],
  ['Pork ribs', 0, 0, 'kg', 130, 4, 1.5, 12, 10],
  ['Beef sausages (boerewors)', 0, 0, 'kg', 98, 5, 2, 15, 14],
  ['Goat meat', 0, 0, 'kg', 140, 3, 1, 8, 7],
  ['Bream (Kafue)', 1, 1, 'kg', 110, 5, 2, 15, 4],
  ['Tilapia fillet', 1, 1, 'kg', 135, 4, 1.5, 12, 5],
  ['Kapenta (dried)', 1, 1, 'kg', 160, 3, 0.75, 8, 120],
  ['Prawns (frozen)', 1, 1, 'kg', 320, 2, 0.5, 6, 90],
  ['Tomatoes', 2, 2, 'kg', 18, 10, 5, 30, 7],
  ['Onions', 2, 2, 'kg', 15, 10, 4, 35, 30],
  ['Rape (leaves)', 2, 2, 'bundles', 5, 15, 8, 40, 3],
  ['Cabbage', 2, 2, 'heads', 12, 6, 3, 20, 14],
  ['Irish potatoes', 2, 2, 'kg', 14, 20, 8, 60, 30],
  ['Green peppers', 2, 2, 'kg', 35, 3, 1, 8, 7],
  ['Carrots', 2, 2, 'kg', 16, 5, 2, 15, 21],
  ['Garlic', 2, 2, 'kg', 90, 1, 0.25, 3, 60],
  ['Lemons', 2, 2, 'kg', 30, 3, 1, 8, 21],
  ['Okra', 2, 2, 'kg', 28, 2, 0.75, 5, 5],
  ['Breakfast mealie meal', 3, 3, 'kg', 12.5, 25, 10, 100, 180],
  ['Basmati rice', 3, 3, 'kg', 38, 10, 3, 40, 365],
  ['Cake flour', 3, 3, 'kg', 16, 10, 2.5, 25, 180],
  ['Cooking oil', 3, 3, 'liters', 42, 10, 3, 40, 365],
  ['Sugar', 3, 3, 'kg', 21, 10, 2, 25, 365],
  ['Table salt', 3, 3, 'kg', 8, 3, 0.5, 10, 720],
  ['Black pepper (ground)', 3, 3, 'kg', 180, 0.5, 0.05, 1, 365],
  ['Tomato sauce', 3, 3, 'bottles', 32, 6, 1, 12, 365],
  ['Groundnuts (raw)', 3, 3, 'kg', 45, 3, 0.5, 6, 120],
  ['Spaghetti', 3, 3, 'kg', 28, 5, 1, 10, 365],
  ['Fresh milk', 4, 0, 'liters', 22, 10, 6, 40, 5],
  ['Fresh cream', 4, 0, 'liters', 65, 3, 1, 8, 7],
  ['Cheddar cheese', 4, 0, 'kg', 185, 2, 0.5, 5, 45],
  ['Butter', 4, 0, 'kg', 140, 2, 0.5, 5, 60],
  ['Eggs', 4, 0, 'trays', 75, 5, 2, 15, 21],
  ['Plain yoghurt', 4, 0, 'liters', 48, 3, 1, 8, 10],
  ['Sour milk (Chibwantu)', 4, 0, 'liters', 25, 2, 0.5, 5, 5],
  ['Mosi lager (375 ml)', 5, 4, 'bottles', 14, 48, 30, 240, 270],
  ['Castle lager (375 ml)', 5, 4, 'bottles', 14.5, 48, 24, 192, 270],
  ['Eagle lager (375 ml)', 5, 4, 'bottles', 11, 24, 12, 96, 270],
  ['Coca-Cola (300 ml)', 5, 4, 'bottles', 8, 48, 25, 192, 180],
  ['Fanta orange (300 ml)', 5, 4, 'bottles', 8, 24, 12, 96, 180],
  ['Mineral water (500 ml)', 5, 3, 'bottles', 6, 48, 20, 144, 365],
  ['Maheu (500 ml)', 5, 3, 'bottles', 9, 12, 6, 48, 14],
  ['Orange juice (1 L)', 5, 3, 'cartons', 35, 6, 3, 24, 30],
  ['Jameson whiskey (750 ml)', 6, 5, 'bottles', 420, 3, 0.5, 6, 0],
  ['Smirnoff vodka (750 ml)', 6, 5, 'bottles', 210, 3, 0.5, 6, 0],
  ['Gordon’s gin (750 ml)', 6, 5, 'bottles', 230, 3, 0.5, 6, 0],
  ['Amarula (750 ml)', 6, 5, 'bottles', 260, 2, 0.25, 4, 0],
  ['Nederburg red wine (750 ml)', 6, 5, 'bottles', 165, 6, 1, 12, 0],
  ['Four Cousins white wine (750 ml)', 6, 5, 'bottles', 120, 6, 1, 12, 0],
  ['Captain Morgan rum (750 ml)', 6, 5, 'bottles', 240, 2, 0.25, 4, 0],
  ['Dishwashing liquid', 7, 3, 'liters', 38, 5, 0.75, 10, 0],
  ['Bleach', 7, 3, 'liters', 25, 4, 0.5, 8, 0],
  ['Hand soap', 7, 3, 'liters', 45, 3, 0.5, 6, 0],
  ['Floor cleaner', 7, 3, 'liters', 52, 3, 0.5, 6, 0],
  ['Paper towels', 7, 3, 'rolls', 18, 12, 3, 36, 0],
  ['Refuse bags', 7, 3, 'packs', 35, 4, 0.5, 8, 0],
]

// The few items the dashboard and alerts should light up.
const OUT_OF_STOCK = ['Prawns (frozen)', 'Okra', 'Amarula (750 ml)']
const LOW = ['Beef fillet', 'Cheddar cheese', 'Cooking oil', 'Jameson whiskey (750 ml)', 'Bleach']
const EXPIRING_IN_DAYS: Record<string, number> = { 'Fresh milk': 2, 'Tilapia fillet': 3, 'Fresh cream': 5, 'Plain yoghurt': 6, 'Rape (leaves)': 1 }
const EXPIRED_DAYS_AGO: Record<string, number> = { 'Sour milk (Chibwantu)': 2, Maheu: 1 }

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WHOLE_UNITS = new Set(['pieces', 'bundles', 'heads', 'bottles', 'cartons', 'trays', 'rolls', 'packs'])

/** One demo item as the hooks see it. */
export interface DemoStockItem {
  id: number
  name: string
  category: string
  supplier: string
  unit: string
}

/**
 * What other modules' demos add inside the stock demo's 90 days (stock imports none of them: the wiring,
 * src/cli/demo.ts, passes these in). Without them the monthly counts are plain COUNT adjustments.
 */
export interface StockDemoHooks {
  /** Once the items exist, at the setup time (storage areas, for one). */
  itemsMade?(items: readonly DemoStockItem[], at: Date): void
  /** A monthly count at `at` that finds these differences (hundredths, signed): it posts them through the ledger. */
  monthlyCount?(at: Date, differences: { itemId: number; quantity: number }[]): void
  /** A delivery of `quantity` (hundredths) at `at`: true when the hook received it (a receipt), else it is a plain IN. */
  delivery?(at: Date, item: DemoStockItem, quantity: number, invoice: string): boolean
}

/** `codes`: barcodes' unit codes (stock does not import barcodes, which reads stock). */
export function seedStockDemo(ctx: DemoContext & { stockEvents: StockEvents }, codes: UnitCodes, hooks: StockDemoHooks = {}): Map<string, number> {
  const { db, now, userIds, zone } = ctx
  const today = localDate(now, zone)
  const rnd = random(20260101)
  const start = addDays(today, -90)
  const setupAt = startOfLocalDay(start, zone).toISOString()

  const categoryIds = CATEGORIES.map(([name, description]) => upsertCategory(db, null, { name, description }, setupAt))
  const supplierIds = SUPPLIERS.map((s) => upsertSupplier(db, null, s, setupAt))

  const items = ITEMS.map(([name, category, supplier, unit, cost, min, use, delivery, shelf], i) => {
    const expiry =
      EXPIRING_IN_DAYS[name] !== undefined ? addDays(today, EXPIRING_IN_DAYS[name])
      : Object.keys(EXPIRED_DAYS_AGO).find((k) => name.startsWith(k)) ? addDays(today, -EXPIRED_DAYS_AGO[Object.keys(EXPIRED_DAYS_AGO).find((k) => name.startsWith(k))!])
      : shelf > 0 ? addDays(today, Math.max(8, Math.round(shelf * (0.5 + rnd() * 0.5))))
      : null
    const id = insertItem(
      db,
      {
        name,
        barcode: category >= 5 || category === 3 ? demoEan(i) : null,
        category_id: categoryIds[category],
        supplier_id: supplierIds[supplier],
        unit,
        cost_e5: toCost(cost),
        min_stock_level: toCents(min),
        expiry_date: expiry,
      },
      setupAt,
    )
    if (category >= 5 || category === 3) codes.setUnitCode(db, id, null, demoEan(i), setupAt)
    return { id, name, category: CATEGORIES[category][0] as string, supplier: SUPPLIERS[supplier].name, unit, min: toCents(min), use: toCents(use), delivery: toCents(delivery), balance: 0 }
  })
  hooks.itemsMade?.(items, new Date(setupAt))

  const store = userIds.Storekeeper
  const manager = userIds.Manager
  const move = (item: (typeof items)[number], type: 'IN' | 'OUT' | 'ADJUSTMENT', quantity: number, at: Date, remarks: string, source = 'MANUAL', userId = store) => {
    if (at.getTime() > now.getTime()) return
    recordMovement(db, ctx.stockEvents, { itemId: item.id, type, quantity, remarks, userId, sourceType: source, at: at.toISOString() })
    item.balance += type === 'OUT' ? -quantity : quantity
  }
  const round = (item: (typeof items)[number], hundredths: number) =>
    WHOLE_UNITS.has(item.unit) ? Math.max(100, Math.round(hundredths / 100) * 100) : Math.max(25, Math.round(hundredths / 25) * 25)

  // Whole days up to yesterday: today's deliveries and issues would depend on the hour the demo is seeded (a
  // morning seed had one item fewer low than an afternoon one), and the demo's figures must not.
  for (let d = 0; d < 90; d++) {
    const day = addDays(start, d)
    const midnight = startOfLocalDay(day, zone).getTime()
    const at = (hour: number, minute: number) => new Date(midnight + (hour * 60 + minute) * 60_000)
    const lastDays = d >= 86
    for (const item of items) {
      if (d === 0) {
        move(item, 'IN', item.delivery, at(7, 30), 'Opening stock', 'OPENING', manager)
        continue
      }
      const holdBack = lastDays && (OUT_OF_STOCK.includes(item.name) || LOW.includes(item.name))
      if (!holdBack && item.balance <= item.min * 2 && rnd() < 0.6) {
        const t = at(7, Math.floor(rnd() * 50))
        const invoice = `${day.replaceAll('-', '')}-${item.id}`
        if (t.getTime() <= now.getTime() && hooks.delivery?.(t, item, item.delivery, invoice)) item.balance += item.delivery
        else move(item, 'IN', item.delivery, t, `Delivery, invoice ${invoice}`)
      }
      const usage = round(item, item.use * (0.4 + rnd() * 1.2))
      if (usage <= item.balance) move(item, 'OUT', usage, at(10 + Math.floor(rnd() * 10), Math.floor(rnd() * 60)), rnd() < 0.5 ? 'Issued to kitchen' : 'Issued to bar')
    }
    // A monthly count of the bar and the cold room finds small differences.
    if (d % 30 === 29) {
      const found = items.filter((_, i) => i % 9 === d % 9).map((item) => ({ item, diff: -round(item, item.use * 0.3) })).filter(({ item, diff }) => item.balance + diff >= 0)
      if (hooks.monthlyCount && at(21, 15).getTime() <= now.getTime()) {
        hooks.monthlyCount(at(21, 15), found.map(({ item, diff }) => ({ itemId: item.id, quantity: diff })))
        for (const { item, diff } of found) item.balance += diff
      } else for (const { item, diff } of found) move(item, 'ADJUSTMENT', diff, at(21, 15), 'Monthly stock count', 'COUNT', manager)
    }
  }

  // End states: a few items run out, a few sit under their minimum.
  const late = new Date(now.getTime() - 90 * 60_000)
  for (const item of items) {
    if (OUT_OF_STOCK.includes(item.name) && item.balance > 0) move(item, 'OUT', item.balance, late, 'Issued to kitchen')
    if (LOW.includes(item.name)) {
      if (item.balance > item.min) move(item, 'OUT', item.balance - Math.round(item.min / 2), late, 'Issued to kitchen')
      if (item.balance === 0) move(item, 'IN', Math.round(item.min / 2), late, 'Part delivery')
    }
  }
  return new Map(items.map((i) => [i.name, i.id]))
}

/** Packs the demo items are bought and counted in (name, size in the item's unit); the first is the order pack. */
const PACKS: Record<string, { name: string; size: number }[]> = {
  'Whole chicken': [{ name: 'box', size: 10 }],
  'Irish potatoes': [{ name: 'pocket', size: 10 }],
  Onions: [{ name: 'pocket', size: 10 }],
  Tomatoes: [{ name: 'crate', size: 12 }],
  'Breakfast mealie meal': [{ name: 'bag', size: 25 }],
  'Basmati rice': [{ name: 'bag', size: 10 }],
  'Cake flour': [{ name: 'bag', size: 12.5 }],
  'Cooking oil': [{ name: 'can', size: 5 }, { name: 'bottle', size: 2 }],
  Sugar: [{ name: 'bag', size: 10 }],
  'Fresh milk': [{ name: 'crate', size: 12 }, { name: 'bottle', size: 1 }],
  Eggs: [{ name: 'box', size: 12 }],
  'Mosi lager (375 ml)': [{ name: 'crate', size: 24 }],
  'Castle lager (375 ml)': [{ name: 'crate', size: 24 }],
  'Eagle lager (375 ml)': [{ name: 'crate', size: 24 }],
  'Coca-Cola (300 ml)': [{ name: 'crate', size: 24 }],
  'Fanta orange (300 ml)': [{ name: 'crate', size: 24 }],
  'Mineral water (500 ml)': [{ name: 'pack', size: 12 }],
  'Jameson whiskey (750 ml)': [{ name: 'case', size: 6 }],
  'Smirnoff vodka (750 ml)': [{ name: 'case', size: 6 }],
  'Gordon’s gin (750 ml)': [{ name: 'case', size: 6 }],
  'Amarula (750 ml)': [{ name: 'case', size: 6 }],
  'Nederburg red wine (750 ml)': [{ name: 'case', size: 6 }],
  'Four Cousins white wine (750 ml)': [{ name: 'case', size: 6 }],
  'Captain Morgan rum (750 ml)': [{ name: 'case', size: 6 }],
}

/** What recipes need to turn a count unit into grams (each_weight, g per one of the item's unit). */
const EACH_WEIGHTS: Record<string, number> = { Cabbage: 1200, 'Whole chicken': 1400, 'Rape (leaves)': 450 }

/** Bottle facts of some spirits (issue 35): one weighed (full and empty), two from the density table. */
const BOTTLES: Record<string, { bottle_ml: number; tare_g: number; full_g?: number; density_g_ml?: number }> = {
  'Jameson whiskey (750 ml)': { bottle_ml: 750, tare_g: 520, full_g: 1231 },
  'Smirnoff vodka (750 ml)': { bottle_ml: 750, tare_g: 480, density_g_ml: 0.951 },
  'Gordon’s gin (750 ml)': { bottle_ml: 750, tare_g: 510, density_g_ml: 0.951 },
}

/**
 * Packs, order packs, par levels and costing fields on the demo items (issue 32), through the item service.
 * Par: about one delivery above the minimum, so the low items are suggested; the cleaning cupboard keeps
 * none, so the suggestions also show low items without a par level.
 */
export function seedItemDetails(items: ItemService, user: User, ids: ReadonlyMap<string, number>) {
  for (const [name, category, , , , min, , delivery] of ITEMS) {
    const id = ids.get(name)
    if (id === undefined) continue
    const packs = PACKS[name]
    const par = CATEGORIES[category][0] === 'Cleaning' ? null : Math.max(min * 2, delivery)
    const each = EACH_WEIGHTS[name]
    const updated = items.update(id, { par_level: par, ...(packs ? { packs } : {}), ...(each ? { each_weight: each } : {}), ...BOTTLES[name] }, user)
    if (packs) items.update(id, { order_pack_id: updated.packs[0].id }, user)
  }
}
