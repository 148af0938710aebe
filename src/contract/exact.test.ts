import { expect, test } from 'bun:test'
import { add, div, exact, hundredths, mul, round, sum } from './exact'
import { toStockUnit, toYieldUnit } from './units'

test('0.25 + 0.615 + 0.40 is 1.265 exactly and rounds once, half up, to 1.27 (never 1.26)', () => {
  const total = sum([exact(25, 100), exact(615, 1000), exact(40, 100)])
  expect(total).toEqual(exact(1265, 1000))
  expect(round(total)).toBe(1.27)
  expect(0.25 + 0.615 + 0.4).not.toBe(1.265) // what binary floats would have summed
})

test('half up away from zero; thirds stay exact until the end', () => {
  expect(round(exact(-1265, 1000))).toBe(-1.27)
  expect(round(exact(1, 3))).toBe(0.33)
  expect(round(mul(exact(1, 3), exact(3)))).toBe(1)
  expect(round(div(hundredths(820), exact(2000)), 4)).toBe(0.0041)
  expect(round(add(exact(1, 200), exact(0)))).toBe(0.01)
})

test('units: table, aliases any case, packs, density and each weight; anything else is named, never guessed', () => {
  const oil = { name: 'Oil', unit: 'L', density: 91, each_weight: null }
  const ok = (r: ReturnType<typeof toStockUnit>) => (r.ok ? r.factor : null)
  expect(ok(toStockUnit('ml', oil))).toEqual(exact(1, 1000))
  expect(ok(toStockUnit('TBSP', oil))).toEqual(exact(15, 1000))
  expect(ok(toStockUnit('Ltr', oil))).toEqual(exact(1))
  expect(round(mul(exact(91), ok(toStockUnit('g', oil))!), 4)).toBe(0.1)
  expect(toStockUnit('g', { ...oil, density: null })).toEqual({ ok: false, reason: 'Cannot convert g to L for Oil: set its density (g per ml)' })
  expect(ok(toStockUnit('case', { ...oil, packs: [{ name: 'Case', size: 900 }] }))).toEqual(exact(9))
  expect(toStockUnit('tray', oil)).toEqual({ ok: false, reason: '“tray” is not a unit RIMS knows: use g, kg, ml, cl, L or each, or a pack of Oil' })
  const egg = { name: 'Egg', unit: 'kg', density: null, each_weight: 6000 }
  expect(ok(toStockUnit('pcs', egg))).toEqual(exact(6, 100))
  expect(toYieldUnit('cl', { name: 'Sauce', yield_unit: 'ml' })).toEqual({ ok: true, factor: exact(10) })
  expect(toYieldUnit('g', { name: 'Sauce', yield_unit: 'ml' }).ok).toBe(false)
})
