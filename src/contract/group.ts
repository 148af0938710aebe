import { MANAGER_ONLY, type Access } from './access-types'
import type { PeriodCount } from './recipes'

// The group view (issue 36, item 4): one page over several restaurants, read from their off-site copies.

/** A site whose last good copy is older than this is flagged (the publisher's own alert fires at the same age). */
export const STALE_AFTER_HOURS = 26

/** Food cost and actual vs theoretical of one site, from its own food cost report between two approved counts. */
export interface GroupFoodCost {
  opening_count: PeriodCount
  closing_count: PeriodCount
  food_sales: number
  /** Actual cost of goods: opening + purchases − closing. */
  cogs: number
  theoretical_cost: number
  /** cogs − theoretical cost. */
  gap_value: number
  actual_food_cost_pct: number | null
  theoretical_food_cost_pct: number | null
  gap_pct: number | null
  /** False while sales rows of the window are unmapped (the site's report says the same). */
  final: boolean
}

/** One site's figures for the period, each the total of the site's own report over the same days. */
export interface GroupSiteFigures {
  /** Stock balance report: closing value at the period's end (main store, at cost). */
  stock_value: number
  /** Purchases by supplier report: received value over the invoice dates of the period. */
  purchases: number
  /** Wastage report: recorded wastage value in the period. */
  wastage: number
  /** The food cost report between the counts that bound the period, or null (food_cost_note says why). */
  food_cost: GroupFoodCost | null
  food_cost_note: string | null
}

export interface GroupSite {
  site_id: string
  site_name: string
  generation: number
  /** When the site last published a good copy (snapshot or ledger rows), ISO-8601 UTC. */
  last_success_at: string | null
  /** When the snapshot these figures come from was taken. */
  snapshot_at: string | null
  /** Seconds from last_success_at to checked_at. */
  age_seconds: number | null
  stale: boolean
  /** The site's own settings, as its copy holds them: dates are its calendar days, money its currency. */
  currency: string | null
  time_zone: string | null
  figures: GroupSiteFigures | null
  /** Why the site has no figures (its copy cannot be read, or is from another RIMS version). */
  error: string | null
}

/** The sites' figures added up; the food cost amounts over the sites with a food cost period only, the % from the sums. */
export interface GroupTotals extends Pick<GroupSiteFigures, 'stock_value' | 'purchases' | 'wastage'>, Omit<GroupFoodCost, 'opening_count' | 'closing_count' | 'final'> {
  /** Sites whose figures are in the totals. */
  sites: number
  /** Sites with a food cost period, whose food cost amounts are added. */
  food_cost_sites: number
}

/** GET /api/group/summary → data. */
export interface GroupSummary {
  start_date: string
  end_date: string
  checked_at: string
  /** The last time the bucket answered, and why the last try failed (the cached copies are shown meanwhile). */
  bucket_checked_at: string | null
  bucket_error: string | null
  sites: GroupSite[]
  /** null when the sites keep their money in different currencies: their amounts are not added. */
  totals: GroupTotals | null
  currency: string | null
}

/** "last copy 3 days ago": the age of a site's last good copy in the largest whole unit. */
export function copyAge(seconds: number | null): string {
  if (seconds === null) return 'no copy yet'
  const s = Math.max(0, seconds)
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`
  if (s < 60) return 'just now'
  if (s < 3600) return unit(Math.floor(s / 60), 'minute')
  if (s < 86_400) return unit(Math.floor(s / 3600), 'hour')
  return unit(Math.floor(s / 86_400), 'day')
}

export const GROUP_MSG = {
  noSites: 'No site has published a copy to this bucket yet',
  fewCounts: 'Needs two approved counts around the period',
  olderCopy: (copy: number, known: number) => `This copy is from an older RIMS (schema ${copy}; this group view reads ${known}): update RIMS on the site`,
  newerCopy: (copy: number, known: number) => `This copy is from a newer RIMS (schema ${copy}; this group view reads ${known}): update this group view`,
  unreadable: (reason: string) => `The copy could not be read: ${reason}`,
  mixedCurrencies: 'The sites keep different currencies: their amounts are not added',
} as const

/**
 * The group server's whole route table: its sign-in, the summary and the page. Every other route of a site's
 * server is refused here: the group holds no site's database for writing and serves none of their API.
 */
export const GROUP_ACCESS = {
  'POST /api/auth/login': 'public',
  'GET /api/auth/profile': 'signed-in',
  'GET /api/settings/display': 'public',
  'GET /api/health': 'public',
  'GET /api/group/summary': MANAGER_ONLY,
  'GET /*': 'public',
} as const satisfies Record<string, Access>
