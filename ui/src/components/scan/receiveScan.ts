import type { ResolvedBarcode } from '../../../../src/contract/barcodes'

/** An order line as receiving sees it: the item, its pack (quantities are in that pack) and its base unit. */
export interface ReceivingLine {
  id: number
  item_id: number
  unit: string
  pack: { id: number; size: number } | null
}

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * What one scan adds to a delivery: the order line it finds (the same item, the same pack first) and the
 * quantity in that line's units — one pack; a unit or another pack converted by size; a GS1 net weight
 * (310n) for a line counted in kg without a pack. The expiry (17, else best before 15) and lot (10) come along.
 */
export function receiveScan<L extends ReceivingLine>(lines: readonly L[], r: ResolvedBarcode): { line: L; add: number; expiry: string | null; lot: string | null } | null {
  if (!r.item) return null
  const packId = r.pack?.id ?? null
  const line = lines.find((l) => l.item_id === r.item!.id && (l.pack?.id ?? null) === packId) ?? lines.find((l) => l.item_id === r.item!.id)
  if (!line) return null
  const scannedBase = r.pack ? r.pack.size : 1
  let add: number
  if (r.gs1?.net_kg !== undefined && !line.pack && line.unit.toLowerCase() === 'kg') add = r.gs1.net_kg
  else if ((line.pack?.id ?? null) === packId) add = 1
  else add = round2(scannedBase / (line.pack ? line.pack.size : 1))
  return { line, add, expiry: r.gs1?.expiry ?? r.gs1?.best_before ?? null, lot: r.gs1?.lot ?? null }
}
