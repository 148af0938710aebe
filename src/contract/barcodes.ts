import * as v from 'valibot'
import { ALL_STAFF, STORE_STAFF, type Access } from './access-types'
import type { CountLine } from './counts'
import { id } from './fields'

// Barcodes: one pure module for the server and the UI. A code is normalised the same way
// wherever it is typed, scanned or stored (GTINs as 14 digits), and GS1 element strings
// (GS1-128, GS1 DataMatrix, GS1 QR) are read here, never in a screen.

// ---------- GTIN ----------

/** The GS1 check digit of the digits before it (weights 3, 1, 3, … from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += (body.charCodeAt(i) - 48) * w
  return (10 - (sum % 10)) % 10
}

export const GTIN_LENGTHS = [8, 12, 13, 14] as const
const isGtinShape = (s: string) => /^\d+$/.test(s) && (GTIN_LENGTHS as readonly number[]).includes(s.length)

export const CODE_MAX = 128

export type NormalisedCode = { ok: true; code: string; gtin: string | null } | { ok: false; message: string }

export const BARCODE_MSG = {
  checkDigit: (expected: number) => `Invalid check digit: expected ${expected}`,
  empty: 'The code is empty',
  tooLong: `A code may be at most ${CODE_MAX} characters`,
  notPrintable: 'A code may hold only printable ASCII characters (letters, digits, punctuation, spaces)',
  taken: (itemName: string) => `This code is already on another item: ${itemName}`,
  takenHere: 'This code is already on this item',
  added: 'Barcode added',
  removed: 'Barcode removed',
  notFound: 'Barcode not found on this item',
  packNotOnItem: 'pack_id is not one of this item’s packs',
  gs1: (detail: string) => `Unreadable GS1 data: ${detail}`,
  unchecked: "This barcode's check digit is wrong (it was saved before RIMS checked them). Correct it from the package.",
} as const

/**
 * A code as stored: 8, 12, 13 or 14 digits are a GTIN whose check digit must match, kept as 14 digits
 * (UPC-A 036000291452 and EAN-13 0036000291452 are one product); any other code is trimmed printable
 * ASCII of at most 128 characters. A GTIN-14's indicator digit is never read as a pack.
 */
export function normaliseCode(raw: string): NormalisedCode {
  const s = raw.trim()
  if (!s) return { ok: false, message: BARCODE_MSG.empty }
  if (s.length > CODE_MAX) return { ok: false, message: BARCODE_MSG.tooLong }
  if (!/^[\x20-\x7e]+$/.test(s)) return { ok: false, message: BARCODE_MSG.notPrintable }
  if (isGtinShape(s)) {
    const expected = gtinCheckDigit(s.slice(0, -1))
    if (expected !== Number(s.at(-1))) return { ok: false, message: BARCODE_MSG.checkDigit(expected) }
    const gtin = s.padStart(14, '0')
    return { ok: true, code: gtin, gtin }
  }
  return { ok: true, code: s, gtin: null }
}

/**
 * Typed text that is a name, not a code (issue 32.3): it has a space, or no digit at all ("gin", "Green bottle").
 * The scan screen searches the sheet by name for it and never offers to save it as a barcode.
 */
export const looksLikeName = (text: string) => {
  const t = text.trim()
  return t !== '' && (/\s/.test(t) || !/\d/.test(t))
}

/** A GTIN-14 as people read it: 13 digits when it is an EAN-13/UPC (leading 0), else all 14. */
export const displayCode = (code: string) => (/^0\d{13}$/.test(code) ? code.slice(1) : code)

/**
 * A stored code as every screen shows it (stock cards and table, pickers, dialogs, labels, scan notes): a
 * checked GTIN by displayCode (an EAN-13 as its 13 digits); a code saved before check digits were checked,
 * exactly as it was typed (it is not a GTIN, so no digit is dropped).
 */
export const shownCode = (code: string, checked = true) => (checked ? displayCode(code) : code)

/** A GTIN-14 whose indicator digit (1–8) marks a case of another GTIN: that GTIN (the link is only suggested). */
export function innerGtin(gtin14: string): string | null {
  if (!/^[1-8]\d{13}$/.test(gtin14)) return null
  const body = '0' + gtin14.slice(1, 13)
  return body + gtinCheckDigit(body)
}

// ---------- GS1 element strings ----------

export interface Gs1Data {
  /** Every element as read, AI → value (dates as YYMMDD, weights as digits). */
  ais: Record<string, string>
  gtin?: string
  lot?: string
  serial?: string
  /** YYYY-MM-DD (AI 11, 15, 17). */
  production_date?: string
  best_before?: string
  expiry?: string
  /** Net kg (AI 310n), exact: `net_kg_text` keeps every decimal the label has. */
  net_kg?: number
  net_kg_text?: string
  /** Count of trade items (AI 37) or of items (AI 30). */
  count?: number
}

export type Gs1Result = { ok: true; data: Gs1Data } | { ok: false; message: string }

const GS = '\x1d'
/** Symbology identifiers of GS1 symbols: GS1-128, GS1 DataMatrix, GS1 QR, GS1 DataBar, composite. */
const GS1_PREFIX = /^\](C1|d2|Q3|e0|e1|e2|J1)/
/** The group separator as scanners send it: the byte, its printed names, the ␝ symbol. */
const GS_TEXT = /<GS>|\{GS\}|\[GS\]|\u241d|\^\]|<FNC1>|\{FNC1\}/gi

/** Length of an AI by its first two digits (GS1 General Specifications, figure 3.2-1). */
function aiLength(s: string): number {
  const two = Number(s.slice(0, 2))
  if (two <= 22 || two === 30 || two === 37 || two >= 90) return 2
  if ((two >= 23 && two <= 29) || (two >= 40 && two <= 42)) return 3
  return 4
}

/** Data length of AIs whose length is predefined (read without a separator), by the AI's first two digits. */
const PREDEFINED: Record<string, number> = {
  '00': 18, '01': 14, '02': 14, '03': 14, '04': 16,
  '11': 6, '12': 6, '13': 6, '14': 6, '15': 6, '16': 6, '17': 6, '18': 6, '19': 6, '20': 2,
  '31': 6, '32': 6, '33': 6, '34': 6, '35': 6, '36': 6, '41': 13,
}
/** Variable-length AIs: the longest value. Unknown AIs get 90 (they end at a separator anyway). */
const VARIABLE_MAX: Record<string, number> = { '10': 20, '21': 20, '22': 20, '30': 8, '37': 8, '240': 30, '241': 30, '400': 30 }

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

/**
 * A GS1 date YYMMDD → YYYY-MM-DD. DD 00 means the month's last day. The century (GS1 General
 * Specifications 7.12): YY minus the current year's last two digits; 51…99 → the previous century,
 * −99…−50 → the next, anything else → this one (so up to 50 years ahead, 49 behind).
 */
export function gs1Date(yymmdd: string, now = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null
  const yy = Number(yymmdd.slice(0, 2))
  const mm = Number(yymmdd.slice(2, 4))
  let dd = Number(yymmdd.slice(4, 6))
  const current = now.getUTCFullYear()
  const diff = yy - (current % 100)
  const century = Math.floor(current / 100) + (diff >= 51 ? -1 : diff <= -50 ? 1 : 0)
  const year = century * 100 + yy
  if (mm < 1 || mm > 12) return null
  const last = daysInMonth(year, mm)
  if (dd === 0) dd = last
  if (dd > last) return null
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`
}

/** "001250" with n decimals → "1.250" (exact: digits only, never a float). */
function decimalText(digits: string, n: number): string {
  const whole = digits.slice(0, digits.length - n).replace(/^0+(?=\d)/, '') || '0'
  return n === 0 ? whole : `${whole}.${digits.slice(digits.length - n)}`
}

/** Splits the raw form (after the prefix, separators as GS) into AI → value. */
function splitRaw(s: string): [string, string][] | string {
  const out: [string, string][] = []
  let i = 0
  while (i < s.length) {
    if (s[i] === GS) {
      i++
      continue
    }
    const aiLen = aiLength(s.slice(i, i + 2))
    const ai = s.slice(i, i + aiLen)
    if (!/^\d+$/.test(ai) || ai.length < aiLen) return `no application identifier at position ${i + 1}`
    i += aiLen
    const fixed = PREDEFINED[ai.slice(0, 2)]
    let value: string
    if (fixed !== undefined) {
      value = s.slice(i, i + fixed)
      if (value.length < fixed) return `(${ai}) needs ${fixed} characters`
      i += fixed
    } else {
      const end = s.indexOf(GS, i)
      value = s.slice(i, end === -1 ? s.length : end)
      const max = VARIABLE_MAX[ai] ?? 90
      if (value.length > max) return `(${ai}) is longer than ${max} characters`
      i = end === -1 ? s.length : end + 1
    }
    out.push([ai, value])
  }
  return out
}

function splitBracketed(s: string): [string, string][] | string {
  const out: [string, string][] = []
  const re = /\((\d{2,4})\)([^(]*)/gy
  let m: RegExpExecArray | null
  let last = 0
  while ((m = re.exec(s))) {
    out.push([m[1]!, m[2]!.replace(/\x1d/g, '')])
    last = re.lastIndex
  }
  if (last !== s.length || !out.length) return 'brackets do not enclose application identifiers'
  return out
}

/**
 * Reads a GS1 element string in any of the forms scanners and labels produce: `(01)…(17)…(10)…` as
 * printed, the raw form with a `]C1` / `]d2` / `]Q3` symbology prefix, separators as the GS byte
 * (0x1D) or as `<GS>` / `{GS}` text, or the raw form without a prefix when it starts with AI 01.
 * `null` when the text is not GS1 at all (a plain code).
 */
export function parseGs1(raw: string, now = new Date()): Gs1Result | null {
  let s = raw.trim().replace(GS_TEXT, GS)
  const prefixed = GS1_PREFIX.test(s)
  if (prefixed) s = s.replace(GS1_PREFIX, '')
  while (s.startsWith(GS)) s = s.slice(1)
  let pairs: [string, string][] | string
  if (s.startsWith('(')) pairs = splitBracketed(s)
  else if (prefixed || s.includes(GS) || /^01\d{14}./.test(s)) pairs = splitRaw(s)
  else return null
  if (typeof pairs === 'string') return prefixed || s.startsWith('(') ? { ok: false, message: BARCODE_MSG.gs1(pairs) } : null

  const data: Gs1Data = { ais: {} }
  for (const [ai, value] of pairs) {
    data.ais[ai] = value
    const bad = (why: string) => ({ ok: false as const, message: BARCODE_MSG.gs1(`(${ai}) ${why}`) })
    if (ai === '01' || ai === '02') {
      if (!/^\d{14}$/.test(value)) return bad('must be 14 digits')
      const expected = gtinCheckDigit(value.slice(0, 13))
      if (expected !== Number(value[13])) return bad(BARCODE_MSG.checkDigit(expected))
      if (ai === '01') data.gtin = value
    } else if (ai === '10') data.lot = value
    else if (ai === '21') data.serial = value
    else if (ai === '11' || ai === '15' || ai === '17') {
      const date = gs1Date(value, now)
      if (!date) return bad('is not a date (YYMMDD)')
      data[ai === '11' ? 'production_date' : ai === '15' ? 'best_before' : 'expiry'] = date
    } else if (/^310\d$/.test(ai)) {
      if (!/^\d{6}$/.test(value)) return bad('must be 6 digits')
      data.net_kg_text = decimalText(value, Number(ai[3]))
      data.net_kg = Number(data.net_kg_text)
    } else if (ai === '37' || ai === '30') {
      if (!/^\d{1,8}$/.test(value)) return bad('must be up to 8 digits')
      data.count = Number(value)
    }
  }
  return { ok: true, data }
}

// ---------- API shapes ----------

export interface ItemBarcode {
  id: number
  item_id: number
  code: string
  /** The GTIN as 14 digits, or null for another code. */
  gtin: string | null
  /** False for a code saved before RIMS checked check digits (kept as it was, found exactly; issue 29). */
  checked: boolean
  pack_id: number | null
  pack_name: string | null
  created_at: string
}

export interface ResolvedBarcode {
  /** The code looked up (normalised), or null when the text held none. */
  code: string | null
  gtin: string | null
  gs1: Omit<Gs1Data, 'ais'> & { ais: Record<string, string> } | null
  item: { id: number; name: string; unit: string; is_active: boolean; current_quantity: number } | null
  pack: { id: number; name: string; size: number } | null
  /** Not found, but the GTIN-14's indicator digit points at an item's unit GTIN: offered, never assumed. */
  suggestion: { item_id: number; item_name: string; inner_gtin: string; reason: string } | null
}

/** GET /stock-counts/{id}/codes: one code of an item on the count's sheet (pack_id: a pack's code, a case counts a case). */
export interface SheetCode {
  code: string
  item_id: number
  pack_id: number | null
}

const rawText = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.maxLength(512, `${field} must be at most 512 characters`),
    v.check((s) => s.trim().length > 0, `${field} is required`),
  )

export const AddBarcodeBody = v.strictObject({
  code: rawText('code'),
  pack_id: v.optional(v.nullable(id('pack_id')), null),
})
export type AddBarcodeInput = v.InferOutput<typeof AddBarcodeBody>

/** DELETE /items/{id}/barcodes?code=…: the code in any form it was added in (it is normalised first). */
export const RemoveBarcodeQuery = v.object({ code: rawText('code') })

/**
 * The item form's `barcode` (its unit code): blank → null, a GTIN checked and stored as 14 digits,
 * any other code trimmed; the message says what is wrong (`Invalid check digit: expected 1`).
 * A GTIN whose only fault is its check digit passes here as typed: it may be the item's own code saved
 * before RIMS checked them. Whoever saves it decides with `itemCodeRefusal`, which knows the item.
 */
export const itemCodeField = (field: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${field} must be text`))),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const s = dataset.value
      if (s === undefined || s === null) return s
      if (s.trim() === '') return null
      const n = normaliseCode(s)
      if (n.ok) return n.code
      if (hasWrongCheckDigit(s.trim())) return s.trim()
      addIssue({ message: `${field}: ${n.message}` })
      return NEVER
    }),
  )

/** 8, 12, 13 or 14 digits whose last one is not the check digit: RIMS 0.1 stored such codes (item_barcodes.checked = 0). */
export const hasWrongCheckDigit = (code: string) => isGtinShape(code) && gtinCheckDigit(code.slice(0, -1)) !== Number(code.at(-1))

/**
 * Whether an item's barcode field (after `itemCodeField`) may be saved: null, or the message. A wrong check
 * digit passes only as the item's own unchecked code, unchanged (`keptUnchecked`); any other is refused with
 * the message a new code always got (`barcode: Invalid check digit: expected 1`).
 */
export function itemCodeRefusal(code: string | null | undefined, keptUnchecked: string | null, field = 'barcode'): string | null {
  if (!code || code === keptUnchecked || !hasWrongCheckDigit(code)) return null
  return `${field}: ${BARCODE_MSG.checkDigit(gtinCheckDigit(code.slice(0, -1)))}`
}

export const ResolveBody = v.strictObject({ raw: rawText('raw') })

/** POST /stock-counts/{id}/scans: one scan on the count sheet of an area. scan_id: the device's id for this scan. */
export const CountScanBody = v.strictObject({
  area_id: v.pipe(v.unknown(), v.check((x) => x !== undefined, 'area_id is required'), id('area_id')),
  raw: rawText('raw'),
  scan_id: v.pipe(
    v.string('scan_id is required'),
    v.trim(),
    v.nonEmpty('scan_id is required'),
    v.maxLength(100, 'scan_id must be at most 100 characters'),
    v.regex(/^[\x21-\x7e]+$/, 'scan_id must be printable ASCII without spaces'),
  ),
})
export type CountScanInput = v.InferOutput<typeof CountScanBody>

/** The answer to a scan on a count sheet (and to its undo). */
export interface CountScanAnswer {
  scan_id: string
  item: { id: number; name: string; unit: string }
  pack: { id: number; name: string; size: number } | null
  /** What this scan adds, in base units. */
  added: number
  line: CountLine
  /** The scan was seen before (a replay): nothing was added this time. */
  replayed: boolean
}

export const SCAN_MSG = {
  added: (what: string, item: string) => `+1 ${what} ${item}`,
  replayed: 'This scan was already counted',
  /** A device reused a scan_id for another code or another area: refused, never dropped as a replay. */
  scanIdReused: (scanId: string) => `scan_id ${scanId} was already used for another scan on this count; send a new scan_id for each scan`,
  undone: 'Scan undone',
  alreadyUndone: 'This scan was already undone',
  unknownCode: (code: string) => `Not found: no item has the code ${code}`,
  noCode: 'This GS1 label carries no GTIN (01) to count',
} as const

export const barcodesAccess = {
  'GET /api/items/:id/barcodes': ALL_STAFF,
  'POST /api/items/:id/barcodes': STORE_STAFF,
  'DELETE /api/items/:id/barcodes': STORE_STAFF,
  'POST /api/barcodes/resolve': ALL_STAFF,
  'GET /api/stock-counts/:id/codes': STORE_STAFF,
  'POST /api/stock-counts/:id/scans': STORE_STAFF,
  'DELETE /api/stock-counts/:id/scans/:scanId': STORE_STAFF,
} as const satisfies Record<string, Access>
