import { describe, expect, test } from 'bun:test'
import { MAX_VALUE_PRODUCT } from './stock'
import { valueCents } from './fixed'

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
