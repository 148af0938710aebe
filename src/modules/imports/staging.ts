import type { Db } from '../../db/open'
import type { Slice } from '../../lib/slices'
import { upsertCategory } from '../categories'
import { upsertSupplier } from '../suppliers'
import { bulkSetItems, stagedItemId, type StockEvents } from '../stock'
import { bulkSetUnitCodes } from '../barcodes'
import type { ItemPlan } from './items'

// How a checked item file is written without holding the one JS thread (and SQLite's write lock) for seconds:
// 1. stage: the planned rows go into a TEMP table (this connection's own, invisible to every reader, no fsync) in
//    short transactions, letting other requests in between;
// 2. apply: one short IMMEDIATE transaction hands the staged table to the owners' set-based writes (stock's bulkSetItems:
//    items and stock_movements; barcodes' bulkSetUnitCodes: item_barcodes), then raises the alerts.
// Nothing is visible until the apply commits, and a failure anywhere rolls the apply back whole.

const STAGE_ROWS_PER_TRANSACTION = 250

function createStagingTable(db: Db) {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS import_rows (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    new_no INTEGER,
    item_id INTEGER,
    name TEXT, sku TEXT, barcode TEXT, old_barcode TEXT,
    category_key TEXT, category_id INTEGER, supplier_key TEXT, supplier_id INTEGER,
    unit TEXT, cost_e5 INTEGER, min_stock_level INTEGER, expiry_date TEXT, par_level INTEGER,
    quantity INTEGER,
    pack_name TEXT, pack_size INTEGER,
    hooks TEXT
  )`)
  // The ids of the categories and suppliers the apply creates, by lower-case name (kind 'c' or 's').
  db.exec('CREATE TEMP TABLE IF NOT EXISTS import_names (kind TEXT NOT NULL, key TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID')
}

/** Empties the staging table (after the apply, or when it failed). */
export function clearStaging(db: Db) {
  createStagingTable(db)
  db.exec('DELETE FROM temp.import_rows')
  db.exec('DELETE FROM temp.import_names')
}

/** Writes the plan's rows to be created or updated into the staging table, a few hundred per transaction. */
export async function stageItems(db: Db, p: ItemPlan, slice: Slice) {
  clearStaging(db)
  const insert = db.query(
    `INSERT INTO temp.import_rows (seq, kind, new_no, item_id, name, sku, barcode, old_barcode, category_key, category_id, supplier_key, supplier_id,
       unit, cost_e5, min_stock_level, expiry_date, par_level, quantity, pack_name, pack_size, hooks)
     VALUES ($seq, $kind, $new_no, $item_id, $name, $sku, $barcode, $old_barcode, $category_key, $category_id, $supplier_key, $supplier_id,
       $unit, $cost_e5, $min_stock_level, $expiry_date, $par_level, $quantity, $pack_name, $pack_size, $hooks)`,
  )
  const rows = p.plan.filter((x): x is Exclude<ItemPlan['plan'][number], { kind: 'unchanged' }> => x.kind !== 'unchanged')
  let newNo = 0
  for (let i = 0; i < rows.length; i += STAGE_ROWS_PER_TRANSACTION) {
    db.transaction(() => {
      for (const x of rows.slice(i, i + STAGE_ROWS_PER_TRANSACTION)) {
        const d = x.draft
        // Values kept outside the items row (a column with `write`): only the columns of the file, only changed ones on an update.
        const hookColumns = (x.kind === 'create' ? p.f.present : x.changed).filter((c) => c.write && x.row.values.has(c.field))
        const hooks = hookColumns.length ? JSON.stringify(Object.fromEntries(hookColumns.map((c) => [c.field, x.row.values.get(c.field)]))) : null
        const category = d.category.toLowerCase()
        const supplier = d.supplier.toLowerCase()
        insert.run({
          seq: x.row.row,
          kind: x.kind,
          new_no: x.kind === 'create' ? ++newNo : null,
          item_id: x.kind === 'update' ? x.item.id : null,
          name: d.name,
          sku: d.sku,
          barcode: d.barcode,
          old_barcode: x.kind === 'update' ? x.item.barcode : null,
          category_key: category,
          category_id: p.categories.get(category) ?? null,
          supplier_key: supplier,
          supplier_id: p.suppliers.get(supplier) ?? null,
          unit: d.unit,
          cost_e5: d.cost_e5,
          min_stock_level: d.min_stock_level,
          expiry_date: d.expiry_date,
          par_level: d.par_level,
          quantity: x.kind === 'create' ? x.quantity : x.count,
          pack_name: d.pack?.name ?? null,
          pack_size: d.pack?.size ?? null,
          hooks,
        })
      }
    })()
    const pause = slice()
    if (pause) await pause
  }
}

/** Moves the staged rows into the stock tables: call inside the caller's IMMEDIATE transaction. */
export function applyItems(db: Db, events: StockEvents, p: ItemPlan, userId: number, at: string) {
  const named = db.query('INSERT INTO temp.import_names (kind, key, id) VALUES ($kind, $key, $id)')
  for (const name of p.newCategories) named.run({ kind: 'c', key: name.toLowerCase(), id: upsertCategory(db, null, { name, description: null }, at) })
  for (const name of p.newSuppliers) named.run({ kind: 's', key: name.toLowerCase(), id: upsertSupplier(db, null, { name, contact_person: null, email: null, phone: null, address: null }, at) })
  // A staged row names its category and supplier by id when they existed at the plan, else by the name created above.
  db.exec(`UPDATE temp.import_rows SET
     category_id = coalesce(category_id, (SELECT id FROM temp.import_names WHERE kind = 'c' AND key = category_key)),
     supplier_id = coalesce(supplier_id, (SELECT id FROM temp.import_names WHERE kind = 's' AND key = supplier_key))
   WHERE category_id IS NULL OR supplier_id IS NULL`)
  // Items and their opening stock and counts (stock), then their unit codes (barcodes), from the staged rows.
  // The costs the file changes, as they were: the recipes' cost cache (and any other listener) hears of them below.
  const oldCosts = new Map<number, number>()
  for (const x of p.plan) if (x.kind === 'update' && x.changed.some((c) => c.field === 'cost_price')) oldCosts.set(x.item.id, x.item.cost_e5)
  const { base, opening, counted } = bulkSetItems(db, 'temp.import_rows', at, userId)
  bulkSetUnitCodes(db, 'temp.import_rows', base, at)
  for (const row of db.query(`SELECT item_id, hooks FROM (SELECT ${stagedItemId('$base')} AS item_id, hooks, seq FROM temp.import_rows WHERE hooks IS NOT NULL) ORDER BY seq`).all({ base }) as { item_id: number; hooks: string }[]) {
    for (const [field, value] of Object.entries(JSON.parse(row.hooks) as Record<string, unknown>)) p.f.present.find((c) => c.field === field)!.write!(db, row.item_id, value, at)
  }
  const itemIds = (db.query(`SELECT ${stagedItemId('$base')} AS id FROM temp.import_rows ORDER BY seq`).all({ base }) as { id: number }[]).map((r) => r.id)
  // A new item may already be low; a new minimum, expiry date or count may start or end an alert; a large count is a discrepancy.
  if (oldCosts.size) events.costsChanged(db, { itemIds: [...oldCosts.keys()], oldCosts })
  events.changedMany(db, { itemIds, movements: counted.map((m) => ({ ledger: 'store' as const, ...m })) })
  return { opening, counts: counted.length }
}
