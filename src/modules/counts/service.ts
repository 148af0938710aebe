import {
  COUNT_MSG,
  countRemark,
  type AddLineInput,
  type ApproveAnswer,
  type CountLine,
  type CountEntry,
  type CountDevice,
  type EntriesAnswer,
  type ResolveLineInput,
  parseEntries,
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
import { bottleFacts, bottleOfColumns, openQuantity, type OpenBottles } from '../../contract/bar'
import { costValueCents, fromCents, fromCost, toCents } from '../../contract/fixed'
import type { User } from '../../contract/auth'
import { MANAGER } from '../../contract/roles'
import type { StockServiceDeps } from '../stock'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { markVerified, recordMovement } from '../stock'
import { recordAudit } from '../audit'
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

/** Entries in the order they were made: the device's instant, then the order stored. */
const entryOrder = (a: repo.EntryRow, b: repo.EntryRow) => (a.counted_at < b.counted_at ? -1 : a.counted_at > b.counted_at ? 1 : a.seq - b.seq)

/**
 * The entries that make a line's figure, given its entries in the order made: each counter's latest with a figure.
 * A save on the sheet (PUT …/lines, a scan: source SHEET) speaks for the whole line, as it always has: it
 * supersedes every entry stored before it (a clear clears the line), and entries stored after it compare with it.
 */
export function latestPerCounter(ordered: readonly repo.EntryRow[]): repo.EntryRow[] {
  const reset = ordered.reduce((m, e) => (e.source === 'SHEET' && e.seq > m ? e.seq : m), 0)
  const live = ordered.filter((e) => e.seq >= reset)
  const last = new Map<number, repo.EntryRow>()
  for (const e of live) last.set(e.user_id, e)
  return live.filter((e) => last.get(e.user_id) === e && e.counted !== null)
}

/** An entry's open bottles as the API shows them (weights in g), or null without. */
const toOpen = (e: Pick<repo.EntryRow, 'open_weights' | 'open_tenths' | 'open_ml'>): OpenBottles | null =>
  e.open_ml === null ? null : { weights_g: (JSON.parse(e.open_weights ?? '[]') as number[]).map(fromCents), tenths: JSON.parse(e.open_tenths ?? '[]'), ml: fromCents(e.open_ml) }

/**
 * Open bottles (issue 35) → their quantity in the item's unit (hundredths, rounded once) and what the entry keeps of
 * them; a weight outside the bottle's empty and full weights is refused naming both. None given: nothing.
 */
function openPart(db: StockServiceDeps['db'], itemId: number, weightsG: readonly number[] | undefined, tenths: readonly number[] | undefined, refuse: (m: string) => Error) {
  if (weightsG === undefined && tenths === undefined) return { hundredths: 0, open: null }
  const item = repo.bottleOfItem(db, itemId)
  if (!item) throw notFound('Item')
  const weights = (weightsG ?? []).map(toCents)
  const r = openQuantity({ name: item.name, unit: item.unit, bottle: bottleOfColumns(item) }, weights, tenths ?? [])
  if (!r.ok) throw refuse(r.message)
  const ml = Number((2n * r.ml.n * 100n + r.ml.d) / (2n * r.ml.d))
  return { hundredths: r.hundredths, open: { weights: JSON.stringify(weights), tenths: JSON.stringify(tenths ?? []), ml } }
}

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

  type LineExtras = { entries: CountEntry[]; state: ReturnType<typeof repo.lineResolutions>[number] | undefined }
  function toLine(l: repo.LineRow, packs: Map<number, { id: number; name: string; size: number }[]>, expected: boolean, value: boolean, extras: LineExtras): CountLine {
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
      double_count: extras.state?.double_count === 1,
      resolution: (extras.state?.resolution ?? null) as CountLine['resolution'],
      resolved_by_name: extras.state?.resolved_by_name ?? null,
      resolved_at: extras.state?.resolved_at ?? null,
      entries: extras.entries,
      open: extras.entries.findLast((e) => e.current)?.open ?? null,
      bottle: bottleOfColumns(l) ? bottleFacts(bottleOfColumns(l)!) : null,
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
    const states = new Map(repo.lineResolutions(db, c.id).map((r) => [`${r.area_id}:${r.item_id}`, r]))
    const entries = new Map<string, repo.EntryRow[]>()
    for (const e of repo.countEntries(db, c.id, only)) {
      const k = `${e.area_id}:${e.item_id}`
      const list = entries.get(k)
      if (list) list.push(e)
      else entries.set(k, [e])
    }
    return rows.map((l) => {
      const k = `${l.area_id}:${l.item_id}`
      const state = states.get(k)
      return toLine(l, packs, showsExpected(c), isManager(user), { state, entries: toEntries(entries.get(k) ?? [], state?.entry_floor ?? 0) })
    })
  }

  /** The entries of one line in the order they were made; each counter's latest since the floor is current. */
  function toEntries(rows: repo.EntryRow[], floor: number): CountEntry[] {
    const sorted = [...rows].sort(entryOrder)
    const current = new Set(latestPerCounter(sorted.filter((e) => e.seq > floor)).map((e) => e.seq))
    return sorted.map((e) => ({
      id: e.id,
      user_id: e.user_id,
      user_name: e.user_name,
      source: e.source,
      device_id: e.device_id,
      packs: JSON.parse(e.packs),
      loose: e.loose === null ? null : fromCents(e.loose),
      counted: e.counted === null ? null : fromCents(e.counted),
      counted_at: e.counted_at,
      stored_at: e.stored_at,
      current: current.has(e.seq),
      open: toOpen(e),
    }))
  }

  const devices = (id: number): CountDevice[] => repo.countDevices(db, id).map((d) => ({ ...d, device_id: d.device_id === '' ? null : d.device_id }))

  /**
   * A line's figure from its counters' latest entries since its last recount: one figure (or the same figure from
   * every counter) is the line's; different figures are a double count (the figure shown is the newest entry's,
   * approval is refused until a Manager resolves it). A KEEP or SUM holds until an entry newer than it arrives.
   */
  function settleLine(id: number, areaId: number, itemId: number) {
    const st = repo.lineState(db, id, areaId, itemId)
    if (!st) return
    const rows = repo.lineEntries(db, id, areaId, itemId, st.entry_floor)
    if (rows.length === 0) return
    const settled = st.resolution === 'KEEP' || st.resolution === 'SUM'
    if (settled && st.settled_seq !== null && rows.every((e) => e.seq <= st.settled_seq!)) return
    const figures = latestPerCounter(rows)
    const newest = figures.at(-1)
    repo.setLineFigure(db, {
      id,
      areaId,
      itemId,
      counted: newest?.counted ?? null,
      userId: newest?.user_id ?? null,
      at: newest?.counted_at ?? null,
      double: new Set(figures.map((e) => e.counted)).size > 1 ? 1 : 0,
      clearResolution: settled,
    })
  }

  const toFound = (f: repo.FoundRow): FoundLine => ({
    ...f,
    counted: fromCents(f.counted),
    item_quantity: f.item_quantity === null ? null : fromCents(f.item_quantity),
  })
  const foundLines = (id: number) => repo.foundLines(db, id).map(toFound)

  /** Each item's open bottles over its lines (issue 35): the ml (hundredths) of the entry that makes each line's figure. */
  function openPerItem(id: number): Map<number, number> {
    const byLine = new Map<string, repo.EntryRow[]>()
    for (const e of repo.countEntries(db, id)) {
      const k = `${e.area_id}:${e.item_id}`
      const list = byLine.get(k)
      if (list) list.push(e)
      else byLine.set(k, [e])
    }
    const floors = new Map(repo.lineResolutions(db, id).map((r) => [`${r.area_id}:${r.item_id}`, r.entry_floor]))
    const out = new Map<number, number>()
    for (const [k, rows] of byLine) {
      const sorted = rows.filter((e) => e.seq > (floors.get(k) ?? 0)).sort(entryOrder)
      const last = latestPerCounter(sorted).at(-1)
      if (last?.open_ml != null) out.set(last.item_id, (out.get(last.item_id) ?? 0) + last.open_ml)
    }
    return out
  }

  function review(id: number): CountReview {
    const c = countRow(id)
    if (!showsExpected(c)) throw conflict('This is a blind count: its variances are shown once it is submitted')
    const s = settings.get()
    const rows = repo.itemTotals(db, id)
    const packs = repo.packsOfItems(db, rows.map((r) => r.item_id))
    const openMl = openPerItem(id)
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
        open_ml: openMl.has(r.item_id) ? fromCents(openMl.get(r.item_id)!) : null,
      }
    })
    out.sort((a, b) => Math.abs(b.variance_value ?? 0) - Math.abs(a.variance_value ?? 0) || a.item_name.localeCompare(b.item_name) || a.item_id - b.item_id)
    const found = foundLines(id)
    const devs = devices(id)
    const doubles = repo.doubleCounts(db, id)
    return {
      count: toCount(c, repo.countAreas(db, [id])),
      lines: out,
      totals: { gains: fromCents(gains), losses: fromCents(losses), net: fromCents(gains + losses) },
      thresholds: { count_variance_pct: s.count_variance_pct, count_variance_value: s.count_variance_value },
      needs_reason: out.filter((l) => l.over_threshold && !l.reason).length,
      found_lines: found,
      unresolved_found: found.filter((f) => f.resolution === null).length,
      double_counts: doubles.length,
      double_count_lines: doubles.map(({ entry_floor, ...d }) => ({
        ...d,
        entries: toEntries(repo.countEntries(db, id, { areaId: d.area_id, itemId: d.item_id }), entry_floor).filter((e) => e.current),
      })),
      devices: devs,
      waiting: devs.reduce((n, d) => n + d.waiting, 0),
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
      const all = lines(c, user)
      const devs = devices(id)
      return {
        ...toCount(c, repo.countAreas(db, [id])),
        lines: all,
        found_lines: foundLines(id),
        devices: devs,
        waiting: devs.reduce((n, d) => n + d.waiting, 0),
        double_counts: all.filter((l) => l.double_count).length,
      }
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
          const entering = input.counted !== undefined || input.packs !== undefined || input.loose !== undefined || input.open_weights_g !== undefined || input.open_tenths !== undefined
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
            if (repo.lineState(db, id, input.area_id, input.item_id)?.double_count === 1) throw conflict(COUNT_MSG.lineDoubleCounted)
            let counted: number | null
            let open: ReturnType<typeof openPart>['open'] = null
            if (input.counted !== undefined) counted = input.counted === null ? null : toCents(input.counted)
            else {
              const packs = repo.packsOfItems(db, [input.item_id]).get(input.item_id) ?? []
              const r = packedToHundredths({ packs: input.packs ?? [], loose: input.loose ?? 0 }, packs)
              if (!r.ok) throw badRequest(r.message)
              const opened = openPart(db, input.item_id, input.open_weights_g, input.open_tenths, badRequest)
              open = opened.open
              counted = r.hundredths + opened.hundredths
            }
            // A save on the sheet is a SHEET entry of the signed-in user; it speaks for the whole line (issue 33, latestPerCounter).
            const at = now()
            repo.insertEntry(db, {
              entryId: crypto.randomUUID(),
              id,
              areaId: input.area_id,
              itemId: input.item_id,
              userId: user.id,
              source: 'SHEET',
              deviceId: null,
              packs: JSON.stringify(input.counted !== undefined ? [] : (input.packs ?? [])),
              loose: input.counted !== undefined || counted === null ? null : toCents(input.loose ?? 0),
              counted,
              countedAt: at,
              at,
              open,
            })
            settleLine(id, input.area_id, input.item_id)
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
      return writeOnce(db, scope, clock, () => {
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
      })
    },

    /** A product not in the catalogue: a found line that changes no figure until a Manager resolves it. */
    addFound(id: number, user: User, input: FoundLineInput, scope: IdempotencyScope): FoundLine {
      return writeOnce(db, scope, clock, (at) => {
        const c = countRow(id)
        if (c.status !== 'OPEN') throw conflict(COUNT_MSG.notOpen(c.status))
        if (!repo.countHasArea(db, id, input.area_id)) throw badRequest(COUNT_MSG.areaNotInSession)
        const foundId = repo.insertFound(db, { id, areaId: input.area_id, name: input.name, note: input.note?.trim() || null, counted: toCents(input.counted), userId: user.id, at: at.toISOString() })
        return toFound(repo.findFound(db, id, foundId)!)
      })
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

    /**
     * Issue 33: a batch of entries made on a phone, stored in one transaction (all or nothing). An id already held
     * with the same content is a replay (not stored again); with other content it refuses the batch. New entries
     * are taken only while the count is OPEN. The device's sync time and queue length are recorded.
     */
    storeEntries(id: number, user: User, input: { device_id?: string; queued?: number; entries: unknown[] }): EntriesAnswer {
      const parsed = parseEntries(input.entries)
      if (!parsed.ok) throw badRequest(parsed.message)
      const batch = parsed.entries
      return db
        .transaction(() => {
          const c = countRow(id)
          const held = new Map(repo.entriesByIds(db, batch.map((e) => e.id)).map((e) => [e.id, e]))
          const fresh: (typeof batch)[number][] = []
          for (const e of batch) {
            const h = held.get(e.id)
            if (!h) {
              fresh.push(e)
              continue
            }
            if (h.count_id !== id) throw conflict(COUNT_MSG.entryOtherCount(e.id))
            const same = h.area_id === e.area_id && h.item_id === e.item_id && h.user_id === user.id && h.counted_at === e.counted_at &&
              h.packs === JSON.stringify(e.packs ?? []) && h.loose === (e.loose === undefined ? null : toCents(e.loose)) &&
              h.open_weights === (e.open_weights_g === undefined && e.open_tenths === undefined ? null : JSON.stringify((e.open_weights_g ?? []).map(toCents))) &&
              h.open_tenths === (e.open_weights_g === undefined && e.open_tenths === undefined ? null : JSON.stringify(e.open_tenths ?? [])) &&
              (h.counted === null) === (e.cleared === true)
            if (!same) throw conflict(COUNT_MSG.entryDiffers(e.id))
          }
          if (fresh.length && c.status !== 'OPEN') throw conflict(COUNT_MSG.entriesClosed(c.status, fresh.length))
          const at = now()
          if (fresh.length) {
            const areas = new Set(repo.countAreas(db, [id]).map((a) => a.id))
            const onSheet = repo.lineKeys(db, id)
            const packs = repo.packsOfItems(db, [...new Set(fresh.map((e) => e.item_id))])
            const touched = new Map<string, { areaId: number; itemId: number }>()
            for (const e of fresh) {
              if (!areas.has(e.area_id)) throw badRequest(COUNT_MSG.entryAreaNotInSession(e.id))
              const key = `${e.area_id}:${e.item_id}`
              if (!onSheet.has(key)) throw badRequest(COUNT_MSG.entryNotOnSheet(e.id))
              const r = packedToHundredths({ packs: e.packs ?? [], loose: e.loose ?? 0 }, packs.get(e.item_id) ?? [])
              if (!r.ok) throw badRequest(COUNT_MSG.entryBadPacks(e.id, r.message))
              const opened = openPart(db, e.item_id, e.open_weights_g, e.open_tenths, (m) => badRequest(COUNT_MSG.entryBadPacks(e.id, m)))
              repo.insertEntry(db, {
                entryId: e.id,
                id,
                areaId: e.area_id,
                itemId: e.item_id,
                userId: user.id,
                source: 'PHONE',
                deviceId: input.device_id ?? null,
                packs: JSON.stringify(e.packs ?? []),
                loose: e.loose === undefined ? null : toCents(e.loose),
                // A cleared entry: this counter has no figure for the line now (latestPerCounter skips it).
                counted: e.cleared ? null : r.hundredths + opened.hundredths,
                countedAt: e.counted_at,
                at,
                open: opened.open,
              })
              touched.set(key, { areaId: e.area_id, itemId: e.item_id })
            }
            for (const t of touched.values()) settleLine(id, t.areaId, t.itemId)
          }
          if (input.device_id !== undefined || input.queued !== undefined) {
            repo.recordDevice(db, { id, userId: user.id, deviceId: input.device_id ?? '', at, waiting: input.queued ?? 0 })
          }
          return { stored: batch.map((e) => e.id), added: fresh.length, replayed: batch.length - fresh.length }
        })
        .immediate()
    },

    /**
     * A Manager resolves a double count: KEEP one of the counters' latest entries, SUM their figures, or RECOUNT
     * (the line is uncounted again, its entries kept as history; a SUBMITTED count goes back to OPEN). Recorded on the
     * line (who, when) and in the audit log.
     */
    resolveLine(id: number, user: User, input: ResolveLineInput): { line: CountLine; message: string } {
      return db
        .transaction(() => {
          const c = countRow(id)
          if (c.status !== 'OPEN' && c.status !== 'SUBMITTED') throw conflict(COUNT_MSG.resolveClosed(c.status))
          const st = repo.lineState(db, id, input.area_id, input.item_id)
          if (!st) throw badRequest(COUNT_MSG.lineNotInSession)
          if (st.double_count !== 1) throw conflict(COUNT_MSG.notDoubleCount)
          const rows = repo.lineEntries(db, id, input.area_id, input.item_id, st.entry_floor)
          const figures = latestPerCounter(rows)
          const seq = Math.max(...rows.map((e) => e.seq))
          const at = now()
          const base = { id, areaId: input.area_id, itemId: input.item_id, seq, userId: user.id, at }
          if (input.keep === 'SUM') {
            repo.resolveLine(db, { ...base, resolution: 'SUM', counted: figures.reduce((n, e) => n + e.counted!, 0), countedBy: user.id, countedAt: at })
          } else if (input.keep === 'RECOUNT') {
            repo.resolveLine(db, { ...base, resolution: 'RECOUNT', counted: null, countedBy: null, countedAt: null })
          } else {
            const kept = figures.find((e) => e.id === input.keep)
            if (!kept) throw badRequest(COUNT_MSG.keepNotCurrent(input.keep))
            repo.resolveLine(db, { ...base, resolution: 'KEEP', counted: kept.counted, countedBy: kept.user_id, countedAt: kept.counted_at })
          }
          const reopened = input.keep === 'RECOUNT' && c.status === 'SUBMITTED'
          if (reopened) repo.setStatus(db, id, ['SUBMITTED'], 'OPEN', { submitted_at: null, submitted_by: null, uncounted: null })
          const line = lines(countRow(id), user, { areaId: input.area_id, itemId: input.item_id })[0]
          recordAudit(db, {
            userId: user.id,
            action: 'resolve_double_count',
            entity: 'stock_count',
            entityId: id,
            details: { area_id: input.area_id, item_id: input.item_id, keep: input.keep, counted: line.counted, entries: figures.map((e) => ({ id: e.id, user_id: e.user_id, counted: fromCents(e.counted!) })), reopened },
            at,
          })
          const name = `${line.item_name} in ${repo.areaName(db, id, input.area_id)}`
          const message = input.keep === 'SUM' ? COUNT_MSG.resolvedSum(name) : input.keep === 'RECOUNT' ? COUNT_MSG.resolvedRecount(name, reopened) : COUNT_MSG.resolvedKeep(name)
          return { line, message }
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
          const doubles = repo.doubleCounts(db, id)
          if (doubles.length) throw conflict(COUNT_MSG.doubleCounted(doubles.slice(0, 10).map((d) => `${d.item_name} in ${d.area_name}`)))
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
