import { BARCODE_MSG, innerGtin, normaliseCode, parseGs1, type AddBarcodeInput, type ItemBarcode, type ResolvedBarcode, type SheetCode } from '../../contract/barcodes'
import type { User } from '../../contract/auth'
import { fromCents } from '../../contract/fixed'
import type { ServiceDeps } from '../../db/service-deps'
import { badRequest, conflict, notFound } from '../../lib/errors'
import * as repo from './repo'
import { packOfItem, refreshUnitCopy } from '../stock'

const toBarcode = (r: repo.BarcodeRow): ItemBarcode => ({
  id: r.id,
  item_id: r.item_id,
  code: r.code,
  // A 14-digit code kept with a wrong check digit is no GTIN.
  gtin: r.checked === 1 && /^\d{14}$/.test(r.code) ? r.code : null,
  checked: r.checked === 1,
  pack_id: r.pack_id,
  pack_name: r.pack_name,
  created_at: r.created_at,
})

/** Labels printed by RIMS for items that have no code: Code 128 of `RIMS-<id>`. */
export const HOUSE_LABEL = /^RIMS-(\d{1,12})$/

export type BarcodeService = ReturnType<typeof createBarcodeService>

export function createBarcodeService({ db, clock }: ServiceDeps) {
  const item = (id: number) => repo.itemBrief(db, id) ?? (() => { throw notFound('Item') })()

  /** The code a person or a scanner gave: a GS1 string's GTIN, else the normalised code (400 with the reason). */
  const codeOf = (raw: string) => {
    const gs1 = parseGs1(raw, clock())
    if (gs1 && !gs1.ok) throw badRequest(gs1.message)
    if (gs1?.ok) {
      if (!gs1.data.gtin) throw badRequest(BARCODE_MSG.gs1('no GTIN (01) to link'))
      return gs1.data.gtin
    }
    const n = normaliseCode(raw)
    if (!n.ok) throw badRequest(n.message)
    return n.code
  }

  return {
    list(itemId: number): ItemBarcode[] {
      item(itemId)
      return repo.listCodes(db, itemId).map(toBarcode)
    },

    add(itemId: number, input: AddBarcodeInput, user: User): ItemBarcode {
      return db
        .transaction(() => {
          item(itemId)
          const code = codeOf(input.code)
          const holder = repo.holderOf(db, code, itemId)
          if (holder) throw conflict(BARCODE_MSG.taken(holder.name))
          if (repo.findCode(db, code)) throw conflict(BARCODE_MSG.takenHere)
          if (input.pack_id !== null && !packOfItem(db, itemId, input.pack_id)) throw badRequest(BARCODE_MSG.packNotOnItem)
          const id = repo.insertCode(db, { itemId, code, packId: input.pack_id, userId: user.id, at: clock().toISOString() })
          refreshUnitCopy(db, itemId)
          return toBarcode(repo.listCodes(db, itemId).find((r) => r.id === id)!)
        })
        .immediate()
    },

    remove(itemId: number, raw: string) {
      db.transaction(() => {
        item(itemId)
        const n = normaliseCode(raw)
        // A code stored before check digits were verified is removed as it was typed.
        const removed = (n.ok && repo.deleteCode(db, itemId, n.code)) || repo.deleteCode(db, itemId, raw.trim())
        if (!removed) throw notFound('Barcode')
        refreshUnitCopy(db, itemId)
      }).immediate()
    },

    /** The codes of a count's items (unit and pack codes), for the phone's stored sheet. */
    countCodes(countId: number): SheetCode[] {
      if (!repo.countExists(db, countId)) throw notFound('Stock count')
      return repo.countCodes(db, countId)
    },

    /** One lookup for every screen: the code, its GS1 data, the item and pack it is on, or a suggestion. */
    resolve(raw: string): ResolvedBarcode {
      const parsed = parseGs1(raw, clock())
      if (parsed && !parsed.ok) throw badRequest(parsed.message)
      const gs1 = parsed?.ok ? parsed.data : null
      let code: string | null
      let checked = true
      if (gs1) code = gs1.gtin ?? null
      else {
        const n = normaliseCode(raw)
        // A stored code that predates check-digit checks (a house label with 12 digits) is still found.
        if (!n.ok && !repo.findCode(db, raw.trim())) throw badRequest(n.message)
        code = n.ok ? n.code : raw.trim()
        checked = n.ok
      }
      const out: ResolvedBarcode = { code, gtin: checked && code && /^\d{14}$/.test(code) ? code : null, gs1, item: null, pack: null, suggestion: null }
      if (code === null) return out
      const found = repo.findCode(db, code)
      if (found) {
        out.item = { id: found.item_id, name: found.item_name, unit: found.unit, is_active: found.is_active === 1, current_quantity: fromCents(found.current_quantity) }
        if (found.pack_id !== null && found.pack_name !== null) out.pack = { id: found.pack_id, name: found.pack_name, size: fromCents(found.pack_size!) }
        return out
      }
      const house = HOUSE_LABEL.exec(code)
      const byId = house ? repo.itemBrief(db, Number(house[1])) : null
      if (byId) {
        out.item = { id: byId.id, name: byId.name, unit: byId.unit, is_active: byId.is_active === 1, current_quantity: fromCents(byId.current_quantity) }
        return out
      }
      const inner = out.gtin ? innerGtin(out.gtin) : null
      const unit = inner ? repo.findCode(db, inner) : null
      if (inner && unit) {
        out.suggestion = {
          item_id: unit.item_id,
          item_name: unit.item_name,
          inner_gtin: inner,
          reason: `Its first digit marks a case of ${unit.item_name}'s code; link it as one of that item's packs if it is one`,
        }
      }
      return out
    },
  }
}
