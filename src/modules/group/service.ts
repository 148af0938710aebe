import { addDays, localDate } from '../../contract/dates'
import { exact, hundredths, mul, div, round, sub } from '../../contract/exact'
import { fromCents, toCents } from '../../contract/fixed'
import { GROUP_MSG, STALE_AFTER_HOURS, type GroupSite, type GroupSiteFigures, type GroupSummary, type GroupTotals } from '../../contract/group'
import { DEFAULT_RANGE_DAYS } from '../../contract/reports'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import { createSiteCache, type Bucket, type CachedSite } from './cache'
import { createFiguresPool } from './pool'

export type GroupService = ReturnType<typeof createGroupService>

/** How often the bucket is asked for newer copies, at most (a summary asked later waits for the check). */
export const SYNC_EVERY_MS = 5 * 60_000
/** Figures kept per (copy, period): a copy never changes, so its figures for given days do not either. */
const KEPT_FIGURES = 500

export function createGroupService(o: { dir: string; bucket: Bucket; clock: Clock; logger: Logger; timeZone: () => string; syncEveryMs?: number; workers?: number }) {
  const cache = createSiteCache(o.dir)
  const syncEvery = o.syncEveryMs ?? SYNC_EVERY_MS
  let copies = cache.cached()
  /** Sites the bucket lists (the cached ones until it first answers), and each site's last download failure. */
  let listed: string[] = [...copies.keys()].sort()
  const downloadErrors = new Map<string, string>()
  const pool = createFiguresPool(o.workers)
  const kept = new Map<string, GroupSiteFigures>()
  let bucketCheckedAt: string | null = null
  let bucketError: string | null = null
  let lastSyncMs = -Infinity
  let running: Promise<void> | null = null

  /** A new copy: the old one's figures go (its worker reopens the file when it sees the new snapshot key). */
  const forget = (id: string) => {
    for (const key of kept.keys()) if (key.startsWith(`${id}|`)) kept.delete(key)
  }
  /** Each site's currency and zone as its copy holds them, learnt with its first figures. */
  const siteSettings = new Map<string, { currency: string; timeZone: string }>()

  async function syncNow() {
    const at = o.clock().toISOString()
    try {
      const sites = await o.bucket.listSites()
      for (const site of sites) {
        try {
          if (await cache.refresh(o.bucket, site, copies.get(site.site_id), at)) {
            forget(site.site_id)
            o.logger.info('Group: new copy of a site', { site_id: site.site_id, snapshot: site.snapshot_key })
          }
          downloadErrors.delete(site.site_id)
        } catch (e) {
          // One line on the site's card; the old copy, if any, stays in use.
          const reason = (e as Error).message.split('\n')[0]
          downloadErrors.set(site.site_id, reason)
          o.logger.warn('Group: a site copy could not be downloaded', { site_id: site.site_id, error: reason })
        }
      }
      copies = cache.cached()
      listed = sites.map((s) => s.site_id).sort()
      bucketCheckedAt = at
      bucketError = null
    } catch (e) {
      bucketError = (e as Error).message
      o.logger.warn('Group: the bucket could not be read; the cached copies are shown', { error: bucketError })
    }
    lastSyncMs = o.clock().getTime()
  }

  /** One check of the bucket at a time; a summary waits for it when the last one is older than syncEvery. */
  function sync(): Promise<void> {
    return (running ??= syncNow().finally(() => (running = null)))
  }

  async function siteOf(id: string, copy: CachedSite | undefined, start: string, end: string, now: Date): Promise<GroupSite> {
    const lastAt = copy?.site.last_success_at ?? null
    const age = lastAt ? Math.floor((now.getTime() - Date.parse(lastAt)) / 1000) : null
    const base = {
      site_id: id,
      site_name: copy?.site.site_name ?? id,
      generation: copy?.site.generation ?? 0,
      last_success_at: lastAt,
      snapshot_at: copy?.manifest.created_at ?? null,
      age_seconds: age,
      stale: age === null || age > STALE_AFTER_HOURS * 3600,
      currency: null,
      time_zone: null,
      figures: null,
    }
    if (!copy) return { ...base, error: downloadErrors.get(id) ?? GROUP_MSG.unreadable('not downloaded yet') }
    const version = copy.site.snapshot_key
    const key = `${id}|${version}|${start}|${end}`
    let figures = kept.get(key)
    if (!figures) {
      const r = await pool.run({ siteId: id, path: cache.dbPath(id), version, start, end })
      if (!r.ok) {
        if (r.unreadable) o.logger.error('Group: a site copy could not be read', { site_id: id, error: r.error })
        return { ...base, error: r.unreadable ? GROUP_MSG.unreadable(r.error) : r.error }
      }
      figures = r.figures
      siteSettings.set(id, { currency: r.currency, timeZone: r.timeZone })
      if (kept.size >= KEPT_FIGURES) kept.delete(kept.keys().next().value!)
      kept.set(key, figures)
    }
    const own = siteSettings.get(id)
    return { ...base, currency: own?.currency ?? null, time_zone: own?.timeZone ?? null, figures, error: downloadErrors.get(id) ?? null }
  }

  return {
    sync,
    /** The sites' currency when every copy read so far keeps the same one (the page formats money in it), else null. */
    currency(): string | null {
      const found = new Set(listed.flatMap((id) => (siteSettings.has(id) ? [siteSettings.get(id)!.currency] : [])))
      return found.size === 1 ? [...found][0] : null
    },
    /** Every site's figures for the days (both or neither: then the last 30 days to today, as the reports do). */
    async summary(startDate?: string, endDate?: string): Promise<GroupSummary> {
      if (o.clock().getTime() - lastSyncMs >= syncEvery) await sync()
      const now = o.clock()
      const today = localDate(now, o.timeZone())
      const start = startDate ?? addDays(today, -DEFAULT_RANGE_DAYS)
      const end = endDate ?? today
      const sites = await Promise.all(listed.map((id) => siteOf(id, copies.get(id), start, end, now)))
      const currencies = new Set(sites.filter((s) => s.figures).map((s) => s.currency))
      const currency = currencies.size === 1 ? [...currencies][0] : null
      return {
        start_date: start,
        end_date: end,
        checked_at: now.toISOString(),
        bucket_checked_at: bucketCheckedAt,
        bucket_error: bucketError,
        sites,
        totals: currencies.size > 1 ? null : totalsOf(sites),
        currency,
      }
    },
    close: () => pool.close(),
  }
}

/** The sums of the sites' figures (in cents, as each report rounds them); the percentages of the summed amounts. */
function totalsOf(sites: GroupSite[]): GroupTotals {
  const withFigures = sites.flatMap((s) => (s.figures ? [s.figures] : []))
  const food = withFigures.flatMap((f) => (f.food_cost ? [f.food_cost] : []))
  const sum = (xs: number[]) => fromCents(xs.reduce((a, x) => a + toCents(x), 0))
  const foodSales = sum(food.map((f) => f.food_sales))
  const cogs = sum(food.map((f) => f.cogs))
  const theoretical = sum(food.map((f) => f.theoretical_cost))
  // As the food cost report divides: exact, rounded once at the end, none when nothing was sold.
  const pct = (x: number) => (foodSales > 0 ? mul(div(hundredths(toCents(x)), hundredths(toCents(foodSales))), exact(100)) : null)
  const actual = pct(cogs)
  const theory = pct(theoretical)
  return {
    sites: withFigures.length,
    stock_value: sum(withFigures.map((f) => f.stock_value)),
    purchases: sum(withFigures.map((f) => f.purchases)),
    wastage: sum(withFigures.map((f) => f.wastage)),
    food_cost_sites: food.length,
    food_sales: foodSales,
    cogs,
    theoretical_cost: theoretical,
    gap_value: sum(food.map((f) => f.gap_value)),
    actual_food_cost_pct: actual && round(actual),
    theoretical_food_cost_pct: theory && round(theory),
    gap_pct: actual && theory ? round(sub(actual, theory)) : null,
  }
}
