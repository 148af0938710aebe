// A schema-valid body for every route that takes JSON data (the action routes are in
// contract/actions.ts), and the id fields each one carries, as paths into the body ('lines.0.item_id').
// Refusals are decided by the contract before any row is read, so the ids need not exist.

export interface WriteRoute {
  /** The path with its params filled (ids 1). */
  path?: string
  body: Record<string, unknown>
  /** Id fields of the body, as dotted paths; a path may bring its own base body. */
  ids?: (string | { path: string; body: Record<string, unknown> })[]
}

const user = { name: 'Ada Phiri', email: 'ada@example.com', role_id: 1 }
const item = { name: 'Oil', category_id: 1, supplier_id: 1, unit: 'L', cost_price: 2 }
const orderLine = { item_id: 1, quantity: 1, unit_price: 1 }
const order = { supplier_id: 1, lines: [orderLine] }
const invoice = { invoice_number: 'INV-1', invoice_date: '2026-01-10' }
const countEntry = { id: '0b9f6d3e-6c1a-4f7e-9a51-2f1e8c7d4b10', area_id: 1, item_id: 1, loose: 1, counted_at: '2026-11-27T09:00:00Z' }
const recipe = { name: 'Chips', kind: 'MENU', lines: [{ item_id: 1, quantity: 1, unit: 'kg' }] }

export const WRITE_ROUTES: Record<string, WriteRoute> = {
  'POST /api/auth/login': { body: { email: 'ada@example.com', password: 'secret-123' } },
  'PUT /api/auth/profile': { body: { name: 'Ada Phiri', email: 'ada@example.com' } },
  'PATCH /api/auth/profile/password': { body: { currentPassword: 'secret-123', newPassword: 'secret-456' } },
  'POST /api/auth/users': { body: { ...user, password: 'secret-123' }, ids: ['role_id'] },
  'POST /api/manager/users': { body: { ...user, password: 'secret-123' }, ids: ['role_id'] },
  'PUT /api/manager/users/:id': { body: user, ids: ['role_id'] },
  'PATCH /api/manager/users/:id/password': { body: { newPassword: 'secret-456' } },
  'PATCH /api/manager/users/:id/status': { body: { is_active: true } },
  'POST /api/manager/roles': { body: { role_name: 'Barista' } },
  'PUT /api/manager/roles/:id': { body: { role_name: 'Barista' } },
  'POST /api/password-reset/forgot-password': { body: { email: 'ada@example.com' } },
  'POST /api/password-reset/reset-password': { body: { token: 'abc', newPassword: 'secret-456' } },
  'PUT /api/manager/settings': { body: { expiring_days: 7 } },
  'PUT /api/manager/settings/offsite': { body: { keep: 7 } },

  'POST /api/items': { body: item, ids: ['category_id', 'supplier_id'] },
  'PUT /api/items/:id': { body: { name: 'Oil' }, ids: ['category_id', 'supplier_id', 'order_pack_id'] },
  'PATCH /api/items/:id/quantity': { body: { quantity: 1, remarks: 'Count' } },
  'POST /api/categories': { body: { name: 'Dry goods' } },
  'PUT /api/categories/:id': { body: { name: 'Dry goods' } },
  'POST /api/suppliers': { body: { name: 'Lusaka Wholesale' } },
  'PUT /api/suppliers/:id': { body: { name: 'Lusaka Wholesale' } },
  'POST /api/stock-movements': { body: { item_id: 1, type: 'IN', quantity: 1 }, ids: ['item_id'] },
  'PUT /api/stock-movements/:id': { body: { quantity: 1 }, ids: ['item_id'] },

  'POST /api/kitchen-requests': { body: { item_id: 1, quantity_requested: 1 }, ids: ['item_id'] },
  'POST /api/kitchen-requests/batch': { body: { lines: [{ item_id: 1, quantity_requested: 1 }] }, ids: ['lines.0.item_id'] },
  'PUT /api/kitchen-requests/:id': { body: { remarks: 'More please' }, ids: ['item_id'] },
  'PUT /api/kitchen-inventory/inventory/:item_id/minimum': { body: { min_quantity: 1 } },
  'POST /api/kitchen-inventory/usage': { body: { item_id: 1, quantity: 1 }, ids: ['item_id'] },
  'POST /api/kitchen-inventory/wastage': { body: { item_id: 1, quantity: 1, remarks: 'Spilt' }, ids: ['item_id'] },
  'POST /api/kitchen-inventory/adjustment': { body: { item_id: 1, quantity: 1, remarks: 'Recount' }, ids: ['item_id'] },
  'POST /api/kitchen-inventory/transfer': { body: { item_id: 1, quantity: 1, direction: 'TO_KITCHEN' }, ids: ['item_id'] },

  'POST /api/items/:id/barcodes': { body: { code: 'HOUSE-1' }, ids: ['pack_id'] },
  'POST /api/barcodes/resolve': { body: { raw: 'HOUSE-1' } },
  'POST /api/stock-counts/:id/scans': { body: { area_id: 1, raw: 'HOUSE-1', scan_id: 'phone-1' }, ids: ['area_id'] },

  'POST /api/storage-areas': { body: { name: 'Cellar' } },
  'PUT /api/storage-areas/:id': { body: { name: 'Cellar' } },
  'PUT /api/storage-areas/:id/items': { body: { item_ids: [1] }, ids: ['item_ids.0'] },
  'POST /api/stock-counts': { body: { area_ids: [1], blind: false }, ids: ['area_ids.0'] },
  'PUT /api/stock-counts/:id/lines': {
    body: { area_id: 1, item_id: 1, counted: 1 },
    ids: ['area_id', 'item_id', { path: 'packs.0.pack_id', body: { area_id: 1, item_id: 1, packs: [{ pack_id: 1, quantity: 1 }] } }],
  },

  'POST /api/stock-counts/:id/lines': { body: { area_id: 1, item_id: 1 }, ids: ['area_id', 'item_id'] },
  'POST /api/stock-counts/:id/found': { body: { area_id: 1, name: 'Unlabelled bottle', counted: 1 }, ids: ['area_id'] },
  'POST /api/stock-counts/:id/found/:foundId/resolve': { body: { item_id: 1 }, ids: ['item_id'] },
  'POST /api/stock-counts/:id/entries': {
    body: { device_id: 'phone-1', queued: 0, entries: [countEntry] },
    ids: ['entries.0.area_id', 'entries.0.item_id', { path: 'entries.0.packs.0.pack_id', body: { entries: [{ ...countEntry, packs: [{ pack_id: 1, quantity: 1 }] }] } }],
  },
  'PUT /api/stock-counts/:id/lines/resolve': { body: { area_id: 1, item_id: 1, keep: 'SUM' }, ids: ['area_id', 'item_id'] },

  'POST /api/purchase-orders': { body: order, ids: ['supplier_id', 'lines.0.item_id', 'lines.0.pack_id'] },
  'POST /api/purchase-orders/from-suggestions': { body: { supplier_ids: [1], packs: [{ item_id: 1, packs: 1 }] }, ids: ['supplier_ids.0', 'packs.0.item_id'] },
  'PUT /api/purchase-orders/:id': { body: order, ids: ['supplier_id', 'lines.0.item_id', 'lines.0.pack_id'] },
  'POST /api/purchase-orders/:id/receipts': { body: { ...invoice, lines: [{ line_id: 1, received_quantity: 1, unit_price: 1 }] }, ids: ['lines.0.line_id'] },
  'POST /api/receipts': { body: { ...invoice, supplier_id: 1, lines: [{ item_id: 1, received_quantity: 1, unit_price: 1 }] }, ids: ['supplier_id', 'lines.0.item_id', 'lines.0.pack_id'] },
  'POST /api/receipts/:id/returns': { body: { lines: [{ item_id: 1, quantity: 1, reason: 'Broken' }] }, ids: ['lines.0.item_id'] },
  'PATCH /api/items/bulk': { body: { item_ids: [1], set: { min_stock_level: 1 } }, ids: ['item_ids.0', 'set.category_id', 'set.supplier_id'] },

  'POST /api/recipes': { body: recipe, ids: ['lines.0.item_id', { path: 'lines.0.recipe_id', body: { ...recipe, lines: [{ recipe_id: 1, quantity: 1, unit: 'kg' }] } }] },
  'PUT /api/recipes/:id': { body: { name: 'Chips' }, ids: ['lines.0.item_id'].map((path) => ({ path, body: { lines: recipe.lines } })) },
  'POST /api/recipes/cost-preview': { body: { kind: 'MENU', lines: [] }, ids: ['id', { path: 'lines.0.item_id', body: { kind: 'MENU', lines: recipe.lines } }] },
  'PUT /api/sales/mappings': { body: { code: 'P01', recipe_id: 1 }, ids: ['recipe_id'] },
  'POST /api/sales/mappings/bulk': { body: { codes: ['P01'], recipe_id: 1 }, ids: ['recipe_id'] },
  'PUT /api/sales/:date': { path: '/api/sales/2026-01-10', body: { lines: [{ recipe_id: 1, quantity: 1 }] }, ids: ['lines.0.recipe_id'] },
  'POST /api/reports/generate': { body: { report_type: 'wastage', start_date: '2026-01-01', end_date: '2026-01-31' } },
}

/** The body with `value` at a dotted path ('lines.0.item_id'). */
export function withValueAt(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body)
  const keys = path.split('.')
  let at: any = copy
  for (const [i, key] of keys.entries()) {
    if (i === keys.length - 1) at[key] = value
    else at = at[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {}
  }
  return copy
}
