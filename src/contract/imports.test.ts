import { describe, expect, test } from 'bun:test'
import { columnLetter, headerLabel, headerSignature, joinCells, leadingRows, repeatedHeaders } from './imports'

describe("the wizard's view of a file (issue 32.7)", () => {
  test('the first rows under the header: quotes, doubled quotes, a line break inside quotes, CRLF, blank lines skipped', () => {
    const text = '\uFEFFa,b\r\n"x, y","5/16"" fry"\r\n\r\n"two\nlines",2\r\n3,4\r\n5,6\r\n'
    expect(leadingRows(text, 3)).toEqual([
      ['x, y', '5/16" fry'],
      ['two\nlines', '2'],
      ['3', '4'],
    ])
    expect(leadingRows('a;b\n1;2', 3)).toEqual([['1', '2']])
  })

  test('repeated headers are told apart by their column letter; the signature ignores case and spacing', () => {
    const headers = ['Item', 'Quanity Full', 'Location 2', 'Quanity Full ']
    expect([...repeatedHeaders(headers)]).toEqual([1, 3])
    expect(headerLabel(headers, 1)).toBe('Quanity Full (column B)')
    expect(headerLabel(headers, 0)).toBe('Item')
    expect(columnLetter(0)).toBe('A')
    expect(columnLetter(25)).toBe('Z')
    expect(columnLetter(26)).toBe('AA')
    expect(headerSignature(['Cost Price', ' SKU'])).toBe(headerSignature(['cost-price', 'sku']))
    expect(joinCells(['Weller ', '', ' 12 Year', '750ml '])).toBe('Weller 12 Year 750ml')
  })
})
