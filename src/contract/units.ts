import { div, exact, hundredths, mul, type Exact } from './exact'

// The fixed units table (issue 22): mass in g, volume in ml, count in each. Any other unit text
// ("bunch", "tray") is a count unit of its own; an item's packs are units of that item too.

export type Dimension = 'mass' | 'volume' | 'count'

interface UnitDef {
  symbol: string
  dimension: Dimension
  /** How many g, ml or each one of it is. */
  factor: number
}

const def = (symbol: string, dimension: Dimension, factor: number, aliases: string[] = []) => [symbol, ...aliases].map((a) => [a.toLowerCase(), { symbol, dimension, factor }] as const)

export const UNITS: ReadonlyMap<string, UnitDef> = new Map([
  ...def('g', 'mass', 1),
  ...def('kg', 'mass', 1000),
  ...def('ml', 'volume', 1),
  ...def('cl', 'volume', 10),
  ...def('L', 'volume', 1000, ['l', 'ltr']),
  ...def('tsp', 'volume', 5),
  ...def('tbsp', 'volume', 15),
  ...def('each', 'count', 1, ['pcs', 'pc', 'piece', 'unit', 'ea']),
])

/** The symbols offered in pickers, one per unit. */
export const UNIT_SYMBOLS = ['g', 'kg', 'ml', 'cl', 'L', 'tsp', 'tbsp', 'each'] as const

const key = (unit: string) => unit.trim().toLowerCase()

/** A unit of the table (case-insensitive, aliases included), or null for a count unit of its own. */
export const unitDef = (unit: string): UnitDef | null => UNITS.get(key(unit)) ?? null

/** Whether two unit texts name the same unit ('L' and 'ltr'; 'Bunch' and 'bunch'). */
export const sameUnit = (a: string, b: string) => {
  const da = unitDef(a)
  const db = unitDef(b)
  return da && db ? da.symbol === db.symbol : !da && !db && key(a) === key(b)
}

/** What an item brings to a conversion: its stock unit, packs, and the bridges between dimensions (hundredths). */
export interface ConvertibleItem {
  name: string
  unit: string
  /** g per ml, hundredths (0.91 → 91); null when not set. */
  density: number | null
  /** g per each (or per one of the item's own count unit), hundredths; null when not set. */
  each_weight: number | null
  /** Packs as units: size in the item's stock unit, hundredths. */
  packs?: readonly { name: string; size: number }[]
}

export type Conversion = { ok: true; factor: Exact } | { ok: false; reason: string }

/** The dimension and size of a unit in this item's world: a table unit, the item's own count unit, or nothing known. */
function measure(unit: string, item: ConvertibleItem): { dimension: Dimension; factor: Exact } | null {
  const d = unitDef(unit)
  if (d) return { dimension: d.dimension, factor: exact(d.factor) }
  // A count unit of its own ("bunch") exists only for an item kept in it: one of it is that item's "each".
  if (!unitDef(item.unit) && key(unit) === key(item.unit)) return { dimension: 'count', factor: exact(1) }
  return null
}

/**
 * How many of the item's stock unit one `unit` is. Same dimension: the table's ratio. Mass and
 * volume meet through density; count and mass (or volume) through each_weight. A pack is its size.
 * Anything else is refused with the reason, never guessed.
 */
export function toStockUnit(unit: string, item: ConvertibleItem): Conversion {
  if (sameUnit(unit, item.unit)) return { ok: true, factor: exact(1) }
  const pack = unitDef(unit) ? undefined : item.packs?.find((p) => key(p.name) === key(unit))
  if (pack) return { ok: true, factor: hundredths(pack.size) }
  const from = measure(unit, item)
  const to = measure(item.unit, item)
  if (!from) return { ok: false, reason: `${unit} is not a unit of ${item.name} (kept in ${item.unit})` }
  if (!to) return { ok: false, reason: `${item.name} is kept in ${item.unit}, which has no size in ${unit}` }
  // The amount in the source dimension's base (g, ml, each) per one `unit`, carried over to the target dimension.
  let amount = from.factor
  if (from.dimension !== to.dimension) {
    const bridged = bridge(amount, from.dimension, to.dimension, item, unit)
    if (!bridged.ok) return bridged
    amount = bridged.factor
  }
  return { ok: true, factor: div(amount, to.factor) }
}

const needs = (item: ConvertibleItem, from: string, to: string, what: string): Conversion => ({
  ok: false,
  reason: `Cannot convert ${from} to ${to} for ${item.name}: set its ${what}`,
})

function bridge(amount: Exact, from: Dimension, to: Dimension, item: ConvertibleItem, unit: string): Conversion {
  const density = item.density ? hundredths(item.density) : null
  const eachWeight = item.each_weight ? hundredths(item.each_weight) : null
  // Everything goes through grams.
  let grams: Exact
  if (from === 'mass') grams = amount
  else if (from === 'volume') {
    if (!density) return needs(item, unit, item.unit, 'density (g per ml)')
    grams = mul(amount, density)
  } else {
    if (!eachWeight) return needs(item, unit, item.unit, 'weight per each (g)')
    grams = mul(amount, eachWeight)
  }
  if (to === 'mass') return { ok: true, factor: grams }
  if (to === 'volume') return density ? { ok: true, factor: div(grams, density) } : needs(item, unit, item.unit, 'density (g per ml)')
  return eachWeight ? { ok: true, factor: div(grams, eachWeight) } : needs(item, unit, item.unit, 'weight per each (g)')
}

/** How many of a sub-recipe's yield unit one `unit` is: the same dimension only (a batch has no density). */
export function toYieldUnit(unit: string, recipe: { name: string; yield_unit: string }): Conversion {
  if (sameUnit(unit, recipe.yield_unit)) return { ok: true, factor: exact(1) }
  const from = unitDef(unit)
  const to = unitDef(recipe.yield_unit)
  if (from && to && from.dimension === to.dimension) return { ok: true, factor: exact(from.factor, to.factor) }
  return { ok: false, reason: `Cannot convert ${unit} to ${recipe.yield_unit} for ${recipe.name}: use its yield unit or one of the same kind` }
}
