import { describe, expect, test } from 'bun:test'
import { parseQuantity, QUANTITY_MSG, quantityValue } from './quantity'

const value = (t: string) => {
  const r = parseQuantity(t)
  if (!r.ok) throw new Error(`refused ${t}: ${r.message}`)
  return r.value
}
const refusal = (t: string) => {
  const r = parseQuantity(t)
  if (r.ok) throw new Error(`accepted ${t} as ${r.value}`)
  return r.message
}

describe('parseQuantity', () => {
  test('a comma is a decimal mark: 2,5 is 2.5, never 25', () => {
    expect(value('2,5')).toBe(2.5)
    expect(value('0,75')).toBe(0.75)
  })
  test('a point is a decimal mark too, and spaces around are ignored', () => {
    expect(value('2.5')).toBe(2.5)
    expect(value(' 3 ')).toBe(3)
    expect(value('12.50')).toBe(12.5)
    expect(value('0.01')).toBe(0.01)
    expect(value(',5')).toBe(0.5)
    expect(value('7.')).toBe(7)
  })
  test('the value is exactly the one typed, with at most 2 decimals', () => {
    expect(value('0,07')).toBe(0.07)
    expect(value('1.1')).toBe(1.1)
    expect(value('19.99')).toBe(19.99)
  })
  test('a signed quantity keeps its sign (kitchen adjustments)', () => {
    expect(value('-3')).toBe(-3)
    expect(value('-0,5')).toBe(-0.5)
  })
  test('two marks are ambiguous and refused', () => {
    expect(refusal('1,234.5')).toBe(QUANTITY_MSG.oneMark)
    expect(refusal('1.234,5')).toBe(QUANTITY_MSG.oneMark)
    expect(refusal('2,5,1')).toBe(QUANTITY_MSG.oneMark)
    expect(refusal('1.2.3')).toBe(QUANTITY_MSG.oneMark)
  })
  test('more than 2 decimals is refused, never rounded', () => {
    expect(refusal('2.555')).toBe(QUANTITY_MSG.twoDecimals)
    expect(refusal('1,234')).toBe(QUANTITY_MSG.twoDecimals)
  })
  test('letters, inner spaces and signs alone are refused', () => {
    for (const t of ['abc', '2kg', '1 234', '-', '.', '+2', '2e3', '0x10', '٣']) expect(refusal(t)).toBe(QUANTITY_MSG.notANumber)
  })
  test('empty is refused as required, and marked empty', () => {
    expect(parseQuantity('')).toEqual({ ok: false, empty: true, message: QUANTITY_MSG.required })
    expect(parseQuantity('   ')).toMatchObject({ ok: false, empty: true })
  })
  test('quantityValue: number, undefined when empty, NaN when refused', () => {
    expect(quantityValue('2,5')).toBe(2.5)
    expect(quantityValue('')).toBeUndefined()
    expect(quantityValue('1,234.5')).toBeNaN()
  })
})

describe('a cost per unit typed (issue 29): up to 5 decimals', () => {
  test('0.007 and 0,00049 are read exactly; 6 decimals are refused, never rounded', () => {
    expect(parseQuantity('0.007', 5)).toEqual({ ok: true, value: 0.007 })
    expect(parseQuantity('0,00049', 5)).toEqual({ ok: true, value: 0.00049 })
    expect(parseQuantity('123456789.12345', 5)).toEqual({ ok: true, value: 123456789.12345 })
    expect(parseQuantity('0.000491', 5)).toEqual({ ok: false, empty: false, message: 'At most 5 decimals' })
    expect(quantityValue('0.007', 5)).toBe(0.007)
    expect(quantityValue('0.007')).toBeNaN() // a quantity keeps 2
  })
})
