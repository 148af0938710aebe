// Money and quantities are integer hundredths in the database and decimal numbers on the wire.
// Convert only here, at the repo boundary: no float ever reaches a sum.

/** 12.5 → 1250. The input is already validated to 2 decimals; rounding only removes float noise. */
export const toCents = (n: number): number => Math.round(n * 100)

/** 1250 → 12.5. An integer divided by 100 prints as the decimal a person would write. */
export const fromCents = (c: number): number => c / 100

/** cost (cents) × quantity (hundredths) → value in cents, rounded half-up to the ngwee. */
export const valueCents = (costCents: number, qtyHundredths: number): number => {
  // A safe-integer product is exact as a double (a larger one would round to 2^53 or more): no BigInt needed, and
  // a list of 50 items makes 300 fewer allocations. `%` and the division below are exact, truncating like BigInt.
  const p = costCents * qtyHundredths
  if (Number.isSafeInteger(p)) {
    const rest = p % 100
    const whole = (p - rest) / 100
    return rest >= 50 ? whole + 1 : whole
  }
  const product = BigInt(costCents) * BigInt(qtyHundredths)
  const q = product / 100n
  const r = product % 100n
  return Number(r >= 50n ? q + 1n : q)
}

/** A quantity as the user would write it: 5, 2.5, 0.75. */
export const formatQty = (c: number): string => String(fromCents(c))
