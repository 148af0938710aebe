import { normaliseCode } from '../../contract/barcodes'

// Figures as printed, to integer hundredths without a float: "1.234,56", "1,234.56", "12,5", "-3.00", "3.00-", "16 %".

/** "12.345" (a dot decimal, as XML writes it) → hundredths rounded half-up, and whether digits were dropped. */
export function dotDecimal(raw: string): { value: number; rounded: boolean } | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(raw.trim())
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null
  const frac = m[3] ?? ''
  const whole = Number(m[2] || '0')
  let cents = whole * 100 + Number((frac + '00').slice(0, 2))
  const rest = frac.slice(2)
  const rounded = /[1-9]/.test(rest)
  if (rest !== '' && Number(rest[0]) >= 5) cents += 1
  if (!Number.isSafeInteger(cents)) return null
  return { value: m[1] === '-' ? -cents : cents, rounded }
}

/**
 * A figure as a person's document prints it: thousands separators and a decimal comma or dot, a trailing minus
 * (3.00-), brackets, a currency or percent sign around it. With both separators the last is the decimal. With one
 * kind only, `decimal` (the document's own, found from its money figures) decides; without it a lone comma before
 * exactly 3 digits is a thousands separator (1,000) and anything else the decimal.
 */
export function localDecimal(raw: string, decimal: '.' | ',' | null = null): { value: number; rounded: boolean } | null {
  let s = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/^[A-Za-z$€£]{1,3}(?=[\d.,+(-])/, '').replace(/(?<=[\d)-])(%|[A-Za-z$€£]{1,3})$/, '')
  let negative = false
  if (/^\(.*\)$/.test(s)) (negative = true), (s = s.slice(1, -1))
  if (s.endsWith('-')) (negative = true), (s = s.slice(0, -1))
  if (s.startsWith('-')) (negative = !negative), (s = s.slice(1))
  else if (s.startsWith('+')) s = s.slice(1)
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s)) return null
  const dots = s.split('.').length - 1
  const commas = s.split(',').length - 1
  let dec: '.' | ',' | null
  if (dots && commas) dec = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ','
  else if (dots + commas === 0) dec = null
  else {
    const sep = dots ? '.' : ','
    if (dots + commas > 1) dec = null
    else if (decimal) dec = sep === decimal ? sep : null
    else dec = sep === ',' && /^\d{1,3},\d{3}$/.test(s) ? null : sep
  }
  const intPart = dec ? s.slice(0, s.lastIndexOf(dec)) : s
  const thousands = dec === '.' ? ',' : dec === ',' ? '.' : dots ? '.' : commas ? ',' : null
  if (thousands && intPart.includes(thousands)) {
    // Thousands groups are of 3 digits, or this is not one number ("1.2.3").
    const groups = intPart.split(thousands)
    if (groups[0].length > 3 || groups.slice(1).some((g) => g.length !== 3)) return null
  }
  let plain = thousands ? s.split(thousands).join('') : s
  if (dec === ',') plain = plain.replace(',', '.')
  const n = dotDecimal(plain)
  return n && { value: negative ? -n.value : n.value, rounded: n.rounded }
}

/** A GTIN (8, 12, 13 or 14 digits with a right check digit) as the 14 digits item barcodes keep; else null. */
export function gtin14(raw: string | null | undefined): string | null {
  if (!raw) return null
  const digits = raw.replace(/\s/g, '')
  if (!/^\d{8}$|^\d{12,14}$/.test(digits)) return null
  const n = normaliseCode(digits)
  return n.ok && n.gtin ? n.gtin : null
}

/** "2026-11-20", "20261120" (CII format 102), "20.11.2026", "20/11/2026" (day first) → YYYY-MM-DD, or null when not a real day. */
export function isoDay(raw: string | null | undefined): string | null {
  if (!raw) return null
  const s = raw.trim()
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s)
  let y: number, mo: number, d: number
  if (m) (y = +m[1]), (mo = +m[2]), (d = +m[3])
  else if ((m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s))) (d = +m[1]), (mo = +m[2]), (y = +m[3])
  else return null
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null
  return date.toISOString().slice(0, 10)
}

/** An XML decimal ("12.3456") as an exact fraction digits / 10^scale. */
const exact = (raw: string): { digits: bigint; scale: number } | null => {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(raw.trim())
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null
  const frac = m[3] ?? ''
  const digits = BigInt((m[2] || '0') + frac)
  return { digits: m[1] === '-' ? -digits : digits, scale: frac.length }
}

/**
 * A price for `base` units (UBL BaseQuantity, CII BasisQuantity; 1 when absent) → cents per one unit, rounded
 * half-up once from the exact quotient, and whether that rounding dropped anything.
 */
export function pricePerUnit(price: string, base: string | null): { value: number; rounded: boolean } | null {
  const p = exact(price)
  const b = base === null ? { digits: 1n, scale: 0 } : exact(base)
  if (!p || !b || b.digits <= 0n || p.digits < 0n) return null
  // cents = p.digits / 10^p.scale × 100 ÷ (b.digits / 10^b.scale)
  const num = p.digits * 100n * 10n ** BigInt(b.scale)
  const den = b.digits * 10n ** BigInt(p.scale)
  const value = Number((2n * num + den) / (2n * den))
  return Number.isSafeInteger(value) ? { value, rounded: num % den !== 0n } : null
}
