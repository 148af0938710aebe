import type { User } from '../../contract/auth'
import { gtinCheckDigit } from '../../contract/barcodes'
import type { ServiceDeps } from '../../db/service-deps'
import { packsOf } from '../stock'
import { createBarcodeService } from './service'

// The demo's case codes (issue 32): a bottle's crate or case carries the bottle's GTIN with indicator 1 (the
// outer-case code), so scanning a crate counts 24 bottles and a case 6.

export function seedPackBarcodes(deps: ServiceDeps, user: User) {
  const barcodes = createBarcodeService(deps)
  const units = deps.db.query('SELECT item_id, code FROM item_barcodes WHERE pack_id IS NULL ORDER BY item_id').all() as { item_id: number; code: string }[]
  const packs = packsOf(deps.db, units.map((u) => u.item_id))
  for (const u of units) {
    const pack = packs.get(u.item_id)?.find((p) => p.name === 'crate' || p.name === 'case')
    if (!pack || !/^0\d{13}$/.test(u.code)) continue
    const body = `1${u.code.slice(1, 13)}`
    barcodes.add(u.item_id, { code: `${body}${gtinCheckDigit(body)}`, pack_id: pack.id }, user)
  }
}
