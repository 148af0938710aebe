// The yardstick: a bare bun:sqlite + Elysia handler returning the same 50 item rows as GET /api/items:
// the same columns (the item row grew with packs, sku, par level, recipe fields, last verified) and each
// item's packs, with the same joins; no sign-in, validation, derived fields or envelope.
//   bun scripts/bench/bare.ts <db path> <port>
import { Database } from 'bun:sqlite'
import { Elysia } from 'elysia'

const [path, port] = process.argv.slice(2)
const db = new Database(path, { readonly: true, strict: true })
const page = db.query(
  `SELECT i.id, i.name, i.sku, i.barcode, i.category_id, c.name AS category_name, i.supplier_id, s.name AS supplier_name,
     i.unit, i.cost_e5 / 100000.0 AS cost_price, i.current_quantity, i.min_stock_level, i.expiry_date, i.is_active, i.created_at, i.updated_at, i.last_verified_at,
     i.density, i.each_weight, i.yield_pct, i.par_level, i.order_pack_id, i.supplier_code
   FROM items i JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id
   WHERE i.is_active = 1 ORDER BY i.name COLLATE NOCASE, i.id LIMIT 50 OFFSET $offset`,
)
const packs = db.query('SELECT id, item_id, name, size FROM item_packs WHERE item_id IN (SELECT value FROM json_each($ids)) ORDER BY item_id, position')
const withPacks = (rows: { id: number }[]) => {
  const byItem = new Map<number, unknown[]>()
  for (const p of packs.all({ ids: JSON.stringify(rows.map((r) => r.id)) }) as { item_id: number }[]) byItem.set(p.item_id, [...(byItem.get(p.item_id) ?? []), p])
  return rows.map((r) => ({ ...r, packs: byItem.get(r.id) ?? [] }))
}
new Elysia().get('/items', ({ query }) => ({ data: withPacks(page.all({ offset: (Number(query.page ?? 1) - 1) * 50 }) as { id: number }[]) })).listen({ port: Number(port), hostname: '127.0.0.1' })
console.log('bare handler ready')
