import { describe, expect, test } from 'bun:test'
import { priceChangePct, priceJump } from './purchasing'

// The one price-jump rule: the server's receipt and receiving's warning before saving answer alike.

describe('priceJump', () => {
  test('at or over the setting jumps; HIGH from twice it; exact in integers', () => {
    expect(priceJump(1800, 2250, 10)).toEqual({ change_pct: 25, priority: 'HIGH' })
    expect(priceJump(10000, 11000, 10)).toEqual({ change_pct: 10, priority: 'MEDIUM' })
    expect(priceJump(10000, 10999, 10)).toBeNull()
    expect(priceJump(10000, 9000, 10)).toEqual({ change_pct: -10, priority: 'MEDIUM' })
    expect(priceJump(10000, 12000, 10)).toEqual({ change_pct: 20, priority: 'HIGH' })
  })
  test('no old price: nothing to compare', () => {
    expect(priceJump(0, 500, 10)).toBeNull()
  })
  test('the percent to two decimals', () => {
    expect(priceChangePct(300, 301)).toBe(0.33)
    expect(priceChangePct(490, 520)).toBe(6.12)
  })
})
