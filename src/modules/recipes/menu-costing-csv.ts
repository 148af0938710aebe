import type { MenuCostingRow } from '../../contract/recipes'
import { localDate } from '../../contract/dates'
import { csvStream, type CsvColumn } from '../../lib/csv'

const COLUMNS: CsvColumn<MenuCostingRow>[] = [
  { header: 'Dish', value: (r) => r.name },
  { header: 'Category', value: (r) => r.category },
  { header: 'Sales code', value: (r) => r.sales_code },
  { header: 'Plate cost', value: (r) => r.plate_cost, kind: 'money' },
  { header: 'Menu price', value: (r) => r.menu_price, kind: 'money' },
  { header: 'Food cost %', value: (r) => r.food_cost_pct, kind: 'money' },
  { header: 'Target %', value: (r) => r.target_food_cost_pct, kind: 'money' },
  { header: 'Over target', value: (r) => (r.over_target ? 'yes' : 'no') },
  { header: 'Suggested price', value: (r) => r.suggested_price, kind: 'money' },
  { header: 'Not costed because', value: (r) => r.reason },
]

/** The menu costing table as a CSV download (the reports' file conventions: BOM, quoted, formulas neutralised). */
export function menuCostingCsv(rows: MenuCostingRow[], now: Date, zone: string) {
  return new Response(csvStream(COLUMNS, rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="menu-costing-${localDate(now, zone)}.csv"`,
      'cache-control': 'no-store',
    },
  })
}
