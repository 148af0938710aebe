// Money and quantities are integer hundredths in the database and decimal numbers on the wire.
// Convert only here, at the repo boundary: no float ever reaches a sum.

/** 12.5 → 1250. The input is already validated to 2 decimals; rounding only removes float noise. */
export const toCents = (n: number): number => Math.round(n * 100)

/** 1250 → 12.5. An integer divided by 100 prints as the decimal a person would write. */
export const fromCents = (c: number): number => c / 100

/** a × b ÷ unit, rounded half-up once from the exact product (non-negative integers). */
const productHalfUp = (a: number, b: number, unit: number): number => {
  // A safe-integer product is exact as a double (a larger one would round to 2^53 or more): no BigInt needed, and
  // a list of 50 items makes 300 fewer allocations. `%` and the division below are exact, truncating like BigInt.
  const p = a * b
  if (Number.isSafeInteger(p)) {
    const rest = p % unit
    const whole = (p - rest) / unit
    return rest * 2 >= unit ? whole + 1 : whole
  }
  const product = BigInt(a) * BigInt(b)
  const u = BigInt(unit)
  return Number(product % u >= u / 2n ? product / u + 1n : product / u)
}

/** cost (cents) × quantity (hundredths) → value in cents, rounded half-up to the ngwee. */
export const valueCents = (costCents: number, qtyHundredths: number): number => productHalfUp(costCents, qtyHundredths, 100)

/** A quantity as the user would write it: 5, 2.5, 0.75. */
export const formatQty = (c: number): string => String(fromCents(c))

// ---------- Costs per base unit ----------
// A cost per base unit (an item's cost_price, a receipt line's unit_cost, a received price) is kept
// finer than a cent: a box of 1,000 pieces at 7.00 is 0.007 a piece. Stored as integer
// 1/100,000 of the currency ("e5"): 0.007 → 700, 0.0049 → 490. Amounts stay cents, rounded half-up
// once from the exact product (costValueCents).

/** Cost units per currency unit. */
export const COST_SCALE = 100_000
/** The decimals a cost per base unit may have (log10 of COST_SCALE). */
export const COST_DECIMALS = 5
/** Cost units per cent. */
const PER_CENT = COST_SCALE / 100

/** 0.007 → 700. The input is already validated to 5 decimals; rounding only removes float noise. */
export const toCost = (n: number): number => Math.round(n * COST_SCALE)

/** 700 → 0.007: the decimal a person would write, with only the decimals it needs. */
export const fromCost = (c: number): number => c / COST_SCALE

/** Cents → cost units (a price per pack of size 1). */
export const centsToCost = (cents: number): number => cents * PER_CENT

/** Half-up integer division for non-negative BigInts. */
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d)

/** cost (1/100,000) × quantity (hundredths) → value in cents, rounded half-up once from the exact product. */
export const costValueCents = (cost: number, qtyHundredths: number): number => productHalfUp(cost, qtyHundredths, COST_SCALE)

/** A price per pack (cents) over the pack's size (base-unit hundredths) → cost per base unit, half-up to 1/100,000. */
export const costPerBaseUnit = (packPriceCents: number, packSizeHundredths: number): number =>
  Number(halfUp(BigInt(packPriceCents) * BigInt(PER_CENT * 100), BigInt(packSizeHundredths)))

/** A cost per base unit × a pack's size (base-unit hundredths) → the pack's price in cents, half-up. */
export const packPriceCents = (cost: number, packSizeHundredths: number): number => costValueCents(cost, packSizeHundredths)

/** A cost per base unit as a person reads it: at least 2 decimals, more only when it has them (0.007, 12.50). */
export const formatCost = (cost: number): string => {
  const s = fromCost(cost).toFixed(COST_DECIMALS).replace(/0+$/, '')
  const [whole, frac = ''] = s.split('.')
  return `${whole}.${frac.padEnd(2, '0')}`
}
