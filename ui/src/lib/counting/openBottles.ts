// Open bottles on a count line (issue 35): the weights and tenths as typed, turned into the item's unit with the
// contract's own conversion (the server converts again and is the judge), and the line's "3 full + 1.47 L open".
import { formatMl, mlPerUnit, openQuantity, storedFromFacts, type BottleFacts } from '../../../../src/contract/bar'
import { div, exact, hundredths as ofHundredths } from '../../../../src/contract/exact'
import type { CountLine } from '../../../../src/contract/counts'
import { parseQuantity } from '../../../../src/contract/quantity'

/** What the open-bottle fields hold: one text per weighed bottle (g), one per bottle judged in tenths. */
export interface OpenDraft {
  weights: string[]
  tenths: string[]
}

export const hasOpen = (o: OpenDraft | undefined): o is OpenDraft => !!o && [...o.weights, ...o.tenths].some((t) => t.trim() !== '')

/** The fields for what the server holds. */
export const openDraftFrom = (line: Pick<CountLine, 'open'>): OpenDraft | undefined =>
  line.open ? { weights: line.open.weights_g.map(String), tenths: line.open.tenths.map(String) } : undefined

const TENTHS = 'Tenths are whole numbers from 0 to 10'

/** The typed open bottles → the body's arrays, their part of the line (hundredths of the item's unit) and ml; or a message. */
export function parseOpen(o: OpenDraft, line: { item_name: string; unit: string; bottle: BottleFacts | null }):
  | { ok: true; open_weights_g: number[]; open_tenths: number[]; hundredths: number; ml: number }
  | { ok: false; message: string } {
  const weights: number[] = []
  for (const t of o.weights) {
    if (t.trim() === '') continue
    const r = parseQuantity(t)
    if (!r.ok) return { ok: false, message: r.message }
    weights.push(r.value)
  }
  const tenths: number[] = []
  for (const t of o.tenths) {
    if (t.trim() === '') continue
    const r = parseQuantity(t, 0)
    if (!r.ok || r.value < 0 || r.value > 10) return { ok: false, message: TENTHS }
    tenths.push(r.value)
  }
  const q = openQuantity({ name: line.item_name, unit: line.unit, bottle: line.bottle && storedFromFacts(line.bottle) }, weights.map((w) => Math.round(w * 100)), tenths)
  if (!q.ok) return q
  const ml = Number((2n * q.ml.n * 100n + q.ml.d) / (2n * q.ml.d)) / 100
  return { ok: true, open_weights_g: weights, open_tenths: tenths, hundredths: q.hundredths, ml }
}

/**
 * "3 full + 1.47 L open": the full part (hundredths of the item's unit) in bottles when it is whole bottles, else in
 * the unit, then the open bottles' volume.
 */
export function fullAndOpen(fullHundredths: number, ml: number, line: { unit: string; bottle: BottleFacts }): string {
  if (fullHundredths === 0) return `${formatMl(ml)} open`
  const per = mlPerUnit(line.unit, Math.round(line.bottle.bottle_ml * 100))
  const bottles = per && div(ofHundredths(fullHundredths), div(exact(Math.round(line.bottle.bottle_ml * 100), 100), per))
  const full = bottles && bottles.d === 1n ? String(bottles.n) : `${fullHundredths / 100} ${line.unit}`
  return `${full} full + ${formatMl(ml)} open`
}
