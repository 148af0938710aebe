import type { Db } from '../../db/open'
import type { Slice } from '../../lib/slices'
import type { StockEvents } from '../stock'
import { insertCategory } from '../categories/repo'
import { insertSupplier } from '../suppliers/repo'
import type { ItemPlan } from './items'

// How a checked item file is written without holding the one JS thread (and SQLite's write lock) for seconds:
// 1. stage: the planned rows go into a TEMP table (this connection's own, invisible to every reader, no fsync) in
//    short transactions, letting other requests in between;
// 2. apply: one short IMMEDIATE transaction moves them into items, item_barcodes and stock_movements with set-based
//    statements (the triggers keep item totals and activity as for single rows), then raises the alerts.
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
    unit TEXT, cost_e5 INTEGER, min_stock_level INTEGER, expiry_date TEXT,
    quantity INTEGER,
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
       unit, cost_e5, min_stock_level, expiry_date, quantity, hooks)
     VALUES ($seq, $kind, $new_no, $item_id, $name, $sku, $barcode, $old_barcode, $category_key, $category_id, $supplier_key, $supplier_id,
       $unit, $cost_e5, $min_stock_level, $expiry_date, $quantity, $hooks)`,
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
          quantity: x.kind === 'create' ? x.quantity : x.count,
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
  for (const name of p.newCategories) named.run({ kind: 'c', key: name.toLowerCase(), id: insertCategory(db, { name, description: null }, at) })
  for (const name of p.newSuppliers) named.run({ kind: 's', key: name.toLowerCase(), id: insertSupplier(db, { name, contact_person: null, email: null, phone: null, address: null }, at) })
  // A staged row names its category and supplier by id when they existed at the plan, else by the name created above.
  db.exec(`UPDATE temp.import_rows SET
     category_id = coalesce(category_id, (SELECT id FROM temp.import_names WHERE kind = 'c' AND key = category_key)),
     supplier_id = coalesce(supplier_id, (SELECT id FROM temp.import_names WHERE kind = 's' AND key = supplier_key))
   WHERE category_id IS NULL OR supplier_id IS NULL`)
  // New items get the ids after the largest one, in the file's order (what one INSERT per row would have given them).
  const base = (db.query('SELECT coalesce(max(id), 0) AS id FROM items').get() as { id: number }).id
  const lastMovement = (db.query('SELECT coalesce(max(id), 0) AS id FROM stock_movements').get() as { id: number }).id
  const params = { base, at, userId }
  db.query(
    `INSERT INTO items (id, name, sku, barcode, category_id, supplier_id, unit, cost_e5, current_quantity, min_stock_level, expiry_date, is_active, created_at, updated_at)
     SELECT $base + new_no, name, sku, barcode, category_id, supplier_id, unit, cost_e5, quantity, min_stock_level, expiry_date, 1, $at, $at
     FROM temp.import_rows WHERE kind = 'create' ORDER BY seq`,
  ).run({ base, at })
  db.query(
    `UPDATE items SET name = r.name, sku = r.sku, barcode = r.barcode, category_id = r.category_id, supplier_id = r.supplier_id, unit = r.unit,
       cost_e5 = r.cost_e5, min_stock_level = r.min_stock_level, expiry_date = r.expiry_date, updated_at = $at
     FROM temp.import_rows r WHERE r.kind = 'update' AND items.id = r.item_id`,
  ).run({ at })
  // The count after the new cost, as the ledger did it row by row (the activity triggers value each step apart).
  db.query(
    `UPDATE items SET current_quantity = current_quantity + r.quantity, updated_at = $at
     FROM temp.import_rows r WHERE r.kind = 'update' AND r.quantity IS NOT NULL AND items.id = r.item_id`,
  ).run({ at })
  // The barcode field is the item's unit code: scans resolve through item_barcodes (issue 23), as setUnitCode keeps it.
  db.query(
    `DELETE FROM item_barcodes WHERE pack_id IS NULL AND EXISTS (SELECT 1 FROM temp.import_rows r
       WHERE r.kind = 'update' AND r.item_id = item_barcodes.item_id AND r.old_barcode = item_barcodes.code AND r.barcode IS NOT r.old_barcode)`,
  ).run()
  db.query(
    `INSERT INTO item_barcodes (item_id, code, pack_id, created_at)
     SELECT CASE kind WHEN 'create' THEN $base + new_no ELSE item_id END, barcode, NULL, $at FROM temp.import_rows
     WHERE barcode IS NOT NULL AND (kind = 'create' OR barcode IS NOT old_barcode) ORDER BY seq
     ON CONFLICT (code) DO UPDATE SET pack_id = NULL WHERE item_id = excluded.item_id`,
  ).run({ base, at })
  // Opening stock (IN, OPENING) for new items, stock counts (signed ADJUSTMENT, COUNT) for existing ones, in the file's order.
  db.query(
    `INSERT INTO stock_movements (item_id, type, quantity, remarks, user_id, source_type, source_id, reference, movement_date, created_at, updated_at)
     SELECT CASE kind WHEN 'create' THEN $base + new_no ELSE item_id END,
       CASE kind WHEN 'create' THEN 'IN' ELSE 'ADJUSTMENT' END, quantity,
       CASE kind WHEN 'create' THEN 'Opening stock' ELSE 'Stock count (CSV import)' END, $userId,
       CASE kind WHEN 'create' THEN 'OPENING' ELSE 'COUNT' END, NULL, NULL, $at, $at, $at
     FROM temp.import_rows WHERE (kind = 'create' AND quantity > 0) OR (kind = 'update' AND quantity IS NOT NULL) ORDER BY seq`,
  ).run(params)
  for (const row of db.query('SELECT item_id, hooks FROM (SELECT CASE kind WHEN \'create\' THEN $base + new_no ELSE item_id END AS item_id, hooks, seq FROM temp.import_rows WHERE hooks IS NOT NULL) ORDER BY seq').all({ base }) as { item_id: number; hooks: string }[]) {
    for (const [field, value] of Object.entries(JSON.parse(row.hooks) as Record<string, unknown>)) p.f.present.find((c) => c.field === field)!.write!(db, row.item_id, value, at)
  }
  const counted = db
    .query(`SELECT id, item_id, type, quantity, source_type, movement_date FROM stock_movements WHERE id > $lastMovement AND source_type = 'COUNT' ORDER BY id`)
    .all({ lastMovement }) as { id: number; item_id: number; type: string; quantity: number; source_type: string; movement_date: string }[]
  const opening = (db.query(`SELECT count(*) AS n FROM stock_movements WHERE id > $lastMovement AND source_type = 'OPENING'`).get({ lastMovement }) as { n: number }).n
  const itemIds = (db.query(`SELECT CASE kind WHEN 'create' THEN $base + new_no ELSE item_id END AS id FROM temp.import_rows ORDER BY seq`).all({ base }) as { id: number }[]).map((r) => r.id)
  // A new item may already be low; a new minimum, expiry date or count may start or end an alert; a large count is a discrepancy.
  events.changedMany(db, { itemIds, movements: counted.map((m) => ({ ledger: 'store' as const, ...m })) })
  return { opening, counts: counted.length }
}
