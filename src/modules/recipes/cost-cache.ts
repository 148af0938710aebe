import type { Db } from '../../db/open'
import { COST_ITEM_COLUMNS } from './repo'

// Cost figures kept between requests (issue 31): a plate cost reads recipes, their lines, the items' costing
// columns and their packs, which change far less often than the cost page and menu costing are opened.
// Temporary triggers (this connection only, no migration, as the import's generation.ts) count every change to
// what costing reads, whoever writes it: a receipt at a new price, a cost edit, an import, a recipe edit or
// delete. PRAGMA data_version moves when another connection on the file commits (the CLI). Either moving drops
// every kept figure: one count for everything is enough, as a kept figure costs nothing to read and a fresh one
// is what an uncached read cost before.

const ready = new WeakSet<Db>()

function install(db: Db) {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS cost_generation (n INTEGER NOT NULL)')
  db.exec('INSERT INTO temp.cost_generation (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM temp.cost_generation)')
  const bump = 'BEGIN UPDATE temp.cost_generation SET n = n + 1; END'
  for (const table of ['recipes', 'recipe_lines', 'item_packs'])
    for (const event of ['INSERT', 'UPDATE', 'DELETE'])
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS cost_generation_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table} ${bump}`)
  // Items change on every stock movement (their quantity): only a change of a column costing reads counts.
  const changed = COST_ITEM_COLUMNS.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')
  db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS cost_generation_items_update AFTER UPDATE ON main.items WHEN ${changed} ${bump}`)
  db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS cost_generation_items_delete AFTER DELETE ON main.items ${bump}`)
  ready.add(db)
}

/** A keeper of computed cost figures, valid while nothing costing reads has changed and the settings it reads (`target`: their stamp) are the same. */
export function createCostCache(db: Db, target: () => number | string) {
  if (!ready.has(db)) install(db)
  const version = db.query('SELECT (SELECT n FROM temp.cost_generation) AS n, data_version AS v FROM pragma_data_version()')
  const kept = new Map<string, unknown>()
  let stamp = ''
  /**
   * compute's answer under key, kept until a change and shared by every caller (never change it). Inside a
   * transaction it is computed and not kept: the transaction may roll back.
   */
  return function cached<T>(key: string, compute: () => T): T {
    if (db.inTransaction) return compute()
    // Read before computing: a commit by another connection in between only drops the figure on the next read.
    const r = version.get() as { n: number; v: number }
    const now = `${r.n}:${r.v}:${target()}`
    if (now !== stamp) {
      kept.clear()
      stamp = now
    }
    if (kept.has(key)) return kept.get(key) as T
    const value = compute()
    kept.set(key, value)
    return value
  }
}
