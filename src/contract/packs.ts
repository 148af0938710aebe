import * as v from 'valibot'
import { amount, id, MAX_AMOUNT, safeName } from './fields'

// Pack sizes (issue 17): an item keeps its base unit and may be counted in up to 5 named packs
// (base L: bottle 0.75, case 9). Sizes are base units with 2 decimals, stored as integer hundredths.

export interface Pack {
  id: number
  name: string
  /** Base units in one pack, e.g. 0.75 (L in a bottle). */
  size: number
}

export const MAX_PACKS = 5

export const PACK_MSG = {
  tooMany: `packs: at most ${MAX_PACKS} pack sizes per item`,
  duplicate: (name: string) => `packs: the name "${name}" is used twice (pack names are unique per item, in any case)`,
  unknownPack: (id: number) => `pack_id ${id} is not one of this item's packs`,
  notExact: 'The counted quantity must come to at most 2 decimals of the base unit',
  tooLarge: 'The counted quantity is too large',
} as const

const packInput = v.strictObject({
  name: safeName('packs.name', 30),
  size: amount('packs.size', 0.01),
})

/** `packs: [{ name, size }]` on POST/PUT /items: the whole list (order kept), at most 5, names unique per item. */
export const PacksField = v.pipe(
  v.array(packInput, 'packs must be a list of { name, size }'),
  v.maxLength(MAX_PACKS, PACK_MSG.tooMany),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const seen = new Set<string>()
    for (const p of dataset.value) {
      const key = p.name.toLocaleLowerCase()
      if (seen.has(key)) addIssue({ message: PACK_MSG.duplicate(p.name) })
      seen.add(key)
    }
  }),
)
export type PackInput = v.InferOutput<typeof PacksField>[number]

/** A count typed in packs: whole packs of each size plus a loose quantity in the base unit. */
export interface PackedQuantity {
  packs: { pack_id: number; quantity: number }[]
  loose?: number
}

export const PackedQuantitySchema = v.strictObject({
  packs: v.pipe(
    v.array(
      v.strictObject({
        pack_id: id('pack_id'),
        quantity: v.pipe(v.number('packs.quantity must be a number'), v.integer('packs.quantity must be a whole number of packs'), v.minValue(0, 'packs.quantity must be at least 0'), v.maxValue(MAX_AMOUNT, 'packs.quantity is too large')),
      }),
      'packs must be a list of { pack_id, quantity }',
    ),
    v.maxLength(MAX_PACKS, PACK_MSG.tooMany),
  ),
  loose: v.optional(amount('loose'), 0),
})

/** Hundredths of a decimal given to at most 2 places (validated before), without float noise. */
const hundredths = (n: number) => Math.round(n * 100)

/**
 * Packs and loose → base units in hundredths, exactly: pack sizes are hundredths and pack counts
 * whole, so the sum is an integer. An unknown pack_id, or a total past MAX_AMOUNT, is an error.
 */
export function packedToHundredths(q: PackedQuantity, packs: readonly Pick<Pack, 'id' | 'size'>[]): { ok: true; hundredths: number } | { ok: false; message: string } {
  let total = hundredths(q.loose ?? 0)
  for (const p of q.packs) {
    const pack = packs.find((k) => k.id === p.pack_id)
    if (!pack) return { ok: false, message: PACK_MSG.unknownPack(p.pack_id) }
    if (!Number.isInteger(p.quantity) || p.quantity < 0) return { ok: false, message: 'packs.quantity must be a whole number of packs' }
    total += p.quantity * hundredths(pack.size)
  }
  if (!Number.isSafeInteger(total)) return { ok: false, message: PACK_MSG.notExact }
  if (total > MAX_AMOUNT * 100) return { ok: false, message: PACK_MSG.tooLarge }
  return { ok: true, hundredths: total }
}

/** The same in base units (a decimal with at most 2 places): 1 case (9) + 3 bottles (0.75) + 0.4 → 11.65. */
export const packedToBase = (q: PackedQuantity, packs: readonly Pick<Pack, 'id' | 'size'>[]): number => {
  const r = packedToHundredths(q, packs)
  if (!r.ok) throw new Error(r.message)
  return r.hundredths / 100
}

/**
 * A quantity (base units, decimal) split into packs, largest first, and a loose rest:
 * 21.65 L with case 9 and bottle 0.75 → { packs: [case 2, bottle 4], loose: 0.65 }. Exact (hundredths).
 */
export function splitIntoPacks(quantity: number, packs: readonly Pack[]): { packs: { pack: Pack; count: number }[]; loose: number } {
  let rest = hundredths(Math.abs(quantity))
  const parts: { pack: Pack; count: number }[] = []
  for (const pack of [...packs].sort((a, b) => b.size - a.size)) {
    const size = hundredths(pack.size)
    const count = Math.floor(rest / size)
    rest -= count * size
    parts.push({ pack, count })
  }
  return { packs: parts, loose: rest / 100 }
}

/** "3 bottle", but "3 × 750 ml" when the unit or pack is named by a figure: "3 750ml" reads as 3,750 ml (issue 32). */
export const times = (n: number | string, name: string) => (/^\s*\d/.test(name) ? `${n} × ${name}` : `${n} ${name}`)

/**
 * "2 case + 3 bottle + 0.4 L" where packs exist (zero parts left out), "11.65 L" without packs,
 * "0 L" for nothing. A negative quantity (a variance) gets a leading minus: "−1 case + 0.5 L".
 */
export function formatPacked(quantity: number, unit: string, packs: readonly Pack[] = []): string {
  const sign = quantity < 0 ? '−' : ''
  if (packs.length === 0) return `${sign}${times(Math.abs(quantity), unit)}`
  const { packs: parts, loose } = splitIntoPacks(quantity, packs)
  const text = parts.filter((p) => p.count > 0).map((p) => times(p.count, p.pack.name))
  if (loose > 0 || text.length === 0) text.push(times(loose, unit))
  return sign + text.join(' + ')
}
