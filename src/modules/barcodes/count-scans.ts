import { displayCode, SCAN_MSG, type CountScanAnswer, type CountScanInput } from '../../contract/barcodes'
import type { User } from '../../contract/auth'
import { fromCents, toCents } from '../../contract/fixed'
import type { ServiceDeps } from '../../db/service-deps'
import { AppError, badRequest, conflict, notFound } from '../../lib/errors'
import { countedLine, type CountService } from '../counts'
import { packOfItem } from '../stock'
import type { BarcodeService } from './service'

// Scans on a count sheet: each adds one of the scanned pack (or one base unit for a unit code) to the
// area's line, through the count service's own line rule (a new found line when the item is not on
// the area's list). Idempotent by scan_id; an undo takes the scan's quantity off again.

interface ScanRow {
  count_id: number
  scan_id: string
  area_id: number
  item_id: number
  pack_id: number | null
  quantity: number
  code: string
  undone_at: string | null
}

export type CountScanService = ReturnType<typeof createCountScanService>

/** `counts` is the app's count service (the wiring's): scans go through its line rule, never around it. */
export function createCountScanService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>, barcodes: BarcodeService, counts: CountService) {
  const findScan = (countId: number, scanId: string) =>
    db.query('SELECT count_id, scan_id, area_id, item_id, pack_id, quantity, code, undone_at FROM stock_count_scans WHERE count_id = $countId AND scan_id = $scanId').get({ countId, scanId }) as ScanRow | null
  const lineOf = (countId: number, user: User, areaId: number, itemId: number) => counts.get(countId, user).lines.find((l) => l.area_id === areaId && l.item_id === itemId)!
  const itemOf = (id: number) => db.query('SELECT id, name, unit FROM items WHERE id = $id').get({ id }) as { id: number; name: string; unit: string }
  const answer = (s: ScanRow, user: User, replayed: boolean): CountScanAnswer => {
    const pack = s.pack_id === null ? null : packOfItem(db, s.item_id, s.pack_id)
    return {
      scan_id: s.scan_id,
      item: itemOf(s.item_id),
      pack: pack && { id: pack.id, name: pack.name, size: fromCents(pack.size) },
      added: fromCents(s.quantity),
      line: lineOf(s.count_id, user, s.area_id, s.item_id),
      replayed,
    }
  }
  /** Sets the line to `counted` hundredths through the count service (status, area and found-line rules). */
  const setCounted = (countId: number, user: User, areaId: number, itemId: number, counted: number) =>
    counts.putLine(countId, user, { area_id: areaId, item_id: itemId, counted: fromCents(counted), found: true } as Parameters<typeof counts.putLine>[2])

  return {
    scan(countId: number, user: User, input: CountScanInput): { answer: CountScanAnswer; message: string } {
      return db
        .transaction(() => {
          const seen = findScan(countId, input.scan_id)
          const r = barcodes.resolve(input.raw)
          if (seen) {
            // The same scan sent again (a retry) is a replay; the same id for another code or area is a device bug.
            if (seen.code !== r.code || seen.area_id !== input.area_id) throw conflict(SCAN_MSG.scanIdReused(input.scan_id))
            return { answer: answer(seen, user, true), message: SCAN_MSG.replayed }
          }
          if (!r.code) throw badRequest(SCAN_MSG.noCode)
          if (!r.item) throw new AppError(404, SCAN_MSG.unknownCode(displayCode(r.code)))
          const quantity = r.pack ? toCents(r.pack.size) : 100
          const current = countedLine(db, countId, input.area_id, r.item.id)?.counted ?? 0
          setCounted(countId, user, input.area_id, r.item.id, current + quantity)
          db.query(
            `INSERT INTO stock_count_scans (count_id, scan_id, area_id, item_id, pack_id, quantity, code, user_id, scanned_at)
             VALUES ($countId, $scanId, $areaId, $itemId, $packId, $quantity, $code, $userId, $at)`,
          ).run({ countId, scanId: input.scan_id, areaId: input.area_id, itemId: r.item.id, packId: r.pack?.id ?? null, quantity, code: r.code, userId: user.id, at: clock().toISOString() })
          const row = findScan(countId, input.scan_id)!
          return { answer: answer(row, user, false), message: SCAN_MSG.added(r.pack ? r.pack.name : r.item.unit, r.item.name) }
        })
        .immediate()
    },

    /** Takes the scan's quantity off its line again (never below 0); undoing twice changes nothing more. */
    undo(countId: number, user: User, scanId: string): { answer: CountScanAnswer; message: string } {
      return db
        .transaction(() => {
          counts.get(countId, user) // 404 for a count that does not exist
          const s = findScan(countId, scanId)
          if (!s) throw notFound('Scan')
          if (s.undone_at) return { answer: answer(s, user, true), message: SCAN_MSG.alreadyUndone }
          const current = countedLine(db, countId, s.area_id, s.item_id)?.counted ?? 0
          setCounted(countId, user, s.area_id, s.item_id, Math.max(0, current - s.quantity))
          db.query('UPDATE stock_count_scans SET undone_at = $at, undone_by = $userId WHERE count_id = $countId AND scan_id = $scanId').run({ countId, scanId, at: clock().toISOString(), userId: user.id })
          return { answer: answer(findScan(countId, scanId)!, user, false), message: SCAN_MSG.undone }
        })
        .immediate()
    },
  }
}
