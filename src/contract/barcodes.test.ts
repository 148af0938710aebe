import { describe, expect, test } from 'bun:test'
import { BARCODE_MSG, gs1Date, gtinCheckDigit, innerGtin, looksLikeName, normaliseCode, parseGs1, shownCode } from './barcodes'

const NOW = new Date('2026-11-23T12:00:00Z')

describe('normaliseCode', () => {
  test('a GTIN with a wrong check digit names the expected one', () => {
    expect(normaliseCode('4006381333932')).toEqual({ ok: false, message: 'Invalid check digit: expected 1' })
    expect(normaliseCode('4006381333931')).toEqual({ ok: true, code: '04006381333931', gtin: '04006381333931' })
  })
  test('UPC-A and its EAN-13 form are one code of 14 digits', () => {
    const a = normaliseCode('036000291452')
    const b = normaliseCode(' 0036000291452 ')
    expect(a).toEqual({ ok: true, code: '00036000291452', gtin: '00036000291452' })
    expect(b).toEqual(a)
  })
  test('EAN-8 and GTIN-14 are checked and padded', () => {
    expect(normaliseCode('96385074')).toEqual({ ok: true, code: '00000096385074', gtin: '00000096385074' })
    expect(normaliseCode('96385075')).toEqual({ ok: false, message: BARCODE_MSG.checkDigit(4) })
    expect(normaliseCode('10012345000017')).toEqual({ ok: true, code: '10012345000017', gtin: '10012345000017' })
  })
  test('other codes: trimmed printable ASCII up to 128 characters; other digit lengths are not GTINs', () => {
    expect(normaliseCode('  SUP-0042/A ')).toEqual({ ok: true, code: 'SUP-0042/A', gtin: null })
    expect(normaliseCode('6009001')).toEqual({ ok: true, code: '6009001', gtin: null })
    expect(normaliseCode('   ')).toEqual({ ok: false, message: BARCODE_MSG.empty })
    expect(normaliseCode('x'.repeat(129))).toEqual({ ok: false, message: BARCODE_MSG.tooLong })
    expect(normaliseCode('x'.repeat(128)).ok).toBe(true)
    expect(normaliseCode('café')).toEqual({ ok: false, message: BARCODE_MSG.notPrintable })
    expect(normaliseCode('a\tb')).toEqual({ ok: false, message: BARCODE_MSG.notPrintable })
  })
  test('check digit arithmetic and the case → unit suggestion', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1)
    expect(gtinCheckDigit('0950600013435')).toBe(2)
    expect(innerGtin('10012345000017')).toBe('00012345000010')
    expect(innerGtin('00012345000010')).toBeNull()
  })
})

describe('parseGs1', () => {
  const expectCase = (raw: string) => {
    const r = parseGs1(raw, NOW)
    expect(r?.ok).toBe(true)
    if (!r?.ok) return
    expect(r.data.gtin).toBe('09506000134352')
    expect(r.data.expiry).toBe('2026-12-31')
    expect(r.data.lot).toBe('ABC')
  }
  test('every form a scanner or label gives', () => {
    expectCase('(01)09506000134352(17)261231(10)ABC')
    expectCase(']C101095060001343521726123110ABC')
    expectCase('010950600013435210ABC\x1D17261231')
    expectCase('010950600013435210ABC<GS>17261231')
    expectCase('010950600013435210ABC{GS}17261231')
    expectCase(']d2010950600013435210ABC\x1D17261231')
    expectCase(']Q3\x1D010950600013435210ABC\x1D17261231')
    expectCase(']C1(01)09506000134352(17)261231(10)ABC')
  })
  test('DD 00 is the last day of the month (leap years too)', () => {
    const r = parseGs1('(15)270200', NOW)
    expect(r).toEqual({ ok: true, data: { ais: { '15': '270200' }, best_before: '2027-02-28' } })
    expect(gs1Date('280200', NOW)).toBe('2028-02-29')
    expect(gs1Date('261100', NOW)).toBe('2026-11-30')
    expect(gs1Date('261300', NOW)).toBeNull()
    expect(gs1Date('260231', NOW)).toBeNull()
  })
  test('the century rule: a difference of 51–99 is the previous century, −99…−50 the next', () => {
    expect(gs1Date('760101', NOW)).toBe('2076-01-01') // 76 − 26 = 50: this century
    expect(gs1Date('770101', NOW)).toBe('1977-01-01') // 51: the previous one
    expect(gs1Date('000101', NOW)).toBe('2000-01-01')
    expect(gs1Date('100101', new Date('2095-06-01T00:00:00Z'))).toBe('2110-01-01') // 95 − 10 ≥ 50 → next century
    expect(gs1Date('450101', new Date('2095-06-01T00:00:00Z'))).toBe('2145-01-01')
    expect(gs1Date('460101', new Date('2095-06-01T00:00:00Z'))).toBe('2046-01-01')
  })
  test('310n is net kg with n decimals, exact', () => {
    const r = parseGs1('(3103)001250', NOW)
    expect(r?.ok && r.data.net_kg_text).toBe('1.250')
    expect(r?.ok && r.data.net_kg).toBe(1.25)
    const raw = parseGs1(']C10109506000134352310200153510LOT7', NOW)
    expect(raw?.ok && raw.data).toEqual({ ais: { '01': '09506000134352', '3102': '001535', '10': 'LOT7' }, gtin: '09506000134352', net_kg: 15.35, net_kg_text: '15.35', lot: 'LOT7' })
    expect(parseGs1('(3100)000007', NOW)).toEqual({ ok: true, data: { ais: { '3100': '000007' }, net_kg: 7, net_kg_text: '7' } })
  })
  test('production date, serial and count', () => {
    const r = parseGs1('(01)09506000134352(11)260115(21)SN-9(37)24', NOW)
    expect(r?.ok && r.data).toMatchObject({ gtin: '09506000134352', production_date: '2026-01-15', serial: 'SN-9', count: 24 })
  })
  test('not GS1: plain codes give null; broken GS1 gives a message', () => {
    expect(parseGs1('4006381333931', NOW)).toBeNull()
    expect(parseGs1('09506000134352', NOW)).toBeNull()
    expect(parseGs1('SUP-0042', NOW)).toBeNull()
    expect(parseGs1('(01)09506000134353', NOW)).toEqual({ ok: false, message: BARCODE_MSG.gs1('(01) Invalid check digit: expected 2') })
    expect(parseGs1('(17)261332', NOW)).toEqual({ ok: false, message: BARCODE_MSG.gs1('(17) is not a date (YYMMDD)') })
    expect(parseGs1(']C10109506000134352172612', NOW)).toEqual({ ok: false, message: BARCODE_MSG.gs1('(17) needs 6 characters') })
  })
})

describe('shownCode (issue 32.10: one way on every screen)', () => {
  test('an EAN-13 stored as a GTIN-14 shows its 13 digits; a real GTIN-14 and a free code stay whole', () => {
    expect(normaliseCode('4006381333931')).toMatchObject({ code: '04006381333931' })
    expect(shownCode('04006381333931')).toBe('4006381333931')
    expect(shownCode('10012345678902')).toBe('10012345678902')
    expect(shownCode('RIMS-12')).toBe('RIMS-12')
  })
  test('a code saved before check digits were checked is shown as it was typed', () => {
    expect(shownCode('04006381333932', false)).toBe('04006381333932')
  })
})

describe('looksLikeName (issue 32.3: a typed name on /scan is searched, never saved as a code)', () => {
  test('a space or no digit at all is a name; anything with a digit and no space is a code', () => {
    for (const name of ['gin', 'Green bottle', 'Tonic water 500 ml', '  Castle  ']) expect(looksLikeName(name)).toBe(true)
    for (const code of ['6001234567890', 'RIMS-12', 'SUP-404', 'ABC123']) expect(looksLikeName(code)).toBe(false)
    expect(looksLikeName('   ')).toBe(false)
  })
})
