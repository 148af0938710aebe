import type { Db } from '../../db/open'

// An import's plan reads items, categories, suppliers and barcodes in slices, between other requests, outside any
// transaction (a transaction open across an `await` on the one shared connection would take in other requests'
// writes). Its write must therefore know whether anything it read changed meanwhile: temporary triggers (this
// connection only, no migration) count every change to those tables, and the write compares the count with the
// one taken before the plan. Every write of the server goes through this connection, so none is missed.

const WATCHED = ['items', 'categories', 'suppliers', 'item_barcodes'] as const

const ready = new WeakSet<Db>()

function install(db: Db) {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS import_generation (n INTEGER NOT NULL)')
  db.exec('INSERT INTO temp.import_generation (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM temp.import_generation)')
  for (const table of WATCHED)
    for (const event of ['INSERT', 'UPDATE', 'DELETE'])
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS import_generation_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} BEGIN UPDATE temp.import_generation SET n = n + 1; END`)
  ready.add(db)
}

/** How many changes the watched tables have seen since the counting began (it begins at the first call). */
export function generation(db: Db): number {
  if (!ready.has(db)) install(db)
  return (db.query('SELECT n FROM temp.import_generation').get() as { n: number }).n
}
