import { expect, test } from 'bun:test'
import { exact } from './exact'
import { parseSize, sameUnit, sizeInStockUnit, toStockUnit, UNIT_MSG, unitDef } from './units'

// Issue 32: units as people write them.

test('every alias reads as its unit, in any case', () => {
  const table: Record<string, string[]> = {
    L: ['l', 'L', 'ltr', 'Ltrs', 'liter', 'liters', 'Litre', 'litres'],
    ml: ['ml', 'ML', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres'],
    cl: ['cl', 'centiliter', 'centiliters', 'centilitre', 'centilitres'],
    kg: ['kg', 'KG', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms'],
    g: ['g', 'gr', 'gram', 'grams', 'gramme', 'grammes'],
    each: ['each', 'ea', 'pc', 'pcs', 'piece', 'pieces', 'unit', 'units'],
  }
  for (const [symbol, aliases] of Object.entries(table)) for (const a of aliases) expect([a, unitDef(` ${a} `)?.symbol]).toEqual([a, symbol])
  expect(unitDef('bottles')).toBeNull() // a count unit of its own
  expect(sameUnit('liters', 'L')).toBe(true)
  expect(sameUnit('kgs', 'kilogram')).toBe(true)
})

test('a count unit of its own: its singular and plural are one unit; no singular is guessed', () => {
  expect(sameUnit('bottles', 'bottle')).toBe(true)
  expect(sameUnit('Heads', 'head')).toBe(true)
  expect(sameUnit('trays', 'tray')).toBe(true)
  expect(sameUnit('bunches', 'bunch')).toBe(true)
  expect(sameUnit('glasses', 'glass')).toBe(true)
  expect(sameUnit('cases', 'case')).toBe(true)
  expect(sameUnit('glass', 'glas')).toBe(true) // one is the other + "s": the rule, not a guess at "glass"
  expect(sameUnit('tray', 'trap')).toBe(false)
  expect(sameUnit('bottle', 'L')).toBe(false)
  const cabbage = { name: 'Cabbage', unit: 'heads', density: null, each_weight: null }
  expect(toStockUnit('head', cabbage)).toEqual({ ok: true, factor: exact(1) })
  expect(toStockUnit('each', cabbage)).toEqual({ ok: true, factor: exact(1) })
  const wine = { name: 'Wine', unit: 'L', density: null, each_weight: null, packs: [{ name: 'bottle', size: 75 }] }
  expect(toStockUnit('bottles', wine)).toEqual({ ok: true, factor: exact(75, 100) })
})

test('sizes: "750ml", "750 ml", "0,75 L", "1.5L" are amounts, not units', () => {
  expect(parseSize('750ml')).toMatchObject({ amount: '750', unit: 'ml', dimension: 'volume', base: exact(750), name: '750 ml' })
  expect(parseSize('750 ml')).toMatchObject({ name: '750 ml', base: exact(750) })
  expect(parseSize('0,75 L')).toMatchObject({ amount: '0.75', unit: 'L', base: exact(750), name: '0.75 L' })
  expect(parseSize('1.5L')).toMatchObject({ unit: 'L', base: exact(1500), name: '1.5 L' })
  expect(parseSize('500 grams')).toMatchObject({ unit: 'g', dimension: 'mass', name: '500 g' })
  expect(parseSize('33cl')).toMatchObject({ base: exact(330) })
  for (const notSize of ['ml', 'L', 'bottles', '12 pcs', '2 tbsp', '0 ml', '750 jugs', '']) expect([notSize, parseSize(notSize)]).toEqual([notSize, null])
  expect(sizeInStockUnit(parseSize('750ml')!)).toEqual({ unit: 'L', size: 75 })
  expect(sizeInStockUnit(parseSize('1.5 kg')!)).toEqual({ unit: 'kg', size: 150 })
  expect(sizeInStockUnit(parseSize('5 ml')!)).toEqual({ unit: 'ml', size: 500 })
})

test('"liters" converts to and from ml; a size as a line unit is its amount', () => {
  const milk = { name: 'Fresh milk', unit: 'liters', density: null, each_weight: null }
  expect(toStockUnit('ml', milk)).toEqual({ ok: true, factor: exact(1, 1000) })
  expect(toStockUnit('Litre', milk)).toEqual({ ok: true, factor: exact(1) })
  expect(toStockUnit('750ml', milk)).toEqual({ ok: true, factor: exact(3, 4) })
  // An item stored in "750ml" before issue 32 (no migration): a ml line is a share of one of it.
  const oldWine = { name: 'Old wine', unit: '750ml', density: null, each_weight: null }
  expect(toStockUnit('ml', oldWine)).toEqual({ ok: true, factor: exact(1, 750) })
  expect(toStockUnit('L', oldWine)).toEqual({ ok: true, factor: exact(4, 3) })
})

test('an unknown unit is named in the message, with what would do', () => {
  const oil = { name: 'Oil', unit: 'L', density: null, each_weight: null }
  expect(toStockUnit('jug', oil)).toEqual({ ok: false, reason: '“jug” is not a unit RIMS knows: use g, kg, ml, cl, L or each, or a pack of Oil' })
  const eggs = { name: 'Eggs', unit: 'trays', density: null, each_weight: null }
  expect(toStockUnit('jug', eggs)).toEqual({ ok: false, reason: '“jug” is not a unit RIMS knows: use g, kg, ml, cl, L, each or trays, or a pack of Eggs' })
  expect(UNIT_MSG.sizeAsUnit('750ml')).toBe('unit: “750ml” is a size, not a unit: keep the item in L and add a pack “750 ml” of 0.75')
})
