// One reader for every quantity or price a person types (ARCHITECTURE "Data rules"): '.' or ',' is the
// decimal mark, anything that could be read two ways is refused with a message, nothing is dropped.

export type ParsedQuantity = { ok: true; value: number } | { ok: false; empty: boolean; message: string }

export const QUANTITY_MSG = {
  example: 'e.g. 2.5',
  required: 'Enter a number, e.g. 2.5',
  notANumber: 'Enter a number, e.g. 2.5',
  oneMark: 'Use one decimal mark, e.g. 2.5',
  twoDecimals: 'At most 2 decimals',
  tooLarge: 'That number is too large',
} as const

const SHAPE = /^(-?)(\d*)(?:[.,](\d*))?$/

/**
 * '2,5' → 2.5, ' 3 ' → 3; '1,234.5', '2,5,1', '2.555', 'abc' and '' are refused with a message.
 * `decimals`: 2 for quantities and amounts; 5 (COST_DECIMALS) for a cost per unit, since a piece of a box of 1,000 at 7.00 costs 0.007.
 */
export function parseQuantity(text: string, decimals = 2): ParsedQuantity {
  const t = text.trim()
  if (t === '') return { ok: false, empty: true, message: QUANTITY_MSG.required }
  const marks = t.replace(/[^.,]/g, '').length
  if (marks > 1 && /^-?[\d.,]+$/.test(t)) return { ok: false, empty: false, message: QUANTITY_MSG.oneMark }
  const m = SHAPE.exec(t)
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { ok: false, empty: false, message: QUANTITY_MSG.notANumber }
  const [, sign, whole, fraction = ''] = m
  if (fraction.length > decimals) return { ok: false, empty: false, message: decimals === 2 ? QUANTITY_MSG.twoDecimals : `At most ${decimals} decimals` }
  // A whole number of the smallest step first, so the number returned is exactly the one typed (no float noise).
  const scale = 10 ** decimals
  const steps = Number(whole || '0') * scale + Number(fraction.padEnd(decimals, '0'))
  if (!Number.isSafeInteger(steps)) return { ok: false, empty: false, message: QUANTITY_MSG.tooLarge }
  const value = steps / scale
  return { ok: true, value: sign && value !== 0 ? -value : value }
}

/** What a form sends for a typed quantity: the number, undefined when left empty (the schema says "required"), NaN when refused. */
export function quantityValue(text: string, decimals = 2): number | undefined {
  const r = parseQuantity(text, decimals)
  return r.ok ? r.value : r.empty ? undefined : Number.NaN
}
