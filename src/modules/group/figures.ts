import { Database } from 'bun:sqlite'
import { localDate } from '../../contract/dates'
import { GROUP_MSG, type GroupSiteFigures } from '../../contract/group'
import type { PeriodCount } from '../../contract/recipes'
import { MIGRATIONS } from '../../db/migrations'
import type { Db } from '../../db/open'
import type { Clock } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { createFoodCostService } from '../food-cost'
import { createReportService } from '../reports'
import { createSettingsService } from '../settings'

// One site's figures from its copy, each by the site's own report code over its own settings: a figure here is
// the total the site's Reports page shows for the same days. The copy is open read-only: nothing here can write it.

export type SiteReader = ReturnType<typeof openSiteReader>

/** Opens a cached copy read-only, or says why it cannot be read (another RIMS version's schema). */
export function openSiteReader(path: string, clock: Clock) {
  const db: Db = new Database(path, { readonly: true, strict: true })
  const schema = (db.query('PRAGMA user_version').get() as { user_version: number }).user_version
  if (schema !== MIGRATIONS.length) {
    db.close()
    throw new AppError(409, schema < MIGRATIONS.length ? GROUP_MSG.olderCopy(schema, MIGRATIONS.length) : GROUP_MSG.newerCopy(schema, MIGRATIONS.length))
  }
  const settings = createSettingsService(db, clock)
  const deps = { db, clock, settings }
  const reports = createReportService(deps)
  const foodCost = createFoodCostService(deps)

  const approvedCounts = db.query(`SELECT id, started_at, approved_at FROM stock_counts WHERE status = 'APPROVED' AND approved_at IS NOT NULL ORDER BY approved_at, id`)

  /**
   * The counts that bound the period: the newest approved count taken on or before its first day (else the first
   * one taken inside it), and the newest taken on or before its last day, approved after the first.
   */
  function boundingCounts(start: string, end: string): [PeriodCount, PeriodCount] | null {
    const zone = settings.get().time_zone
    const counts = (approvedCounts.all() as { id: number; started_at: string; approved_at: string }[]).map((c) => ({ ...c, day: localDate(new Date(c.started_at), zone) }))
    const opening = counts.filter((c) => c.day <= start).at(-1) ?? counts.find((c) => c.day <= end)
    if (!opening) return null
    const closing = counts.filter((c) => c.day <= end && c.approved_at > opening.approved_at).at(-1)
    return closing ? [opening, closing] : null
  }

  return {
    db,
    currency: () => settings.get().currency,
    timeZone: () => settings.get().time_zone,
    figures(start: string, end: string): GroupSiteFigures {
      const total = (type: 'stock-balance' | 'purchases-by-supplier' | 'wastage', key: string) => reports.view(type, start, end).totals[key] ?? 0
      const counts = boundingCounts(start, end)
      let food: GroupSiteFigures['food_cost'] = null
      let note: string | null = counts ? null : GROUP_MSG.fewCounts
      if (counts) {
        try {
          const r = foodCost.foodCost({ opening_count_id: counts[0].id, closing_count_id: counts[1].id })
          food = {
            opening_count: r.opening_count,
            closing_count: r.closing_count,
            food_sales: r.food_sales,
            cogs: r.cogs,
            theoretical_cost: r.theoretical_cost,
            gap_value: r.gap_value,
            actual_food_cost_pct: r.actual_food_cost_pct,
            theoretical_food_cost_pct: r.theoretical_food_cost_pct,
            gap_pct: r.gap_pct,
            final: r.final,
          }
          note = r.note ?? r.no_sales
        } catch (e) {
          // The site's own report refuses these counts (an empty sales window): its reason, not a failure here.
          if (!(e instanceof AppError)) throw e
          note = e.message
        }
      }
      return {
        stock_value: total('stock-balance', 'closing_value'),
        purchases: total('purchases-by-supplier', 'value'),
        wastage: total('wastage', 'value'),
        food_cost: food,
        food_cost_note: note,
      }
    },
    close: () => db.close(),
  }
}
