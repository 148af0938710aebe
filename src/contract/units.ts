import { div, exact, hundredths, mul, type Exact } from './exact'

// The fixed units table (issue 22): mass in g, volume in ml, count in each. It reads units as people
// write them (issue 32): any case, plurals and spellings ("liters", "Litre", "ltr", "kgs", "pcs", "gramme").
// Any other unit text ("bunch", "tray") is a count unit of its own, its singular and plural the same unit
// ("trays" is "tray"); an item's packs are units of that item too. A size ("750ml", "0,75 L") is not a
// unit: parseSize reads it as an amount of a table unit (the import makes it a pack, docs/import.md).

export type Dimension = 'mass' | 'volume' | 'count'

interface UnitDef {
  symbol: string
  dimension: Dimension
  /** How many g, ml or each one of it is. */
  factor: number
}

const def = (symbol: string, dimension: Dimension, factor: number, aliases: string[] = []) => [symbol, ...aliases].map((a) => [a.toLowerCase(), { symbol, dimension, factor }] as const)

export const UNITS: ReadonlyMap<string, UnitDef> = new Map([
  ...def('g', 'mass', 1, ['gr', 'grs', 'gram', 'grams', 'gramme', 'grammes']),
  ...def('kg', 'mass', 1000, ['kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes']),
  ...def('ml', 'volume', 1, ['mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres']),
  ...def('cl', 'volume', 10, ['cls', 'centiliter', 'centiliters', 'centilitre', 'centilitres']),
  ...def('L', 'volume', 1000, ['l', 'ltr', 'ltrs', 'liter', 'liters', 'litre', 'litres']),
  ...def('tsp', 'volume', 5, ['tsps', 'teaspoon', 'teaspoons']),
  ...def('tbsp', 'volume', 15, ['tbsps', 'tablespoon', 'tablespoons']),
  ...def('each', 'count', 1, ['pcs', 'pc', 'piece', 'pieces', 'unit', 'units', 'ea']),
])

/** The symbols offered in pickers, one per unit. */
export const UNIT_SYMBOLS = ['g', 'kg', 'ml', 'cl', 'L', 'tsp', 'tbsp', 'each'] as const

const key = (unit: string) => unit.trim().toLowerCase()

/** A unit of the table (case-insensitive, aliases included), or null for a count unit of its own. */
export const unitDef = (unit: string): UnitDef | null => UNITS.get(key(unit)) ?? null

/**
 * Whether two texts name the same count unit of its own (or pack): equal in any case, or one the other
 * with an "s" or "es" added ("tray"/"trays", "bunch"/"bunches", "case"/"cases", "glass"/"glasses").
 * No singular is derived (cutting an "s" would make "glas" of "glass"): two words meet only when one
 * is the other's plural. Table units never fold this way: they have their aliases.
 */
export const sameWord = (a: string, b: string) => {
  const ka = key(a)
  const kb = key(b)
  if (ka === kb) return true
  const [short, long] = ka.length < kb.length ? [ka, kb] : [kb, ka]
  return short.length > 1 && (long === short + 's' || long === short + 'es')
}

/** Whether two unit texts name the same unit ('L' and 'liters'; 'Bunch' and 'bunches'). */
export const sameUnit = (a: string, b: string) => {
  const da = unitDef(a)
  const db = unitDef(b)
  return da && db ? da.symbol === db.symbol : !da && !db && sameWord(a, b)
}

/** A size such as "750ml", "750 ml", "0,75 L", "1.5L": an amount of a mass or volume unit of the table. */
export interface Size {
  /** The amount as written, "." for the decimal mark: "0.75". */
  amount: string
  /** The table unit's symbol: "ml", "L", "kg". */
  unit: string
  dimension: 'mass' | 'volume'
  /** The size in the dimension's base (g or ml), exactly. */
  base: Exact
  /** The size as a pack name: "750 ml", "0.75 L". */
  name: string
}

const SIZE = /^\s*(\d{1,7}(?:[.,]\d{1,3})?)\s*([a-z]+)\.?\s*$/i

/** Reads a size ("750ml", "750 ml", "0,75 L", "1.5L"), or null when the text is not an amount of g, kg, ml, cl or L. */
export function parseSize(text: string): Size | null {
  const m = SIZE.exec(text)
  if (!m) return null
  const d = unitDef(m[2]!)
  if (!d || d.dimension === 'count' || d.symbol === 'tsp' || d.symbol === 'tbsp') return null
  const amount = m[1]!.replace(',', '.')
  const [whole, frac = ''] = amount.split('.')
  const value = exact(BigInt(whole! + frac), 10n ** BigInt(frac.length))
  const base = mul(value, exact(d.factor))
  // At least a hundredth of a g or ml: what a stored size can hold.
  if (value.n === 0n || mul(base, exact(100)).d !== 1n) return null
  const shown = String(Number(amount))
  return { amount: shown, unit: d.symbol, dimension: d.dimension as 'mass' | 'volume', base, name: `${shown} ${d.symbol}` }
}

/**
 * The unit an item of this size is kept in and the size in it, hundredths: L for a volume, kg for a mass
 * ("750ml" → L, 75), or ml / g when the size is not a whole hundredth of L or kg ("5 ml" → ml, 500).
 */
export function sizeInStockUnit(size: Size): { unit: string; size: number } {
  const big = size.dimension === 'volume' ? 'L' : 'kg'
  const small = size.dimension === 'volume' ? 'ml' : 'g'
  const inBig = mul(size.base, exact(100, 1000))
  if (inBig.d === 1n) return { unit: big, size: Number(inBig.n) }
  return { unit: small, size: Number(mul(size.base, exact(100)).n) }
}

/** The message for a unit text RIMS cannot read: it names the text and what would do. */
export const UNIT_MSG = {
  unknown: (unit: string, item: { name: string; unit: string }) => {
    const own = unitDef(item.unit) ? '' : item.unit.trim()
    return `“${unit.trim()}” is not a unit RIMS knows: use g, kg, ml, cl, L${own ? `, each or ${own}` : ' or each'}, or a pack of ${item.name}`
  },
  sizeAsUnit: (text: string) => {
    const size = parseSize(text)!
    const kept = sizeInStockUnit(size)
    return `unit: “${text.trim()}” is a size, not a unit: keep the item in ${kept.unit} and add a pack “${size.name}” of ${kept.size / 100}`
  },
} as const

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
  /** A bottle's volume, hundredths of a ml (issue 35): one of an item kept in bottles is that much liquid. */
  bottle_ml?: number | null
}

export type Conversion = { ok: true; factor: Exact } | { ok: false; reason: string }

/** The dimension and size of a unit in this item's world: a table unit, the item's own count unit, or nothing known. */
function measure(unit: string, item: ConvertibleItem): { dimension: Dimension; factor: Exact } | null {
  const d = unitDef(unit)
  if (d) return { dimension: d.dimension, factor: exact(d.factor) }
  // A size ("750ml") is that much of its table unit, also as an item's stored unit (kept so before issue 32).
  const size = parseSize(unit)
  if (size) return { dimension: size.dimension, factor: size.base }
  // A count unit of its own ("bunch") exists only for an item kept in it: one of it is that item's "each".
  if (!unitDef(item.unit) && sameWord(unit, item.unit)) return { dimension: 'count', factor: exact(1) }
  return null
}

/**
 * How many of the item's stock unit one `unit` is. Same dimension: the table's ratio. Mass and
 * volume meet through density; count and mass (or volume) through each_weight. A pack is its size.
 * Anything else is refused with the reason, never guessed.
 */
export function toStockUnit(unit: string, item: ConvertibleItem): Conversion {
  if (sameUnit(unit, item.unit)) return { ok: true, factor: exact(1) }
  const pack = unitDef(unit) ? undefined : (item.packs?.find((p) => key(p.name) === key(unit)) ?? item.packs?.find((p) => sameWord(p.name, unit)))
  if (pack) return { ok: true, factor: hundredths(pack.size) }
  const from = measure(unit, item)
  const to = measure(item.unit, item)
  if (!from) return { ok: false, reason: UNIT_MSG.unknown(unit, item) }
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
  // A bottle item (issue 35) kept in bottles (a count unit) is poured in ml: one bottle is its volume.
  if (item.bottle_ml && from === 'volume' && to === 'count') return { ok: true, factor: div(amount, hundredths(item.bottle_ml)) }
  if (item.bottle_ml && from === 'count' && to === 'volume') return { ok: true, factor: mul(amount, hundredths(item.bottle_ml)) }
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
