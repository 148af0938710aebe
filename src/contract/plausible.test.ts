import { describe, expect, test } from 'bun:test'
import { IMPLAUSIBLE_FACTOR, IMPLAUSIBLE_FLOOR, implausibleFigure, PLAUSIBLE_MSG } from './plausible'

// Hundredths in, hundredths out: 250 bottles is 25000.
const h = (n: number) => Math.round(n * 100)

describe('implausibleFigure', () => {
  test('250,246 typed over a balance of 250 asks, and suggests 246 (the old figure was left in front)', () => {
    expect(implausibleFigure(h(250246), [{ kind: 'balance', value: h(250) }])).toEqual({ typed: h(250246), expected: h(250), kind: 'balance', suggestion: h(246) })
  })
  test('the new figure typed in front of the old one (246250) suggests 246 too', () => {
    expect(implausibleFigure(h(246250), [{ kind: 'balance', value: h(250) }])?.suggestion).toBe(h(246))
  })
  test('exactly 10 times the expected figure does not ask; a hundredth more does', () => {
    expect(IMPLAUSIBLE_FACTOR).toBe(10)
    expect(implausibleFigure(h(2500), [{ kind: 'balance', value: h(250) }])).toBeNull()
    expect(implausibleFigure(h(2500.01), [{ kind: 'balance', value: h(250) }])).not.toBeNull()
  })
  test('figures at or under the floor never ask, whatever the ratio (12 bottles when 1 was there)', () => {
    expect(IMPLAUSIBLE_FLOOR).toBe(h(20))
    expect(implausibleFigure(h(12), [{ kind: 'balance', value: h(1) }])).toBeNull()
    expect(implausibleFigure(h(20), [{ kind: 'balance', value: 0 }])).toBeNull()
    expect(implausibleFigure(h(20.01), [{ kind: 'balance', value: 0 }])).toEqual({ typed: h(20.01), expected: 0, kind: 'balance', suggestion: null })
  })
  test('the largest expected figure is the one compared (a low balance with a par level of 40 expects 40)', () => {
    const figures = [
      { kind: 'balance' as const, value: h(2) },
      { kind: 'par level' as const, value: h(40) },
    ]
    expect(implausibleFigure(h(300), figures)).toBeNull()
    expect(implausibleFigure(h(401), figures)).toMatchObject({ expected: h(40), kind: 'par level' })
  })
  test('an 8-digit barcode as a count asks, with no suggestion when its digits do not start or end with the balance', () => {
    expect(implausibleFigure(h(96385074), [{ kind: 'balance', value: h(250) }])).toEqual({ typed: h(96385074), expected: h(250), kind: 'balance', suggestion: null })
  })
  test('decimals: 12.53 over 12.5 is not implausible; 1254.5 over 12 suggests 54.5; 12540 over 12.5 has no suggestion', () => {
    expect(implausibleFigure(h(12.53), [{ kind: 'balance', value: h(12.5) }])).toBeNull()
    expect(implausibleFigure(h(12540), [{ kind: 'balance', value: h(12.5) }])?.suggestion).toBeNull() // "12540" does not start with "12.5"
    expect(implausibleFigure(h(1254.5), [{ kind: 'ordered quantity', value: h(12) }])?.suggestion).toBe(h(54.5))
  })
  test('no suggestion when the rest would be empty, zero or itself implausible', () => {
    expect(implausibleFigure(h(250000), [{ kind: 'balance', value: h(250) }])?.suggestion).toBeNull() // rest "000"
    expect(implausibleFigure(h(2599999), [{ kind: 'balance', value: h(25) }])?.suggestion).toBeNull() // rest 99999 is 10× too
    expect(implausibleFigure(h(2525), [{ kind: 'balance', value: h(25) }])?.suggestion).toBe(h(25))
  })
  test('no expected figure at all (a blind count, a new item without par): nothing to compare, never asks', () => {
    expect(implausibleFigure(h(96385074), [])).toBeNull()
    expect(implausibleFigure(h(500), [{ kind: 'par level', value: null }])).toBeNull()
  })
  test('the question names the figures as the form formats them', () => {
    expect(PLAUSIBLE_MSG.question('250,246 bottles', 'balance', '250')).toBe('250,246 bottles is more than 10 times the balance of 250.')
    expect(PLAUSIBLE_MSG.question('30 kg', 'balance', '0')).toBe('30 kg is far more than the balance of 0.')
    expect(PLAUSIBLE_MSG.didYouMean('246')).toBe('Did you mean 246?')
  })
})
