import {
  COUNT_MSG,
  countRemark,
  type AddLineInput,
  type ApproveAnswer,
  type CountLine,
  type FoundLine,
  type FoundLineInput,
  type ResolveFoundInput,
  type CountLineInput,
  type CountReview,
  type CountStatus,
  type ReviewLine,
  type StartCountInput,
  type StockCount,
  type StockCountDetail,
  type StorageArea,
  type StorageAreaItem,
  type SubmitAnswer,
  type UncountedChoice,
} from '../../contract/counts'
import { packedToHundredths } from '../../contract/packs'
import { costValueCents, fromCents, fromCost, toCents } from '../../contract/fixed'
import type { User } from '../../contract/auth'
import { MANAGER } from '../../contract/roles'
import type { StockServiceDeps } from '../stock'
import { replayOrRun, type IdempotencyScope } from '../../db/idempotency'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { markVerified, recordMovement } from '../stock'
import * as repo from './repo'

// Storage areas and count sessions (issue 17). Every balance change goes through stock/ledger.ts.

const isManager = (user: Pick<User, 'role_name'>) => user.role_name === MANAGER

/** cost (cents) × a signed quantity (hundredths) → signed value in cents, half away from zero. */
const signedValue = (cost: number, qty: number) => (qty < 0 ? -costValueCents(cost, -qty) : costValueCents(cost, qty))

/** Expected and variance are hidden while a blind count is OPEN (from everyone, in every answer). */
export const showsExpected = (c: Pick<repo.CountRow, 'blind' | 'status'>) => !(c.blind === 1 && c.status === 'OPEN')

/**
 * Whether the item's variance is over a threshold: its percentage of the expected figure is above
 * count_variance_pct (any variance of an item expected at 0), or its value above count_variance_value.
 */
export const overThreshold = (expected: number, variance: number, valueCentsAbs: number, pct: number, value: number) =>
  variance !== 0 && (expected === 0 || (Math.abs(variance) * 100) / expected > pct || valueCentsAbs > toCents(value))

export type CountService = ReturnType<typeof createCountService>

export function createCountService({ db, clock, settings, stockEvents }: StockServiceDeps) {
  const now = () => clock().toISOString()
  const areaRow = (id: number) => repo.findArea(db, id) ?? (() => { throw notFound('Storage area') })()
  const countRow = (id: number) => repo.findCount(db, id) ?? (() => { throw notFound('Stock count') })()

  const toCount = (r: repo.CountRow, areas: ReturnType<typeof repo.countAreas>): StockCount => {
    const mine = areas.filter((a) => a.count_id === r.id).map(({ id, name, lines, counted }) => ({ id, name, lines, counted, percent: lines ? Math.floor((counted * 100) / lines) : 100 }))
    return {
      id: r.id,
      status: r.status,
      blind: r.blind === 1,
      note: r.note,
      started_at: r.started_at,
      started_by: r.started_by,
      started_by_name: r.started_by_name,
      submitted_at: r.submitted_at,
      submitted_by: r.submitted_by,
      uncounted: r.uncounted,
      approved_at: r.approved_at,
      approved_by: r.approved_by,
      cancelled_at: r.cancelled_at,
      cancelled_by: r.cancelled_by,
      areas: mine,
      line_count: mine.reduce((n, a) => n + a.lines, 0),
      counted_count: mine.reduce((n, a) => n + a.counted, 0),
    }
  }
  const session = (id: number) => toCount(countRow(id), repo.countAreas(db, [id]))

  function toLine(l: repo.LineRow, packs: Map<number, { id: number; name: string; size: number }[]>, expected: boolean, value: boolean): CountLine {
    const line: CountLine = {
      area_id: l.area_id,
      item_id: l.item_id,
      item_name: l.item_name,
      unit: l.unit,
      packs: packs.get(l.item_id) ?? [],
      position: l.position,
      found: l.found === 1,
      counted: l.counted === null ? null : fromCents(l.counted),
      counted_by: l.counted_by,
      counted_by_name: l.counted_by_name,
      counted_at: l.counted_at,
    }
    if (expected) {
      const variance = l.item_counted === null ? null : l.item_counted - l.expected
      line.expected = fromCents(l.expected)
      line.variance = variance === null ? null : fromCents(variance)
      if (value) line.variance_value = variance === null ? null : fromCents(signedValue(l.cost_e5, variance))
    }
    return line
  }

  function lines(c: repo.CountRow, user: User, only?: { areaId: number; itemId: number }): CountLine[] {
    const rows = repo.countLines(db, c.id).filter((l) => !only || (l.area_id === only.areaId && l.item_id === only.itemId))
    const packs = repo.packsOfItems(db, [...new Set(rows.map((r) => r.item_id))])
    return rows.map((l) => toLine(l, packs, showsExpected(c), isManager(user)))
  }

  const toFound = (f: repo.FoundRow): FoundLine => ({
    ...f,
    counted: fromCents(f.counted),
    item_quantity: f.item_quantity === null ? null : fromCents(f.item_quantity),
  })
  const foundLines = (id: number) => repo.foundLines(db, id).map(toFound)

  function review(id: number): CountReview {
    const c = countRow(id)
    if (!showsExpected(c)) throw conflict('This is a blind count: its variances are shown once it is submitted')
    const s = settings.get()
    const rows = repo.itemTotals(db, id)
    const packs = repo.packsOfItems(db, rows.map((r) => r.item_id))
    let gains = 0
    let losses = 0
    const out: ReviewLine[] = rows.map((r) => {
      const variance = r.counted === null ? null : r.counted - r.expected
      const value = variance === null ? null : signedValue(r.cost_e5, variance)
      if (value !== null && value > 0) gains += value
      if (value !== null && value < 0) losses += value
      return {
        item_id: r.item_id,
        item_name: r.item_name,
        unit: r.unit,
        packs: packs.get(r.item_id) ?? [],
        area_names: r.area_names ? r.area_names.split('|') : [],
        area_ids: r.area_ids ? r.area_ids.split('|').map(Number) : [],
        expected: fromCents(r.expected),
        counted: r.counted === null ? null : fromCents(r.counted),
        variance: variance === null ? null : fromCents(variance),
        cost_price: fromCost(r.cost_e5),
        variance_value: value === null ? null : fromCents(value),
        over_threshold: variance !== null && overThreshold(r.expected, variance, Math.abs(value!), s.count_variance_pct, s.count_variance_value),
        reason: r.reason,
        found_quantity: r.found_quantity === null ? null : fromCents(r.found_quantity),
      }
    })
    out.sort((a, b) => Math.abs(b.variance_value ?? 0) - Math.abs(a.variance_value ?? 0) || a.item_name.localeCompare(b.item_name) || a.item_id - b.item_id)
    const found = foundLines(id)
    return {
      count: toCount(c, repo.countAreas(db, [id])),
      lines: out,
      totals: { gains: fromCents(gains), losses: fromCents(losses), net: fromCents(gains + losses) },
      thresholds: { count_variance_pct: s.count_variance_pct, count_variance_value: s.count_variance_value },
      needs_reason: out.filter((l) => l.over_threshold && !l.reason).length,
      found_lines: found,
      unresolved_found: found.filter((f) => f.resolution === null).length,
    }
  }

  return {
    // ---------- Storage areas ----------
    listAreas: (): StorageArea[] => repo.listAreas(db),
    area: (id: number): StorageArea => areaRow(id),
    createArea(name: string): StorageArea {
      return db
        .transaction(() => {
          if (repo.areaNameTaken(db, name)) throw conflict(COUNT_MSG.areaTaken)
          return areaRow(repo.insertArea(db, name, now()))
        })
        .immediate()
    },
    renameArea(id: number, name: string): StorageArea {
      return db
        .transaction(() => {
          areaRow(id)
          if (repo.areaNameTaken(db, name, id)) throw conflict(COUNT_MSG.areaTaken)
          repo.renameArea(db, id, name, now())
          return areaRow(id)
        })
        .immediate()
    },
    deleteArea(id: number) {
      db.transaction(() => {
        const a = areaRow(id)
        if (a.open_count_id !== null) throw conflict(COUNT_MSG.areaInCount(a.name, a.open_count_id))
        repo.deleteArea(db, id)
      }).immediate()
    },
    areaItems(id: number): StorageAreaItem[] {
      areaRow(id)
      return repo.areaItems(db, id)
    },
    /** The area's items and shelf order: the order of the array. An open count keeps the sheet it started with. */
    setAreaItems(id: number, itemIds: number[]): StorageAreaItem[] {
      return db
        .transaction(() => {
          areaRow(id)
          const missing = repo.missingItems(db, itemIds)
          if (missing.length) throw badRequest(COUNT_MSG.unknownItems(missing.slice(0, 10)))
          repo.setAreaItems(db, id, itemIds, now())
          return repo.areaItems(db, id)
        })
        .immediate()
    },

    // ---------- Count sessions ----------
    list(status: CountStatus | undefined, page: number, limit: number) {
      const { rows, total } = repo.listCounts(db, status, limit, (page - 1) * limit)
      const areas = repo.countAreas(db, rows.map((r) => r.id))
      return { rows: rows.map((r) => toCount(r, areas)), total }
    },

    get(id: number, user: User): StockCountDetail {
      const c = countRow(id)
      return { ...toCount(c, repo.countAreas(db, [id])), lines: lines(c, user), found_lines: foundLines(id) }
    },

    start(user: User, input: StartCountInput): StockCountDetail {
      const id = db
        .transaction(() => {
          const exist = repo.areasExist(db, input.area_ids)
          const unknown = input.area_ids.find((a) => !exist.has(a))
          if (unknown !== undefined) throw badRequest(COUNT_MSG.unknownArea(unknown))
          const busy = repo.busyArea(db, input.area_ids)
          if (busy) throw conflict(COUNT_MSG.areaBusy(busy.name, busy.count_id, busy.status))
          return repo.insertCount(db, { blind: input.blind, note: input.note?.trim() || null, userId: user.id, at: now(), areaIds: input.area_ids })
        })
        .immediate()
      return this.get(id, user)
    },

    /**
     * One line: idempotent, last write wins, records who and when. Answers the line as its reader may see it, or
     * null for a reason given to an item that is on the count only through a found line mapped to it (no line).
     */
    putLine(id: number, user: User, input: CountLineInput): CountLine | null {
      return db
        .transaction(() => {
          const c = countRow(id)
          const entering = input.counted !== undefined || input.packs !== undefined || input.loose !== undefined
          if (entering && c.status !== 'OPEN') throw conflict(COUNT_MSG.notOpen(c.status))
          if (!entering && c.status !== 'OPEN' && c.status !== 'SUBMITTED') throw conflict(COUNT_MSG.reasonClosed(c.status))
          if (!repo.countHasArea(db, id, input.area_id)) throw badRequest(COUNT_MSG.areaNotInSession)
          let line = repo.findLine(db, id, input.area_id, input.item_id)
          if (!line && !entering && repo.itemInCount(db, id, input.item_id)) {
            repo.setReason(db, id, input.item_id, input.reason?.trim() || null)
            return lines(c, user, { areaId: input.area_id, itemId: input.item_id })[0] ?? null
          }
          if (!line) {
            if (!input.found || !entering) throw badRequest(COUNT_MSG.notInSession)
            const item = repo.itemForCount(db, input.item_id)
            if (!item) throw notFound('Item')
            if (!item.is_active) throw conflict(COUNT_MSG.itemInactive)
            repo.addFoundLine(db, { id, areaId: input.area_id, itemId: input.item_id })
            line = { counted: null }
          }
          if (entering) {
            let counted: number | null
            if (input.counted !== undefined) counted = input.counted === null ? null : toCents(input.counted)
            else {
              const packs = repo.packsOfItems(db, [input.item_id]).get(input.item_id) ?? []
              const r = packedToHundredths({ packs: input.packs ?? [], loose: input.loose ?? 0 }, packs)
              if (!r.ok) throw badRequest(r.message)
              counted = r.hundredths
            }
            repo.setLine(db, { id, areaId: input.area_id, itemId: input.item_id, counted, userId: user.id, at: now() })
          }
          if (input.reason !== undefined) repo.setReason(db, id, input.item_id, input.reason?.trim() || null)
          return lines(c, user, { areaId: input.area_id, itemId: input.item_id })[0]
        })
        .immediate()
    },

    /**
     * An item of the catalogue found on the shelf, added to an OPEN count's area as an uncounted line (issue 32.3).
     * An item already on that area's sheet is refused; a retry with the same Idempotency-Key answers the first line.
     */
    addLine(id: number, user: User, input: AddLineInput, scope: IdempotencyScope): { line: CountLine; message: string } {
      const at = clock()
      return db
        .transaction(() =>
          replayOrRun(db, scope, at, () => {
            const c = countRow(id)
            if (c.status !== 'OPEN') throw conflict(COUNT_MSG.notOpen(c.status))
            const area = repo.areaName(db, id, input.area_id)
            if (area === null) throw badRequest(COUNT_MSG.areaNotInSession)
            const item = repo.itemForCount(db, input.item_id)
            if (!item) throw notFound('Item')
            if (repo.findLine(db, id, input.area_id, input.item_id)) throw conflict(COUNT_MSG.alreadyOnSheet(item.name, area))
            if (!item.is_active) throw conflict(COUNT_MSG.itemInactive)
            repo.addFoundLine(db, { id, areaId: input.area_id, itemId: input.item_id })
            return { line: lines(c, user, { areaId: input.area_id, itemId: input.item_id })[0], message: COUNT_MSG.lineAdded(item.name, area) }
          }),
        )
        .immediate()
    },

    /** A product not in the catalogue: a found line that changes no figure until a Manager resolves it. */
    addFound(id: number, user: User, input: FoundLineInput, scope: IdempotencyScope): FoundLine {
      const at = clock()
      return db
        .transaction(() =>
          replayOrRun(db, scope, at, () => {
            const c = countRow(id)
            if (c.status !== 'OPEN') throw conflict(COUNT_MSG.notOpen(c.status))
            if (!repo.countHasArea(db, id, input.area_id)) throw badRequest(COUNT_MSG.areaNotInSession)
            const foundId = repo.insertFound(db, { id, areaId: input.area_id, name: input.name, note: input.note?.trim() || null, counted: toCents(input.counted), userId: user.id, at: at.toISOString() })
            return toFound(repo.findFound(db, id, foundId)!)
          }),
        )
        .immediate()
    },

    /**
     * Maps a found line to an item (its quantity, in the item's base unit, then counts for that item at approval)
     * or discards it (it posts nothing). OPEN or SUBMITTED; a later resolution replaces an earlier one.
     */
    resolveFound(id: number, foundId: number, user: User, input: ResolveFoundInput): FoundLine {
      return db
        .transaction(() => {
          const c = countRow(id)
          if (c.status !== 'OPEN' && c.status !== 'SUBMITTED') throw conflict(COUNT_MSG.foundClosed(c.status))
          const f = repo.findFound(db, id, foundId)
          if (!f) throw notFound('Found line')
          const at = now()
          if (input.discard) repo.resolveFound(db, { id, foundId, resolution: 'DISCARDED', itemId: null, quantity: null, userId: user.id, at })
          else {
            const item = repo.itemForCount(db, input.item_id!)
            if (!item) throw notFound('Item')
            if (!item.is_active) throw conflict(COUNT_MSG.itemInactive)
            const quantity = input.item_quantity !== undefined ? toCents(input.item_quantity) : f.counted
            repo.resolveFound(db, { id, foundId, resolution: 'MAPPED', itemId: item.id, quantity, userId: user.id, at })
            repo.addMappedItem(db, id, item.id, f.added_at)
          }
          repo.dropUnusedItems(db, id)
          return toFound(repo.findFound(db, id, foundId)!)
        })
        .immediate()
    },

    submit(id: number, user: User, choice: UncountedChoice): SubmitAnswer {
      return db
        .transaction(() => {
          const c = countRow(id)
          if (c.status !== 'OPEN') throw conflict(COUNT_MSG.notSubmittable(c.status))
          const uncounted = repo.uncountedLines(db, id)
          const at = now()
          if (choice === 'ZERO') repo.zeroUncounted(db, id, user.id, at)
          repo.setStatus(db, id, ['OPEN'], 'SUBMITTED', { submitted_at: at, submitted_by: user.id, uncounted: choice })
          return { count: session(id), uncounted_lines: uncounted }
        })
        .immediate()
    },

    review,

    /**
     * Posts, per item, its counted total over its areas minus the snapshot as one COUNT ledger row
     * (movements made during the count stay in the balance), stamps last_verified_at on every counted
     * item, all in one transaction. Any item that would go negative refuses the whole approval.
     */
    approve(id: number, user: User): ApproveAnswer {
      return db
        .transaction(() => {
          const c = countRow(id)
          if (c.status !== 'SUBMITTED') throw conflict(COUNT_MSG.notApprovable(c.status))
          const r = review(id)
          const unresolved = r.found_lines.filter((f) => f.resolution === null)
          if (unresolved.length) throw conflict(COUNT_MSG.foundUnresolved(unresolved.slice(0, 10).map((f) => f.name)))
          const missingReason = r.lines.filter((l) => l.over_threshold && !l.reason)
          if (missingReason.length) throw conflict(COUNT_MSG.needsReason(missingReason.slice(0, 10).map((l) => l.item_name)))
          const rows = repo.itemTotals(db, id).filter((t) => t.counted !== null)
          const moving = rows.filter((t) => t.counted !== t.expected)
          const inactive = moving.filter((t) => t.is_active !== 1)
          if (inactive.length) throw conflict(COUNT_MSG.inactiveItems(inactive.map((t) => t.item_name)))
          const negative = moving.filter((t) => t.current_quantity + (t.counted! - t.expected) < 0)
          if (negative.length) throw conflict(COUNT_MSG.wouldGoNegative(negative.map((t) => t.item_name)))
          const at = now()
          const posted: ApproveAnswer['posted'] = []
          for (const t of moving.sort((a, b) => a.item_id - b.item_id)) {
            const delta = t.counted! - t.expected
            const m = recordMovement(db, stockEvents, { itemId: t.item_id, type: 'ADJUSTMENT', quantity: delta, remarks: t.reason ? `${countRemark(id)}: ${t.reason}` : countRemark(id), userId: user.id, sourceType: 'COUNT', sourceId: id, sourceLineId: t.item_id, at })
            posted.push({ item_id: t.item_id, item_name: t.item_name, movement_id: m.id, quantity: fromCents(delta) })
          }
          markVerified(db, rows.map((t) => t.item_id), at)
          if (repo.setStatus(db, id, ['SUBMITTED'], 'APPROVED', { approved_at: at, approved_by: user.id }) !== 1) throw conflict(COUNT_MSG.notApprovable(c.status))
          return { count: session(id), posted, verified: rows.length }
        })
        .immediate()
    },

    cancel(id: number, user: User): StockCount {
      return db
        .transaction(() => {
          const c = countRow(id)
          if (c.status !== 'OPEN' && c.status !== 'SUBMITTED') throw conflict(COUNT_MSG.notCancellable(c.status))
          repo.setStatus(db, id, ['OPEN', 'SUBMITTED'], 'CANCELLED', { cancelled_at: now(), cancelled_by: user.id })
          return session(id)
        })
        .immediate()
    },
  }
}
