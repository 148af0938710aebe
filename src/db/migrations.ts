import m0001 from '../../migrations/0001_init.sql' with { type: 'text' }
import m0002 from '../../migrations/0002_stock.sql' with { type: 'text' }
import m0003 from '../../migrations/0003_kitchen.sql' with { type: 'text' }
import m0004 from '../../migrations/0004_alerts_reports.sql' with { type: 'text' }
import m0005 from '../../migrations/0005_dashboard_low_stock.sql' with { type: 'text' }
import m0006 from '../../migrations/0006_auth_hardening.sql' with { type: 'text' }
import m0007 from '../../migrations/0007_movement_history.sql' with { type: 'text' }
import m0008 from '../../migrations/0008_item_packs.sql' with { type: 'text' }
import m0009 from '../../migrations/0009_stocktake.sql' with { type: 'text' }
import m0010 from '../../migrations/0010_purchasing.sql' with { type: 'text' }
import m0011 from '../../migrations/0011_item_sku.sql' with { type: 'text' }
import m0012 from '../../migrations/0012_recipes.sql' with { type: 'text' }
import m0013 from '../../migrations/0013_barcodes.sql' with { type: 'text' }
import m0014 from '../../migrations/0014_kitchen_minimums.sql' with { type: 'text' }
import m0015 from '../../migrations/0015_exact_costs.sql' with { type: 'text' }
import m0016 from '../../migrations/0016_unchecked_barcodes.sql' with { type: 'text' }
import m0017 from '../../migrations/0017_ledger_source_lines.sql' with { type: 'text' }
import m0018 from '../../migrations/0018_purchasing_price_basis.sql' with { type: 'text' }
import m0019 from '../../migrations/0019_sales_till.sql' with { type: 'text' }
import m0020 from '../../migrations/0020_count_found_lines.sql' with { type: 'text' }
import m0021 from '../../migrations/0021_count_entries.sql' with { type: 'text' }
import m0022 from '../../migrations/0022_invoices.sql' with { type: 'text' }
import m0023 from '../../migrations/0023_bar.sql' with { type: 'text' }
import m0024 from '../../migrations/0024_invoice_ocr.sql' with { type: 'text' }

// In order; a landed migration is never edited. A new one is appended here.
export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  { name: '0001_init', sql: m0001 },
  { name: '0002_stock', sql: m0002 },
  { name: '0003_kitchen', sql: m0003 },
  { name: '0004_alerts_reports', sql: m0004 },
  { name: '0005_dashboard_low_stock', sql: m0005 },
  { name: '0006_auth_hardening', sql: m0006 },
  { name: '0007_movement_history', sql: m0007 },
  { name: '0008_item_packs', sql: m0008 },
  { name: '0009_stocktake', sql: m0009 },
  { name: '0010_purchasing', sql: m0010 },
  { name: '0011_item_sku', sql: m0011 },
  { name: '0012_recipes', sql: m0012 },
  { name: '0013_barcodes', sql: m0013 },
  { name: '0014_kitchen_minimums', sql: m0014 },
  { name: '0015_exact_costs', sql: m0015 },
  { name: '0016_unchecked_barcodes', sql: m0016 },
  { name: '0017_ledger_source_lines', sql: m0017 },
  { name: '0018_purchasing_price_basis', sql: m0018 },
  { name: '0019_sales_till', sql: m0019 },
  { name: '0020_count_found_lines', sql: m0020 },
  { name: '0021_count_entries', sql: m0021 },
  { name: '0022_invoices', sql: m0022 },
  { name: '0023_bar', sql: m0023 },
  { name: '0024_invoice_ocr', sql: m0024 },
]
