/**
 * Which module writes each table: the only area whose code may INSERT, UPDATE or DELETE it. Everyone else asks
 * the owner through its index.ts. A new table gets its line here (the architecture test fails until it has one).
 */
export const TABLE_OWNERS: Record<string, string> = {
  users: 'modules/users',
  login_throttle: 'modules/auth',
  password_reset_tokens: 'modules/password-reset',
  roles: 'modules/roles',
  settings: 'modules/settings',
  audit_log: 'modules/audit',
  idempotency_keys: 'db',

  items: 'modules/stock',
  item_packs: 'modules/stock',
  item_cost_history: 'modules/stock',
  stock_movements: 'modules/stock',
  stock_movement_history: 'modules/stock',
  categories: 'modules/categories',
  suppliers: 'modules/suppliers',
  item_barcodes: 'modules/barcodes',
  stock_count_scans: 'modules/barcodes',

  kitchen_stock: 'modules/kitchen-inventory',
  kitchen_movements: 'modules/kitchen-inventory',
  kitchen_requests: 'modules/kitchen-requests',
  kitchen_request_days: 'modules/kitchen-requests',

  storage_areas: 'modules/counts',
  storage_area_items: 'modules/counts',
  stock_counts: 'modules/counts',
  stock_count_areas: 'modules/counts',
  stock_count_items: 'modules/counts',
  stock_count_lines: 'modules/counts',
  stock_count_found: 'modules/counts',
  stock_count_entries: 'modules/counts',
  stock_count_devices: 'modules/counts',

  purchase_orders: 'modules/purchasing',
  purchase_order_lines: 'modules/purchasing',
  receipts: 'modules/purchasing',
  receipt_lines: 'modules/purchasing',
  receipt_returns: 'modules/purchasing',
  item_prices: 'modules/purchasing',

  invoice_drafts: 'modules/invoices',
  invoice_files: 'modules/invoices',
  invoice_draft_lines: 'modules/invoices',
  supplier_item_aliases: 'modules/invoices',
  supplier_invoice_layouts: 'modules/invoices',

  recipes: 'modules/recipes',
  recipe_lines: 'modules/recipes',
  sales_lines: 'modules/sales',
  sales_mappings: 'modules/sales',

  alerts: 'modules/alerts',
  activity_buckets: 'modules/dashboard',
  report_runs: 'modules/reports',
  // Counters kept by triggers (migrations), never written from code: the owner is the module they count for.
  item_totals: 'modules/stock',
  stock_movement_counts: 'modules/stock',
  kitchen_request_counts: 'modules/kitchen-requests',
  kitchen_movement_totals: 'modules/kitchen-inventory',
  kitchen_movement_days: 'modules/kitchen-inventory',
  // The import's own scratch tables (temp, one import at a time).
  import_rows: 'modules/imports',
  import_names: 'modules/imports',
  import_generation: 'modules/imports',
  // Costing's count of changes under its kept figures (temp, bumped by this connection's triggers).
  cost_generation: 'modules/recipes',
}
