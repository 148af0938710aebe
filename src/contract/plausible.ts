// Issue 29: a figure far above what was expected is asked about before it is saved ("Did you mean 246?").
// One rule for every form that types a count, a receipt line or a movement; quantities in hundredths.
import { formatQty } from './fixed'
import { parseQuantity } from './quantity'

/** A typed figure more than this many times the expected one asks first. */
export const IMPLAUSIBLE_FACTOR = 10
/** Figures at or under this (hundredths: 20 of the unit) never ask: 12 bottles where 1 was is a count, not a slip. */
export const IMPLAUSIBLE_FLOOR = 2000

export type ExpectedKind = 'balance' | 'par level' | 'ordered quantity'

/** A figure the typed one is compared with; null: the form does not know it (no par level set). */
export interface ExpectedFigure {
  kind: ExpectedKind
  value: number | null
}

export interface Implausible {
  typed: number
  /** The largest expected figure given, the one the question names. */
  expected: number
  kind: ExpectedKind
  /** What was probably meant: the typed digits without the expected figure's digits left in front of (or behind) them. */
  suggestion: number | null
}

const tooLarge = (typed: number, expected: number) => typed > IMPLAUSIBLE_FLOOR && typed > IMPLAUSIBLE_FACTOR * expected

/**
 * Null when `typed` (hundredths) is plausible: at most 10 times the largest expected figure, or at most the
 * floor, or nothing known to compare with. Else the question's figures and, when the typed digits start (or
 * end) with the expected figure's digits, the rest as the suggestion (250 left in the field, 246 typed after
 * it: 250246 → 246), offered only when that rest is itself plausible and above 0.
 */
export function implausibleFigure(typed: number, figures: readonly ExpectedFigure[]): Implausible | null {
  const known = figures.filter((f): f is { kind: ExpectedKind; value: number } => f.value !== null && Number.isFinite(f.value))
  if (known.length === 0 || !Number.isFinite(typed)) return null
  const largest = known.reduce((a, b) => (b.value > a.value ? b : a))
  if (!tooLarge(typed, largest.value)) return null
  return { typed, expected: largest.value, kind: largest.kind, suggestion: suggestion(typed, largest.value) }
}

function suggestion(typed: number, expected: number): number | null {
  if (expected <= 0) return null
  const t = formatQty(typed)
  const e = formatQty(expected)
  const rest = t.startsWith(e) ? t.slice(e.length) : t.endsWith(e) ? t.slice(0, -e.length) : ''
  const parsed = parseQuantity(rest)
  if (!parsed.ok) return null
  const value = Math.round(parsed.value * 100)
  return value > 0 && !tooLarge(value, expected) ? value : null
}

export const PLAUSIBLE_MSG = {
  /** Figures as the form shows them: '250,246 bottles', '250'. */
  question: (typed: string, kind: ExpectedKind, expected: string) =>
    expected === '0' ? `${typed} is far more than the ${kind} of 0.` : `${typed} is more than ${IMPLAUSIBLE_FACTOR} times the ${kind} of ${expected}.`,
  didYouMean: (suggested: string) => `Did you mean ${suggested}?`,
  title: 'Check this figure',
  use: (suggested: string) => `Use ${suggested}`,
  keep: (typed: string) => `Keep ${typed}`,
  back: 'Go back',
} as const
