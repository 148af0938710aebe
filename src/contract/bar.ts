import * as v from 'valibot'
import { add, cmp, div, exact, hundredths, mul, sub, ZERO, type Exact } from './exact'
import { MAX_AMOUNT } from './fields'
import { MANAGER_ONLY, type Access } from './access-types'
import { unitDef } from './units'

// The bar (issue 35): bottle facts on an item, open bottles counted by weight or by tenths, pours.
//
// Stored exactly, as integers: bottle_ml in hundredths of a ml, tare_g and full_g in hundredths of a gram
// (the quantities' scale, fixed.ts), density_g_ml in thousandths of a g per ml (0.948 → 948: a spirit's
// density needs the third decimal). An item keeps what it was given — its full weight or its density — and
// the other is derived on reading; conversions use the given pair exactly and round once, at the end.

/** Thousandths of a g per ml. */
export const DENSITY_SCALE = 1000

/** Common bottle sizes in ml, to start from. */
export const BOTTLE_SIZES_ML = [200, 350, 375, 500, 700, 750, 1000, 1500] as const

/** Typical liquid densities (g per ml) to start from; a weighed bottle (full and empty) is better. */
export const DENSITIES: readonly { name: string; density_g_ml: number }[] = [
  { name: 'Spirit 37.5% (vodka, gin, rum)', density_g_ml: 0.951 },
  { name: 'Spirit 40% (whisky, gin, vodka)', density_g_ml: 0.948 },
  { name: 'Spirit 43%', density_g_ml: 0.943 },
  { name: 'Spirit 50% (overproof)', density_g_ml: 0.93 },
  { name: 'Wine (12–14%)', density_g_ml: 0.99 },
  { name: 'Fortified wine (port, sherry)', density_g_ml: 1.02 },
  { name: 'Beer', density_g_ml: 1.01 },
  { name: 'Cream liqueur', density_g_ml: 1.07 },
  { name: 'Liqueur (sweet)', density_g_ml: 1.1 },
  { name: 'Syrup (simple 1:1)', density_g_ml: 1.23 },
  { name: 'Syrup (rich 2:1)', density_g_ml: 1.33 },
  { name: 'Water, juice', density_g_ml: 1.0 },
]

/** A liquid denser or lighter than this is a typing mistake (alcohol is 0.79, honey 1.42). */
export const MIN_DENSITY = 0.7
export const MAX_DENSITY = 1.5
/** The most open bottles on one count line. */
export const MAX_OPEN = 50

/** Bottle facts as stored (hundredths; density thousandths). */
export interface StoredBottle {
  bottle_ml: number
  tare_g: number
  full_g: number | null
  density: number | null
}

/** Bottle facts as the API shows them on an item: the derived one of full_g / density_g_ml rounded (2 and 3 decimals). */
export interface BottleFacts {
  bottle_ml: number
  tare_g: number
  full_g: number
  density_g_ml: number
  /** What was given (the other is derived from it). */
  given: 'full_g' | 'density_g_ml'
}

/** Stored columns → the facts to convert with; null when the item has none. */
export const bottleOfColumns = (r: { bottle_ml: number | null; tare_g: number | null; full_g: number | null; bottle_density: number | null }): StoredBottle | null =>
  r.bottle_ml === null || r.tare_g === null ? null : { bottle_ml: r.bottle_ml, tare_g: r.tare_g, full_g: r.full_g, density: r.bottle_density }

/** The facts as shown → the given pair as stored (the client converts with them exactly as the server does). */
export const storedFromFacts = (f: BottleFacts): StoredBottle => ({
  bottle_ml: Math.round(f.bottle_ml * 100),
  tare_g: Math.round(f.tare_g * 100),
  full_g: f.given === 'full_g' ? Math.round(f.full_g * 100) : null,
  density: f.given === 'density_g_ml' ? Math.round(f.density_g_ml * DENSITY_SCALE) : null,
})

const roundTo = (a: Exact, scale: number) => Number((2n * a.n * BigInt(scale) + a.d) / (2n * a.d)) / scale

/** The liquid's grams when full: full − tare, exactly. */
const liquidGrams = (b: StoredBottle): Exact =>
  b.full_g !== null ? hundredths(b.full_g - b.tare_g) : mul(hundredths(b.bottle_ml), exact(b.density!, DENSITY_SCALE))

/** The full weight (g), exactly. */
export const fullWeight = (b: StoredBottle): Exact => add(hundredths(b.tare_g), liquidGrams(b))

export function bottleFacts(b: StoredBottle): BottleFacts {
  const density = b.density !== null ? exact(b.density, DENSITY_SCALE) : div(liquidGrams(b), hundredths(b.bottle_ml))
  return {
    bottle_ml: b.bottle_ml / 100,
    tare_g: b.tare_g / 100,
    full_g: roundTo(fullWeight(b), 100),
    density_g_ml: roundTo(density, DENSITY_SCALE),
    given: b.full_g !== null ? 'full_g' : 'density_g_ml',
  }
}

/** The item's unit has a size in ml: a volume unit, or one bottle for a count unit ("bottle", "each"). Mass units: none. */
export function mlPerUnit(unit: string, bottleMl: number): Exact | null {
  const d = unitDef(unit)
  if (!d) return hundredths(bottleMl)
  if (d.dimension === 'volume') return exact(d.factor)
  if (d.dimension === 'count') return hundredths(bottleMl)
  return null
}

export const BAR_MSG = {
  bottleSaved: 'Bottle facts saved',
  needsPair: 'Bottle facts: give bottle_ml and tare_g with full_g or density_g_ml',
  bothGiven: 'Bottle facts: send full_g or density_g_ml, not both (the other is derived)',
  fullNotAboveTare: (tare: number) => `full_g must be more than the empty bottle (tare_g ${tare} g)`,
  implausibleDensity: (d: number) =>
    `Bottle facts give ${d} g per ml, which no drink weighs (between ${MIN_DENSITY} and ${MAX_DENSITY}): check the bottle size and the two weights`,
  massUnit: (unit: string) => `An item kept in ${unit} cannot have bottle facts: keep it in ml, cl, L or bottles`,
  noBottle: (name: string) => `${name} has no bottle facts: set its bottle size, empty weight and full weight (or density) to count it by weight or by tenths`,
  weightOutside: (w: number, tare: number, full: number) =>
    `open_weights_g: ${w} g is outside this bottle's weights: empty ${tare} g, full ${full} g`,
  tooMuch: 'The counted quantity is too large',
} as const

/**
 * One open bottle's volume in ml, exactly: (weight − tare) ÷ density, capped at the bottle's volume.
 * A weight below the tare or above the full weight is refused, naming both.
 */
export function openMl(b: StoredBottle, weightHundredths: number): { ok: true; ml: Exact } | { ok: false; message: string } {
  const full = fullWeight(b)
  const w = hundredths(weightHundredths)
  if (weightHundredths < b.tare_g || cmp(w, full) > 0) return { ok: false, message: BAR_MSG.weightOutside(weightHundredths / 100, b.tare_g / 100, roundTo(full, 100)) }
  // (w − tare) ÷ ((full − tare) ÷ bottle_ml): the given pair, no rounded density in between.
  const ml = div(mul(sub(w, hundredths(b.tare_g)), hundredths(b.bottle_ml)), liquidGrams(b))
  const cap = hundredths(b.bottle_ml)
  return { ok: true, ml: cmp(ml, cap) > 0 ? cap : ml }
}

/** Open bottles (weights in hundredths of a g, tenths 0–10) → their volume in the item's unit, hundredths, rounded half up once. */
export function openQuantity(
  item: { name: string; unit: string; bottle: StoredBottle | null },
  weights: readonly number[],
  tenths: readonly number[],
): { ok: true; hundredths: number; ml: Exact } | { ok: false; message: string } {
  if (weights.length === 0 && tenths.length === 0) return { ok: true, hundredths: 0, ml: ZERO }
  const b = item.bottle
  if (!b) return { ok: false, message: BAR_MSG.noBottle(item.name) }
  const per = mlPerUnit(item.unit, b.bottle_ml)
  if (!per) return { ok: false, message: BAR_MSG.massUnit(item.unit) }
  let ml = ZERO
  for (const w of weights) {
    const r = openMl(b, w)
    if (!r.ok) return r
    ml = add(ml, r.ml)
  }
  for (const t of tenths) ml = add(ml, mul(hundredths(b.bottle_ml), exact(t, 10)))
  const inUnit = div(ml, per)
  const h = Number((2n * inUnit.n * 100n + inUnit.d) / (2n * inUnit.d))
  if (h > MAX_AMOUNT * 100) return { ok: false, message: BAR_MSG.tooMuch }
  return { ok: true, hundredths: h, ml }
}

/** "1.47 L" from 1470 ml, "350 ml" below a litre: what the sheet and the review show for the open part. */
export function formatMl(ml: number): string {
  if (ml >= 1000) return `${Math.round(ml / 10) / 100} L`
  return `${Math.round(ml * 100) / 100} ml`
}

/**
 * Checks bottle facts about to be stored (hundredths; density thousandths) and the item's unit; null when right.
 */
export function bottleRefusal(b: StoredBottle, unit: string): string | null {
  if (b.full_g !== null && b.density !== null) return BAR_MSG.bothGiven
  if (b.full_g === null && b.density === null) return BAR_MSG.needsPair
  if (b.full_g !== null && b.full_g <= b.tare_g) return BAR_MSG.fullNotAboveTare(b.tare_g / 100)
  const density = b.density !== null ? exact(b.density, DENSITY_SCALE) : div(liquidGrams(b), hundredths(b.bottle_ml))
  if (cmp(density, exact(Math.round(MIN_DENSITY * 1000), 1000)) < 0 || cmp(density, exact(Math.round(MAX_DENSITY * 1000), 1000)) > 0) return BAR_MSG.implausibleDensity(roundTo(density, DENSITY_SCALE))
  if (!mlPerUnit(unit, b.bottle_ml)) return BAR_MSG.massUnit(unit)
  return null
}

// ---------- Input fields ----------

const hasDecimalsAtMost = (places: number) => (n: number) => Number(n.toFixed(places)) === n

const grams = (field: string, min: number) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.finite(`${field} must be a number`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(100_000, `${field} must be at most 100000`),
    v.check(hasDecimalsAtMost(2), `${field} must have at most 2 decimal places`),
  )

/** The bottle fields of POST/PUT /items: bottle_ml null clears the facts. */
export const bottleFields = {
  bottle_ml: v.optional(v.nullable(grams('bottle_ml', 1))),
  tare_g: v.optional(grams('tare_g', 0)),
  full_g: v.optional(v.nullable(grams('full_g', 0.01))),
  density_g_ml: v.optional(
    v.nullable(
      v.pipe(
        v.number('density_g_ml must be a number'),
        v.finite('density_g_ml must be a number'),
        v.minValue(MIN_DENSITY, `density_g_ml must be at least ${MIN_DENSITY}`),
        v.maxValue(MAX_DENSITY, `density_g_ml must be at most ${MAX_DENSITY}`),
        v.check(hasDecimalsAtMost(3), 'density_g_ml must have at most 3 decimal places'),
      ),
    ),
  ),
}

/** Open bottles on a count line: weights in g (2 decimals) and tenths by eye (0–10). */
export const openFields = {
  open_weights_g: v.optional(v.pipe(v.array(grams('open_weights_g', 0), 'open_weights_g must be a list of weights in g'), v.maxLength(MAX_OPEN, `open_weights_g: at most ${MAX_OPEN} open bottles`))),
  open_tenths: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.number('open_tenths must be whole tenths (0–10)'), v.integer('open_tenths must be whole tenths (0–10)'), v.minValue(0, 'open_tenths must be whole tenths (0–10)'), v.maxValue(10, 'open_tenths must be whole tenths (0–10)')),
        'open_tenths must be a list of tenths',
      ),
      v.maxLength(MAX_OPEN, `open_tenths: at most ${MAX_OPEN} open bottles`),
    ),
  ),
}

/** What a count line shows of its open bottles (the latest entry's): weights and tenths as typed, and their volume in ml. */
export interface OpenBottles {
  weights_g: number[]
  tenths: number[]
  /** Their volume, ml to the hundredth. */
  ml: number
}

// ---------- Pours (recipes of drinks) ----------

/** The drink categories with a target pour cost in settings; a MENU recipe in one of them is a drink. */
export const POUR_CATEGORIES = ['spirits', 'wine', 'beer', 'cocktails'] as const
export type PourCategory = (typeof POUR_CATEGORIES)[number]

/** What costing needs of the settings for drinks: ml per oz and per dash, the tax in prices, the targets (hundredths). */
export interface BarSettings {
  oz_ml: Exact
  dash_ml: Exact
  /** Hundredths of a percent. */
  sales_tax: number
  /** Hundredths of a percent, by category. */
  targets: Record<PourCategory, number>
}

const pctHundredths = (n: number) => Math.round(n * 100)

export function barSettings(s: { pour_oz: 'US' | 'IMPERIAL'; dash_ml: number; sales_tax_pct: number } & Record<`pour_target_${PourCategory}_pct`, number>): BarSettings {
  return {
    oz_ml: s.pour_oz === 'IMPERIAL' ? exact(2841, 100) : exact(2957, 100),
    dash_ml: exact(pctHundredths(s.dash_ml), 100),
    sales_tax: pctHundredths(s.sales_tax_pct),
    targets: Object.fromEntries(POUR_CATEGORIES.map((c) => [c, pctHundredths(s[`pour_target_${c}_pct`])])) as Record<PourCategory, number>,
  }
}

/** A recipe's category as a drink category (any case, "Cocktail" too), or null for a dish. */
export function pourCategory(category: string | null): PourCategory | null {
  const c = category?.trim().toLowerCase() ?? ''
  return POUR_CATEGORIES.find((p) => c === p || c + 's' === p) ?? null
}

const POUR_UNITS: Record<string, 'oz' | 'dash'> = { oz: 'oz', 'fl oz': 'oz', 'fl. oz': 'oz', ounce: 'oz', ounces: 'oz', dash: 'dash', dashes: 'dash' }

/** The ml in one of a pour unit (oz, dash), or null for any other unit (ml and cl are in the units table). */
export function pourMl(unit: string, bar: Pick<BarSettings, 'oz_ml' | 'dash_ml'>): Exact | null {
  const u = POUR_UNITS[unit.trim().toLowerCase()]
  return u === 'oz' ? bar.oz_ml : u === 'dash' ? bar.dash_ml : null
}

// ---------- Pour cost report ----------

/** One drink of GET /reports/pour-cost: its price (with tax, as on the menu), cost per drink, pour cost % and target, drinks sold in the range. */
export interface PourCostRow {
  recipe_id: number
  name: string
  category: PourCategory
  price: number | null
  /** Null when not every line can be costed. */
  cost: number | null
  pour_cost_pct: number | null
  target_pct: number
  over_target: boolean
  sold: number
}

/** A category's drinks together, weighted by what was sold: Σ cost × sold ÷ Σ price without tax × sold. */
export interface PourCostCategory {
  category: PourCategory
  target_pct: number
  drinks: number
  sold: number
  /** Σ price without tax × sold. */
  sales: number
  /** Σ cost × sold. */
  cost: number
  pour_cost_pct: number | null
}

export interface PourCostReport {
  start_date: string
  end_date: string
  /** Drinks above their target first (the furthest above first), then by pour cost, highest first. */
  rows: PourCostRow[]
  categories: PourCostCategory[]
}

/**
 * One bottle item's line of the bar variance (issue 35), between two approved counts: what the drinks sold should
 * have used against what went (opening + received − closing; transfers between store and kitchen cancel out).
 */
export interface BarVarianceRow {
  item_id: number
  item_name: string
  theoretical_ml: number
  actual_ml: number
  /** actual − theoretical: above 0 is liquor gone that no sale explains. */
  variance_ml: number
  /** At the closing count's cost. */
  variance_value: number
}

export const barAccess = {
  'GET /api/reports/pour-cost': MANAGER_ONLY,
  'GET /api/reports/download/pour-cost': MANAGER_ONLY,
} as const satisfies Record<string, Access>
