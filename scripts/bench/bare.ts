// The yardstick: a bare bun:sqlite + Elysia handler returning the same 50 item rows as GET /api/items.
//   bun scripts/bench/bare.ts <db path> <port>
import { Database } from 'bun:sqlite'
import { Elysia } from 'elysia'

const [path, port] = process.argv.slice(2)
const db = new Database(path, { readonly: true, strict: true })
const page = db.query(
  `SELECT i.id, i.name, i.barcode, i.category_id, c.name AS category_name, i.supplier_id, s.name AS supplier_name,
     i.unit, i.cost_price, i.current_quantity, i.min_stock_level, i.expiry_date, i.is_active, i.created_at, i.updated_at
   FROM items i JOIN categories c ON c.id = i.category_id JOIN suppliers s ON s.id = i.supplier_id
   WHERE i.is_active = 1 ORDER BY i.name COLLATE NOCASE, i.id LIMIT 50 OFFSET $offset`,
)
new Elysia().get('/items', ({ query }) => ({ data: page.all({ offset: (Number(query.page ?? 1) - 1) * 50 }) })).listen({ port: Number(port), hostname: '127.0.0.1' })
console.log('bare handler ready')
