import * as v from 'valibot'

// Shared field schemas. Every message names the field, so a 400 tells the user what to fix.

export const MAX_AMOUNT = 1_000_000_000 // ten-digit kwacha or units: far above any real stock, far below float trouble

const hasTwoDecimalsAtMost = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6

/** A money or quantity amount with at most 2 decimals, stored later as integer hundredths. */
export const amount = (field: string, min = 0) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.finite(`${field} must be a number`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(MAX_AMOUNT, `${field} is too large`),
    v.check(hasTwoDecimalsAtMost, `${field} must have at most 2 decimal places`),
  )

/**
 * A cost per base unit (an item's cost_price): up to 5 decimals (COST_DECIMALS in fixed.ts), since a
 * piece of a box of 1,000 at 7.00 costs 0.007; stored as integer 1/100,000. More decimals are a 400, never rounded.
 */
export const unitCost = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.finite(`${field} must be a number`),
    v.minValue(0, `${field} must be at least 0`),
    v.maxValue(MAX_AMOUNT, `${field} is too large`),
    // Exact: the number is the double of its own 5-decimal rounding (1e9 × 1e5 is still an exact double).
    v.check((n) => Number(n.toFixed(5)) === n, `${field} must have at most 5 decimal places`),
  )

/** Like amount, but may be negative (stock count differences, adjustments). */
export const signedAmount = (field: string) =>
  v.pipe(
    v.number(`${field} must be a number`),
    v.finite(`${field} must be a number`),
    v.minValue(-MAX_AMOUNT, `${field} is too small`),
    v.maxValue(MAX_AMOUNT, `${field} is too large`),
    v.check(hasTwoDecimalsAtMost, `${field} must have at most 2 decimal places`),
  )

export const requiredText = (field: string, max = 200) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(max, `${field} must be at most ${max} characters`),
  )

// Control characters (Cc), format characters (Cf: zero-width, bidi overrides and isolates, soft
// hyphen, BOM) and line/paragraph separators: invisible, or they reorder what is shown around them.
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

/** Text that is only trimmed and NFC-normalised, with no control, invisible or direction characters. */
export const visibleText = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.transform((s) => s.normalize('NFC')),
    v.check((s) => !HIDDEN_CHARACTERS.test(s), `${field} must not contain control, invisible or text-direction characters`),
  )

/**
 * A name people read (a user, the restaurant, an item, a category, a supplier): required, at most
 * `max` characters after NFC normalisation, and refused when it hides characters that could make
 * two names look alike or turn the text around it (a bidi override in a CSV opened by Excel).
 */
export const safeName = (field: string, max = 200) =>
  v.pipe(visibleText(field), v.nonEmpty(`${field} is required`), v.maxLength(max, `${field} must be at most ${max} characters`))

export const optionalText = (field: string, max = 1000) =>
  v.optional(
    v.nullable(v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`))),
  )

/** The longest address SMTP can carry (RFC 5321 path limit less the brackets). */
export const EMAIL_MAX = 254

/** An email typed to look an account up (sign-in, forgot password): only bounded and normalised, never stored. */
export const lookupEmail = (field = 'email') =>
  v.pipe(
    v.string(`${field} is required`),
    v.maxLength(EMAIL_MAX + 100, `${field} must be at most ${EMAIL_MAX} characters`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(EMAIL_MAX, `${field} must be at most ${EMAIL_MAX} characters`),
    v.toLowerCase(),
  )

export const email = (field = 'email') =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(EMAIL_MAX, `${field} must be at most ${EMAIL_MAX} characters`),
    v.email(`${field} must be a valid email address`),
    v.toLowerCase(),
  )

/** The largest id: past 2^53 − 1 a JSON number is no longer exact (1e20 once reached SQLite as a 500). */
export const MAX_ID = Number.MAX_SAFE_INTEGER

/**
 * The one id schema, for every id in a path, a query or a body (nested lines too): a whole number
 * from 1 to MAX_ID, given as a number or a numeric string (path and query params).
 */
export const id = (field: string) =>
  v.pipe(
    v.unknown(),
    v.check((x) => x !== undefined && x !== null && x !== '', `${field} is required`),
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,400}$/), v.transform(Number))], `${field} must be a whole number`),
    v.check((n) => Number.isInteger(n) && n >= 1, `${field} must be a whole number`),
    v.maxValue(MAX_ID, `${field} is too large`),
  )

/** `is_active` is a JSON boolean on the wire; 1/0 are accepted on input. */
export const flag = (field: string) =>
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1])], `${field} must be true or false`),
    v.transform((x) => x === true || x === 1),
  )

/** Enums are upper case on the wire and accepted in any case. */
export const upperEnum = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  v.pipe(
    v.string(`${field} must be one of ${values.join(', ')}`),
    v.transform((s) => s.trim().toUpperCase()),
    v.picklist(values, `${field} must be one of ${values.join(', ')}`),
  )

// Far enough for any stock or report; a year 1 or 9999 only ever came from a typo or a probe.
export const FIRST_DATE = '2000-01-01'
export const LAST_DATE = '2100-12-31'

export const isoDate = (field: string) =>
  v.pipe(
    v.string(`${field} must be a date (YYYY-MM-DD)`),
    v.isoDate(`${field} must be a date (YYYY-MM-DD)`),
    v.check((s) => !Number.isNaN(Date.parse(s + 'T00:00:00Z')) && new Date(s + 'T00:00:00Z').toISOString().startsWith(s), `${field} must be a real date`),
    v.check((s) => s >= FIRST_DATE && s <= LAST_DATE, `${field} must be between ${FIRST_DATE} and ${LAST_DATE}`),
  )

export const password = (field: string, message: string) =>
  v.pipe(v.string(`${field} is required`), v.minLength(8, message), v.maxLength(200, `${field} is too long`))

// An offset past 2^53 (page=1e300) made SQLite fail with a 500; a million pages is beyond any list here.
export const MAX_PAGE = 1_000_000

export const paging = {
  page: v.optional(v.pipe(v.unknown(), v.transform(Number), v.number('page must be a number'), v.integer('page must be a whole number'), v.minValue(1, 'page must be at least 1'), v.maxValue(MAX_PAGE, `page must be at most ${MAX_PAGE}`)), 1),
  limit: v.optional(v.pipe(v.unknown(), v.transform(Number), v.number('limit must be a number'), v.integer('limit must be a whole number'), v.minValue(1, 'limit must be at least 1'), v.maxValue(500, 'limit must be at most 500')), 50),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'q must be at most 200 characters'))),
}

/**
 * The one date range of lists and reports: `start_date`/`end_date` (YYYY-MM-DD in the restaurant's
 * zone, both ends inclusive). Where the spec spells them `startDate`/`endDate`, those are accepted
 * as aliases (`withDateAliases`) and `toDateRange` folds them into the one spelling.
 */
export interface DateRange {
  start_date?: string
  end_date?: string
}
const optionalDate = (field: string) => v.optional(isoDate(field))
/** Given but blank says "<field> is required" (a range whose ends are both required). */
const presentDate = (field: string) => v.optional(v.pipe(v.unknown(), v.check((x) => x !== '' && x !== null, `${field} is required`), isoDate(field)))
const dateRangeFields = { start_date: optionalDate('start_date'), end_date: optionalDate('end_date') }
export const withDateAliases = { ...dateRangeFields, startDate: optionalDate('startDate'), endDate: optionalDate('endDate') }
export const requiredDateAliases = { start_date: presentDate('start_date'), end_date: presentDate('end_date'), startDate: presentDate('startDate'), endDate: presentDate('endDate') }
export const toDateRange = <T extends DateRange & { startDate?: string; endDate?: string }>({ startDate, endDate, ...rest }: T) => ({
  ...rest,
  start_date: rest.start_date ?? startDate,
  end_date: rest.end_date ?? endDate,
})
export const rangeInOrder = (o: DateRange) => !o.start_date || !o.end_date || o.start_date <= o.end_date
