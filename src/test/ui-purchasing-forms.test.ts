import { afterEach, describe, expect, test } from 'bun:test'
import { newKey } from '../../ui/src/lib/formInput'
import { returnable } from '../../ui/src/pages/purchasing/returnable'

// Two pure pieces of the purchasing forms: what a receipt can still send back, and the forms' Idempotency-Key.

describe('returnable: per item, what a receipt brought in less what went back', () => {
  const line = (item_id: number, base_quantity: number) => ({ item_id, item_name: `Item ${item_id}`, unit: 'L', base_quantity }) as never
  const back = (item_id: number, quantity: number) => ({ item_id, quantity }) as never
  test('an item on two lines is one row; returns are taken off; hundredths stay exact', () => {
    const rows = returnable({ lines: [line(1, 0.1), line(2, 9), line(1, 0.2)], returns: [back(2, 4.5), back(2, 4.49)] })
    expect(rows).toEqual([
      { item_id: 1, item_name: 'Item 1', unit: 'L', left: 0.3 },
      { item_id: 2, item_name: 'Item 2', unit: 'L', left: 0.01 },
    ])
  })
  test('everything returned leaves 0', () => {
    expect(returnable({ lines: [line(3, 27)], returns: [back(3, 2), back(3, 25)] })[0].left).toBe(0)
  })
})

describe('newKey', () => {
  // randomUUID may live on the prototype: the test shadows it with an own property and takes that away after.
  const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID')
  afterEach(() => {
    if (own) Object.defineProperty(crypto, 'randomUUID', own)
    else delete (crypto as { randomUUID?: unknown }).randomUUID
  })
  test('a v4 UUID, a new one each time, also where crypto.randomUUID is missing (a plain-HTTP page)', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    expect(crypto.randomUUID).toBeUndefined()
    const keys = Array.from({ length: 50 }, newKey)
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(keys).size).toBe(50)
  })
})
