import { expect, test } from 'bun:test'
import { barSettings, bottleFacts, bottleRefusal, BAR_MSG, formatMl, openMl, openQuantity, pourCategory, pourMl } from './bar'
import { exact, round } from './exact'
import { SETTING_DEFAULTS } from './settings'
import { toStockUnit } from './units'

// Issue 35: exact conversions with known figures. Stored: hundredths of a ml and a g, density in thousandths.
const byDensity = { bottle_ml: 70000, tare_g: 50000, full_g: null, density: 950 }
const byFull = { bottle_ml: 70000, tare_g: 50000, full_g: 116500, density: null }

test('a 700 ml bottle of density 0.95 and tare 500 g weighing 832.5 g holds 350 ml; at the tare 0; over full refused', () => {
  for (const b of [byDensity, byFull]) {
    const half = openMl(b, 83250)
    expect(half.ok && round(half.ml, 2)).toBe(350)
    const empty = openMl(b, 50000)
    expect(empty.ok && round(empty.ml, 2)).toBe(0)
    const full = openMl(b, 116500)
    expect(full.ok && round(full.ml, 2)).toBe(700)
    expect(openMl(b, 116501)).toEqual({ ok: false, message: BAR_MSG.weightOutside(1165.01, 500, 1165) })
    expect(openMl(b, 49999)).toEqual({ ok: false, message: BAR_MSG.weightOutside(499.99, 500, 1165) })
  }
  // Either pair gives the other.
  expect(bottleFacts(byDensity)).toEqual({ bottle_ml: 700, tare_g: 500, full_g: 1165, density_g_ml: 0.95, given: 'density_g_ml' })
  expect(bottleFacts(byFull)).toEqual({ bottle_ml: 700, tare_g: 500, full_g: 1165, density_g_ml: 0.95, given: 'full_g' })
})

test('several open bottles in the item\'s unit: summed exactly, rounded half up once', () => {
  const gin = { name: 'Gin', unit: 'L', bottle: byDensity }
  // 832.5 g → 350 ml, 612 g → 112/0.95 = 117.894… ml, 845 g → 345/0.95 = 363.157… ml: 831.052… ml → 0.83 L.
  expect(openQuantity(gin, [83250, 61200, 84500], [])).toMatchObject({ ok: true, hundredths: 83 })
  const r = openQuantity({ ...gin, unit: 'ml' }, [83250, 61200, 84500], [])
  expect(r.ok && r.hundredths).toBe(83105)
  // In bottles (a count unit): 350 ml of 700 is half a bottle.
  expect(openQuantity({ ...gin, unit: 'bottle' }, [83250], [])).toMatchObject({ ok: true, hundredths: 50 })
  // A weight outside the limits refuses the whole line.
  expect(openQuantity(gin, [83250, 120000], [])).toEqual({ ok: false, message: BAR_MSG.weightOutside(1200, 500, 1165) })
})

test('tenths by eye: 0.3 and 0.7 of a 700 ml bottle are 700 ml', () => {
  expect(openQuantity({ name: 'Rum', unit: 'L', bottle: byFull }, [], [3, 7])).toMatchObject({ ok: true, hundredths: 70 })
  expect(openQuantity({ name: 'Rum', unit: 'cl', bottle: byFull }, [83250], [5])).toMatchObject({ ok: true, hundredths: 7000 })
  expect(openQuantity({ name: 'Rum', unit: 'L', bottle: null }, [], [3])).toEqual({ ok: false, message: BAR_MSG.noBottle('Rum') })
})

test('bottle facts are refused when they cannot be a drink, or for an item kept by mass', () => {
  expect(bottleRefusal(byFull, 'L')).toBeNull()
  expect(bottleRefusal({ ...byFull, full_g: 50000 }, 'L')).toBe(BAR_MSG.fullNotAboveTare(500))
  expect(bottleRefusal({ ...byFull, full_g: 300000 }, 'L')).toBe(BAR_MSG.implausibleDensity(3.571))
  expect(bottleRefusal({ ...byFull, density: 950 }, 'L')).toBe(BAR_MSG.bothGiven)
  expect(bottleRefusal(byFull, 'kg')).toBe(BAR_MSG.massUnit('kg'))
  expect(formatMl(1470)).toBe('1.47 L')
  expect(formatMl(350)).toBe('350 ml')
})

test('a bottle item kept in bottles is poured in ml and oz through its bottle size; pour units read the settings', () => {
  const jameson = { name: 'Jameson', unit: 'bottles', density: null, each_weight: null, bottle_ml: 75000 }
  const ml = toStockUnit('ml', jameson)
  expect(ml.ok && ml.factor).toEqual(exact(1, 750))
  expect(toStockUnit('ml', { ...jameson, bottle_ml: null }).ok).toBe(false)
  const us = barSettings({ ...SETTING_DEFAULTS })
  const imperial = barSettings({ ...SETTING_DEFAULTS, pour_oz: 'IMPERIAL', dash_ml: 0.8 })
  expect(pourMl('oz', us)).toEqual(exact(2957, 100))
  expect(pourMl('Fl Oz', imperial)).toEqual(exact(2841, 100))
  expect(pourMl('dashes', imperial)).toEqual(exact(4, 5))
  expect(pourMl('ml', us)).toBeNull()
  expect([pourCategory('Cocktail'), pourCategory(' WINE '), pourCategory('Grill'), pourCategory(null)]).toEqual(['cocktails', 'wine', null, null])
})
