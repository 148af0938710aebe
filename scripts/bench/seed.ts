// Seeds a benchmark database: 10,000 items, 200 suppliers, 1,000,000 main-store movements over 3 years,
// with every balance equal to its ledger (the doctor is clean). The kitchen feature extends seedBench.
//   bun scripts/bench/seed.ts [--data /tmp/rims-bench] [--items 10000] [--movements 1000000]
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { prepareDataDir } from '../../src/cli/data-dir'
import { openAndMigrate, type Db } from '../../src/db/open'
import { hashPassword } from '../../src/lib/passwords'
import { insertUser, roleIdByName } from '../../src/modules/users'
import { rebuildActivityBuckets } from '../../src/modules/dashboard/repo'
import { seedKitchenBench } from './seed-kitchen'

export const BENCH_PASSWORD = 'rims-bench-2026'
export const BENCH_MANAGER = 'manager@bench.local'

export interface BenchSeedOptions {
  items?: number
  suppliers?: number
  categories?: number
  movements?: number
  years?: number
  now?: Date
}

export interface BenchSeed {
  managerId: number
  storekeeperId: number
  itemCount: number
  /** The generator, so that later seeders (the kitchen's) continue the same deterministic sequence. */
  random: () => number
}

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Drops a table's indexes and triggers for a bulk load and returns how to put them back. */
function withoutIndexes(db: Db, table: string): () => void {
  const objects = db.query(`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = $table AND type IN ('index', 'trigger') AND sql IS NOT NULL`).all({ table }) as {
    type: string
    name: string
    sql: string
  }[]
  for (const o of objects) db.exec(`DROP ${o.type.toUpperCase()} ${o.name}`)
  return () => {
    for (const o of objects) db.exec(o.sql)
  }
}

/** Fills an empty, migrated database. Fast: prepared statements in big transactions, synchronous=OFF while seeding only. */
export async function seedBench(db: Db, o: BenchSeedOptions = {}): Promise<BenchSeed> {
  const items = o.items ?? 10_000
  const suppliers = o.suppliers ?? 200
  const categories = o.categories ?? 12
  const movements = o.movements ?? 1_000_000
  const now = o.now ?? new Date()
  const span = (o.years ?? 3) * 365 * 86_400_000
  const start = now.getTime() - span
  const rnd = mulberry32(42)
  const at = new Date(start).toISOString()
  const hash = await hashPassword(BENCH_PASSWORD)

  db.exec('PRAGMA synchronous = OFF')
  const result = db.transaction(() => {
    const managerId = insertUser(db, { name: 'Bench Manager', email: BENCH_MANAGER, passwordHash: hash, roleId: roleIdByName(db, 'Manager')!, at })
    const storekeeperId = insertUser(db, { name: 'Bench Storekeeper', email: 'store@bench.local', passwordHash: hash, roleId: roleIdByName(db, 'Storekeeper')!, at })

    const cat = db.prepare('INSERT INTO categories (id, name, description, created_at, updated_at) VALUES (?, ?, NULL, ?, ?)')
    for (let i = 1; i <= categories; i++) cat.run(i, `Category ${i}`, at, at)
    const sup = db.prepare('INSERT INTO suppliers (id, name, contact_person, email, phone, address, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    for (let i = 1; i <= suppliers; i++) sup.run(i, `Supplier ${String(i).padStart(3, '0')}`, `Contact ${i}`, `supplier${i}@bench.local`, `+260 97 ${100000 + i}`, 'Lusaka', at, at)

    const item = db.prepare(
      `INSERT INTO items (id, name, barcode, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, expiry_date, is_active, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 1, ?, ?)`,
    )
    const units = ['kg', 'liters', 'bottles', 'pieces', 'packs']
    const today = now.toISOString().slice(0, 10)
    for (let i = 1; i <= items; i++) {
      const expiry = rnd() < 0.4 ? new Date(Date.parse(today) + Math.floor(rnd() * 400 - 30) * 86_400_000).toISOString().slice(0, 10) : null
      item.run(i, `Item ${String(i).padStart(5, '0')} ${units[i % 5]}`, rnd() < 0.5 ? `BC${100000 + i}` : null, 1 + (i % categories), 1 + (i % suppliers), units[i % 5], (100 + Math.floor(rnd() * 50_000)) * 1000, Math.floor(rnd() * 2000), expiry, at, at)
    }

    const restore = withoutIndexes(db, 'stock_movements')
    const move = db.prepare(
      `INSERT INTO stock_movements (item_id, type, quantity, remarks, user_id, source_type, reference, movement_date, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
    )
    const balance = new Float64Array(items + 1)
    const step = span / movements
    for (let n = 0; n < movements; n++) {
      const id = 1 + Math.floor(rnd() * items)
      const when = new Date(start + n * step).toISOString()
      const user = rnd() < 0.8 ? storekeeperId : managerId
      const r = rnd()
      let q = 100 * (1 + Math.floor(rnd() * 20))
      if (r < 0.01 && balance[id] > 0) {
        q = -Math.min(balance[id], 100 * (1 + Math.floor(rnd() * 3)))
        balance[id] += q
        move.run(id, 'ADJUSTMENT', q, 'Stock count', user, 'COUNT', when, when, when)
      } else if (r < 0.6 && balance[id] >= q) {
        balance[id] -= q
        move.run(id, 'OUT', q, 'Issued to kitchen', user, 'MANUAL', when, when, when)
      } else {
        balance[id] += q
        move.run(id, 'IN', q, 'Delivery', user, 'MANUAL', when, when, when)
      }
    }
    restore()
    db.exec(`UPDATE stock_movement_counts SET n = (SELECT count(*) FROM stock_movements m WHERE m.type = stock_movement_counts.type)`)
    const setBalance = db.prepare('UPDATE items SET current_quantity = ? WHERE id = ?')
    for (let i = 1; i <= items; i++) setBalance.run(balance[i], i)
    return { managerId, storekeeperId, itemCount: items }
  }).immediate()
  db.exec('PRAGMA synchronous = FULL')
  await seedKitchenBench(db, { ...result, random: rnd }, { now, years: o.years })
  // The bulk load ran without the ledger triggers: rebuild the dashboard's activity counters once.
  db.transaction(() => rebuildActivityBuckets(db)).immediate()
  db.exec('ANALYZE')
  return { ...result, random: rnd }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { data: { type: 'string', default: '/tmp/rims-bench' }, items: { type: 'string' }, movements: { type: 'string' } } })
  const dir = prepareDataDir(values.data!)
  for (const f of ['', '-wal', '-shm']) if (existsSync(dir.dbPath + f)) rmSync(dir.dbPath + f)
  const started = performance.now()
  const db = openAndMigrate(dir.dbPath)
  await seedBench(db, { items: values.items ? Number(values.items) : undefined, movements: values.movements ? Number(values.movements) : undefined })
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  console.log(`Seeded ${join(dir.root, 'rims.db')} in ${((performance.now() - started) / 1000).toFixed(1)} s (sign in as ${BENCH_MANAGER} / ${BENCH_PASSWORD})`)
}
