import { describe, expect, test } from 'bun:test'
import * as v from 'valibot'
import { formatPacked, PACK_MSG, packedToBase, packedToHundredths, PacksField, splitIntoPacks } from './packs'

const wine = [
  { id: 1, name: 'bottle', size: 0.75 },
  { id: 2, name: 'case', size: 9 },
]

describe('pack sizes', () => {
  test('case 1, bottle 3 and 0.4 loose count 11.65 L, exactly', () => {
    expect(packedToBase({ packs: [{ pack_id: 2, quantity: 1 }, { pack_id: 1, quantity: 3 }], loose: 0.4 }, wine)).toBe(11.65)
    expect(packedToHundredths({ packs: [{ pack_id: 2, quantity: 1 }, { pack_id: 1, quantity: 3 }], loose: 0.4 }, wine)).toEqual({ ok: true, hundredths: 1165 })
    // 0.1 + 0.2 style noise never reaches the sum: 7 bottles of 0.1 are 0.7, not 0.7000000000000001.
    expect(packedToBase({ packs: [{ pack_id: 9, quantity: 7 }], loose: 0.2 }, [{ id: 9, size: 0.1 }])).toBe(0.9)
  })

  test('an unknown pack is refused with its id', () => {
    expect(packedToHundredths({ packs: [{ pack_id: 7, quantity: 1 }] }, wine)).toEqual({ ok: false, message: PACK_MSG.unknownPack(7) })
  })

  test('a quantity is shown as "2 case + 3 bottle + 0.4 L", largest pack first, zero parts left out', () => {
    expect(formatPacked(20.65, 'L', wine)).toBe('2 case + 3 bottle + 0.4 L')
    expect(formatPacked(18, 'L', wine)).toBe('2 case')
    expect(formatPacked(0.4, 'L', wine)).toBe('0.4 L')
    expect(formatPacked(0, 'L', wine)).toBe('0 L')
    expect(formatPacked(11.65, 'L')).toBe('11.65 L')
    expect(formatPacked(-9.75, 'L', wine)).toBe('−1 case + 1 bottle')
    // Issue 32: a pack or unit named by its size gets a "×", never "3 750ml".
    expect(formatPacked(2.3, 'L', [{ id: 3, name: '750 ml', size: 0.75 }])).toBe('3 × 750 ml + 0.05 L')
    expect(formatPacked(3, '750ml')).toBe('3 × 750ml')
    expect(splitIntoPacks(21.65, wine)).toEqual({ packs: [{ pack: wine[1], count: 2 }, { pack: wine[0], count: 4 }], loose: 0.65 })
  })

  test('packs on an item: size above 0 with 2 decimals, names unique in any case, at most 5', () => {
    const issues = (x: unknown) => {
      const r = v.safeParse(PacksField, x)
      return r.success ? null : r.issues[0].message
    }
    expect(issues([{ name: 'bottle', size: 0.75 }, { name: 'case', size: 9 }])).toBeNull()
    expect(issues([{ name: 'bottle', size: 0 }])).toBe('packs.size must be at least 0.01')
    expect(issues([{ name: 'bottle', size: 0.755 }])).toBe('packs.size must have at most 2 decimal places')
    expect(issues([{ name: ' ', size: 1 }])).toBe('packs.name is required')
    expect(issues([{ name: 'Case', size: 9 }, { name: 'case', size: 12 }])).toBe(PACK_MSG.duplicate('case'))
    expect(issues(Array.from({ length: 6 }, (_, i) => ({ name: `p${i}`, size: 1 })))).toBe(PACK_MSG.tooMany)
  })
})
