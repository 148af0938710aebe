import { Elysia } from 'elysia'
import { PeriodQuery, type AvtRow } from '../../contract/recipes'
import { ReportRangeQuery } from '../../contract/reports'
import type { PourCostRow } from '../../contract/bar'
import type { AppDeps } from '../../deps'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { csvStream, type CsvColumn } from '../../lib/csv'

const AVT_COLUMNS: CsvColumn<AvtRow>[] = [
  { header: 'Item', value: (r) => r.item_name },
  { header: 'Unit', value: (r) => r.unit },
  { header: 'Opening', value: (r) => r.opening, kind: 'qty' },
  { header: 'Purchased', value: (r) => r.purchased, kind: 'qty' },
  { header: 'Closing', value: (r) => r.closing, kind: 'qty' },
  { header: 'Actual usage', value: (r) => r.actual_usage, kind: 'qty' },
  { header: 'Theoretical usage', value: (r) => r.theoretical_usage, kind: 'qty' },
  { header: 'Recorded wastage', value: (r) => r.wastage, kind: 'qty' },
  { header: 'Variance', value: (r) => r.variance, kind: 'qty' },
  { header: 'Variance value', value: (r) => r.variance_value, kind: 'money' },
  { header: 'Variance %', value: (r) => r.variance_pct, kind: 'qty' },
  { header: 'Unexplained', value: (r) => r.unexplained, kind: 'qty' },
]

const POUR_COST_COLUMNS: CsvColumn<PourCostRow>[] = [
  { header: 'Drink', value: (r) => r.name },
  { header: 'Category', value: (r) => r.category },
  { header: 'Price', value: (r) => r.price, kind: 'money' },
  { header: 'Cost', value: (r) => r.cost, kind: 'money' },
  { header: 'Pour cost %', value: (r) => r.pour_cost_pct, kind: 'qty' },
  { header: 'Target %', value: (r) => r.target_pct, kind: 'qty' },
  { header: 'Over target', value: (r) => (r.over_target ? 'yes' : 'no') },
  { header: 'Sold', value: (r) => r.sold, kind: 'qty' },
]

/** GET /reports/food-cost and /reports/avt (Manager), and the AvT CSV beside the other downloads. */
export const foodCostRoutes = ({ foodCost }: AppDeps) =>
  new Elysia({ name: 'food-cost-routes', prefix: '/reports' })
    .get('/food-cost', ({ query }) => ok(foodCost.foodCost(parse(PeriodQuery, query))))
    .get('/avt', ({ query }) => ok(foodCost.avt(parse(PeriodQuery, query))))
    .get('/pour-cost', ({ query }) => ok(foodCost.pourCost(parse(ReportRangeQuery, query))))
    .get('/download/pour-cost', ({ query }) => {
      const report = foodCost.pourCost(parse(ReportRangeQuery, query))
      return new Response(csvStream(POUR_COST_COLUMNS, report.rows), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="pour-cost-${report.start_date}-to-${report.end_date}.csv"`,
          'cache-control': 'no-store',
        },
      })
    })
    .get('/download/avt', ({ query }) => {
      const q = parse(PeriodQuery, query)
      const report = foodCost.avt(q)
      return new Response(csvStream(AVT_COLUMNS, report.rows), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="avt-${report.opening_count.day}-to-${report.closing_count.day}.csv"`,
          'cache-control': 'no-store',
        },
      })
    })
