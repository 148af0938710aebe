import { describe, expect, test } from 'bun:test'
import { exceedsValueCeiling, MAX_VALUE_PRODUCT } from './stock'
import { costPerBaseUnit, costValueCents, formatCost, fromCost, packPriceCents, valueCents } from './fixed'

/** The definition: exact integers, rounded half-up away from the truncated quotient (as BigInt division truncates). */
const byBigInt = (cost: number, qty: number) => {
  const product = BigInt(cost) * BigInt(qty)
  const q = product / 100n
  return Number(product % 100n >= 50n ? q + 1n : q)
}

describe('valueCents: cost (cents) × quantity (hundredths) → cents, half-up', () => {
  test('the everyday cases', () => {
    expect(valueCents(1250, 200)).toBe(2500) // 12.50 × 2
    expect(valueCents(999, 33)).toBe(330) // 9.99 × 0.33 = 3.2967 → 3.30
    expect(valueCents(1, 50)).toBe(1) // 0.01 × 0.5 = 0.005 → 0.01
    expect(valueCents(1, 49)).toBe(0)
    expect(valueCents(0, 123456)).toBe(0)
  })

  test('agrees with exact integer arithmetic at the edges of safe integers and beyond', () => {
    const edges: [number, number][] = [
      [94906265, 94906265], // just under 2^53
      [94906267, 94906267], // just over
      [2 ** 26 + 1, 2 ** 27 - 1],
      [Number.MAX_SAFE_INTEGER, 1],
      [Math.floor(Number.MAX_SAFE_INTEGER / 100), 100],
      [123456789, 987654321],
    ]
    for (const [a, b] of edges) expect(valueCents(a, b)).toBe(byBigInt(a, b))
  })

  test('agrees with exact integer arithmetic on 100,000 random amounts up to the largest stored product', () => {
    let seed = 42
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31)
    const side = Math.floor(Math.sqrt(MAX_VALUE_PRODUCT))
    for (let i = 0; i < 100_000; i++) {
      const cost = Math.floor(next() * (i % 2 ? side : 100_000_00))
      const qty = Math.floor(next() * (i % 3 ? side : 10_000_00))
      expect(valueCents(cost, qty)).toBe(byBigInt(cost, qty))
    }
  })
})

describe('costs per base unit in 1/100,000 (issue 29)', () => {
  test('a pack price over its size keeps the fraction of a cent: 7.00 / 1,000 = 0.007, 4.90 / 1,000 = 0.0049', () => {
    expect(costPerBaseUnit(700, 100_000)).toBe(700)
    expect(fromCost(costPerBaseUnit(700, 100_000))).toBe(0.007)
    expect(fromCost(costPerBaseUnit(490, 100_000))).toBe(0.0049)
    expect(costPerBaseUnit(2700, 900)).toBe(300_000) // a case of 9 at 27.00: 3.00
    expect(costPerBaseUnit(100, 300)).toBe(33_333) // 1.00 / 3 = 0.333333… → 0.33333
    expect(costPerBaseUnit(200, 300)).toBe(66_667) // half-up
    expect(costPerBaseUnit(100_000_000_000, 1)).toBe(1e16) // the largest price over the smallest size: BigInt inside
  })

  test('a value is the exact product rounded half-up once: 1,000 × 0.007 = 7.00; 3 × 0.0049 = 0.0147 → 0.01', () => {
    expect(costValueCents(700, 100_000)).toBe(700)
    expect(costValueCents(490, 300)).toBe(1)
    expect(costValueCents(500, 100)).toBe(1) // 0.005 → 0.01
    expect(costValueCents(499, 100)).toBe(0)
    expect(costValueCents(1_250_000, 200)).toBe(2500) // 12.50 × 2
    expect(packPriceCents(700, 100_000)).toBe(700)
  })

  test('agrees with BigInt arithmetic up to the value ceiling (1e18, past 2^53)', () => {
    const byBigInt = (cost: number, qty: number) => {
      const p = BigInt(cost) * BigInt(qty)
      return Number(p % 100_000n >= 50_000n ? p / 100_000n + 1n : p / 100_000n)
    }
    let seed = 7
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31)
    const side = Math.floor(Math.sqrt(MAX_VALUE_PRODUCT))
    for (let i = 0; i < 20_000; i++) {
      const cost = Math.floor(next() * (i % 2 ? side : 10_000_000))
      const qty = Math.floor(next() * (i % 3 ? side : 1_000_000))
      expect(costValueCents(cost, qty)).toBe(byBigInt(cost, qty))
    }
  })

  test('the value ceiling is exact past 2^53', () => {
    expect(MAX_VALUE_PRODUCT).toBe(1e18)
    expect(exceedsValueCeiling(1e9, 1e9)).toBe(false) // exactly at the ceiling
    expect(exceedsValueCeiling(1e9, 1e9 + 1)).toBe(true) // 1e18 + 1e9: a double would still say 1e18 + 1e9, but BigInt is certain
    expect(exceedsValueCeiling(1e14, 10_000)).toBe(false)
    expect(exceedsValueCeiling(1e14, 10_001)).toBe(true)
  })

  test('a cost reads with at least 2 decimals and only the ones it has', () => {
    expect(formatCost(700)).toBe('0.007')
    expect(formatCost(490)).toBe('0.0049')
    expect(formatCost(1_250_000)).toBe('12.50')
    expect(formatCost(0)).toBe('0.00')
    expect(formatCost(33_333)).toBe('0.33333')
  })
})
