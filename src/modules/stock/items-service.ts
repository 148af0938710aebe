import { STOCK_MSG, type CreateItemInput, type ItemCostingFields, type Item, type ItemStatistics, type UpdateItemInput } from '../../contract/stock'
import { costValueCents, fromCents, fromCost, toCents, toCost } from '../../contract/fixed'
import { addDays, daysBetween, localDate, startOfLocalDay } from '../../contract/dates'
import { writeOnce, type IdempotencyScope } from '../../db/idempotency'
import { badRequest, conflict, notFound } from '../../lib/errors'
import type { StockServiceDeps } from './events'
import type { User } from '../../contract/auth'
import { MANAGER } from '../../contract/roles'
import { activeItem, recordMovement } from './ledger'
import * as repo from './items-repo'
import { packOfItem, packsOf, replacePacks } from './packs-repo'
import type { Pack } from '../../contract/packs'
import { itemRefusals } from './item-rules'
import { parseSize, UNIT_MSG } from '../../contract/units'
import { bottleFacts, bottleOfColumns, bottleRefusal, BAR_MSG, DENSITY_SCALE } from '../../contract/bar'

/** A size ("750ml") is refused as a new unit (issue 32): an item stored with one keeps it until it is changed. */
const refuseSizeAsUnit = (unit: string | undefined, old?: string) => {
  if (unit !== undefined && unit !== old && parseSize(unit)) throw badRequest(UNIT_MSG.sizeAsUnit(unit))
}

export interface ItemListOptions {
  page: number
  limit: number
  q?: string
  category_id?: number
  supplier_id?: number
  status?: repo.ItemStatus
  sort: string
  /** For the expiring list: the window in days (default: the expiring_days setting). */
  days?: number
}

/** Stored row → API shape. `withValue` adds the per-item value (Managers only). */
export function toItem(r: repo.ItemRow, withValue: boolean, today?: string, packs: Pack[] = []): Item {
  const item: Item = {
    id: r.id,
    name: r.name,
    sku: r.sku,
    barcode: r.barcode,
    barcode_checked: r.barcode_checked === 1,
    category_id: r.category_id,
    category_name: r.category_name,
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    unit: r.unit,
    cost_price: fromCost(r.cost_e5),
    current_quantity: fromCents(r.current_quantity),
    min_stock_level: fromCents(r.min_stock_level),
    expiry_date: r.expiry_date,
    is_active: r.is_active === 1,
    created_at: r.created_at,
    updated_at: r.updated_at,
    density: r.density === null ? null : fromCents(r.density),
    each_weight: r.each_weight === null ? null : fromCents(r.each_weight),
    yield_pct: fromCents(r.yield_pct),
    packs,
    last_verified_at: r.last_verified_at ?? null,
    par_level: r.par_level === null ? null : fromCents(r.par_level),
    order_pack_id: r.order_pack_id,
    supplier_code: r.supplier_code,
    bottle: bottleOfColumns(r) ? bottleFacts(bottleOfColumns(r)!) : null,
  }
  if (withValue) item.total_value = fromCents(costValueCents(r.cost_e5, r.current_quantity))
  if (today && r.expiry_date) item.days_until_expiry = daysBetween(today, r.expiry_date)
  return item
}

/** The recipe fields to store (hundredths): what is given, else the item's current values (or the defaults). */
const costingFields = (input: Partial<ItemCostingFields>, old: Pick<repo.ItemRow, 'density' | 'each_weight' | 'yield_pct'> | null) => ({
  density: input.density !== undefined ? (input.density === null ? null : toCents(input.density)) : (old?.density ?? null),
  each_weight: input.each_weight !== undefined ? (input.each_weight === null ? null : toCents(input.each_weight)) : (old?.each_weight ?? null),
  yield_pct: input.yield_pct !== undefined ? toCents(input.yield_pct) : (old?.yield_pct ?? 10000),
})

type BottleInput = Pick<UpdateItemInput, 'bottle_ml' | 'tare_g' | 'full_g' | 'density_g_ml'>

/**
 * The bottle facts to store: what is given over the item's current facts. A full weight given clears the density
 * and the reverse (the other is derived); bottle_ml null clears them all. Undefined: nothing given, nothing changes.
 */
function bottleColumns(input: BottleInput, old: repo.BottleColumns | null, unit: string): repo.BottleColumns | undefined {
  const given = [input.bottle_ml, input.tare_g, input.full_g, input.density_g_ml].some((x) => x !== undefined)
  if (!given) return undefined
  if (input.bottle_ml === null) return { bottle_ml: null, tare_g: null, full_g: null, bottle_density: null }
  if (input.full_g != null && input.density_g_ml != null) throw badRequest(BAR_MSG.bothGiven)
  const next: repo.BottleColumns = {
    bottle_ml: input.bottle_ml !== undefined ? toCents(input.bottle_ml) : (old?.bottle_ml ?? null),
    tare_g: input.tare_g !== undefined ? toCents(input.tare_g) : (old?.tare_g ?? null),
    full_g: old?.full_g ?? null,
    bottle_density: old?.bottle_density ?? null,
  }
  if (input.full_g !== undefined) {
    next.full_g = input.full_g === null ? null : toCents(input.full_g)
    if (input.full_g !== null) next.bottle_density = null
  }
  if (input.density_g_ml !== undefined) {
    next.bottle_density = input.density_g_ml === null ? null : Math.round(input.density_g_ml * DENSITY_SCALE)
    if (input.density_g_ml !== null) next.full_g = null
  }
  if (next.bottle_ml === null || next.tare_g === null) throw badRequest(BAR_MSG.needsPair)
  const refusal = bottleRefusal({ bottle_ml: next.bottle_ml, tare_g: next.tare_g, full_g: next.full_g, density: next.bottle_density }, unit)
  if (refusal) throw badRequest(refusal)
  return next
}

export type ItemService = ReturnType<typeof createItemService>

/** Value fields (total_value, per-item value) go to Managers only. */
const seesValue = (user: User) => user.role_name === MANAGER

/**
 * What the item form's `barcode` field (the unit code) asks of barcodes, which owns item_barcodes: replace the item's
 * old unit code by the new one. Given by the wiring (deps.ts), so stock never imports barcodes (which reads stock).
 */
export interface UnitCodes {
  setUnitCode(db: StockServiceDeps['db'], itemId: number, old: string | null, code: string | null, at: string): void
}

export function createItemService({ db, clock, settings, stockEvents }: StockServiceDeps, codes: UnitCodes) {
  const today = () => localDate(clock(), settings.get().time_zone)
  const row = (id: number) => repo.findItem(db, id) ?? (() => { throw notFound('Item') })()
  /** One item as answered, with its packs. */
  const shown = (id: number, withValue: boolean) => toItem(row(id), withValue, undefined, packsOf(db, [id]).get(id))
  /** The item rules (item-rules.ts, shared with the import) and the references, refused in this order. */
  const checkItem = (
    v: { category_id?: number; supplier_id?: number; barcode?: string | null; sku?: string | null; value?: { cost_e5: number; quantity: number }; newCost?: number },
    old: repo.ItemRow | null,
  ) => {
    const r = itemRefusals(db, v, old)
    if (r.barcode) throw badRequest(r.barcode)
    if (v.category_id !== undefined && !repo.categoryExists(db, v.category_id)) throw badRequest(STOCK_MSG.unknownReference('category_id'))
    if (v.supplier_id !== undefined && !repo.supplierExists(db, v.supplier_id)) throw badRequest(STOCK_MSG.unknownReference('supplier_id'))
    if (r.barcodeHolder) throw conflict(STOCK_MSG.barcodeTaken)
    if (r.skuHolder) throw conflict(STOCK_MSG.skuTaken)
    if (r.quantityTooLarge) throw badRequest(STOCK_MSG.valueTooLarge('current_quantity'))
    if (r.costTooLarge) throw badRequest(STOCK_MSG.valueTooLarge('cost_price'))
  }

  /** The order pack must be one of the item's own packs (issue 18). */
  const orderPackOrRefuse = (itemId: number, packId: number) => {
    if (!packOfItem(db, itemId, packId)) throw badRequest('order_pack_id is not one of the packs of this item')
    repo.setOrderPack(db, itemId, packId)
  }

  return {
    list(o: ItemListOptions, user: User) {
      const withValue = seesValue(user)
      const t = today()
      const days = o.days ?? settings.get().expiring_days
      // Unverified in N days: not verified since the start of the restaurant's day N days ago (N = 0: since today began).
      const verifiedSince = o.status === 'unverified' ? startOfLocalDay(addDays(t, -(o.days ?? 30)), settings.get().time_zone).toISOString() : undefined
      const filter = { q: o.q, category_id: o.category_id, supplier_id: o.supplier_id, status: o.status, today: t, expiringUntil: addDays(t, days), verifiedSince }
      const { rows, total } = repo.listItems(db, filter, o.sort, o.limit, (o.page - 1) * o.limit)
      const expiryList = o.status === 'expiring' || o.status === 'expired' || o.status === 'expiring_or_expired'
      return { rows: rows.map((r) => toItem(r, withValue, expiryList ? t : undefined, r.packs)), total }
    },

    get: (id: number, user: User) => shown(id, seesValue(user)),

    statistics(user: User): ItemStatistics {
      const t = today()
      const totals = repo.itemTotals(db, t, addDays(t, settings.get().expiring_days))
      return {
        total_items: totals.total_items,
        ...(seesValue(user) ? { total_value: fromCents(totals.value_cents) } : {}),
        total_categories: repo.countCategories(db),
        low_stock_count: totals.low_stock_count,
        expiring_count: totals.expiring_count,
        expired_count: totals.expired_count,
      }
    },

    /** A new item; an initial quantity above 0 is written as an IN "Opening stock" so the ledger explains every unit. */
    create(scope: IdempotencyScope, user: User, input: CreateItemInput): Item {
      const userId = scope.userId
      return writeOnce(db, scope, clock, (now) => {
            const at = now.toISOString()
            refuseSizeAsUnit(input.unit)
            checkItem({ ...input, value: { cost_e5: toCost(input.cost_price), quantity: toCents(input.current_quantity) } }, null)
            const id = repo.insertItem(
              db,
              {
                ...input,
                sku: input.sku ?? null,
                barcode: input.barcode ?? null,
                expiry_date: input.expiry_date ?? null,
                cost_e5: toCost(input.cost_price),
                min_stock_level: toCents(input.min_stock_level),
                par_level: input.par_level == null ? null : toCents(input.par_level),
                order_pack_id: null,
                supplier_code: input.supplier_code ?? null,
              },
              at,
            )
            repo.setCostingFields(db, id, costingFields(input, null))
            const bottle = bottleColumns(input, null, input.unit)
            if (bottle) repo.setBottle(db, id, bottle)
            codes.setUnitCode(db, id, null, input.barcode ?? null, at)
            if (input.packs) replacePacks(db, id, input.packs)
            if (input.order_pack_id != null) orderPackOrRefuse(id, input.order_pack_id)
            const opening = toCents(input.current_quantity)
            if (opening > 0) recordMovement(db, stockEvents, { itemId: id, type: 'IN', quantity: opening, remarks: 'Opening stock', userId, sourceType: 'OPENING', at })
            else stockEvents.changed(db, { itemIds: [id] }) // an empty new item may already be low
            return shown(id, seesValue(user))
          })
    },

    /** Edits the item's details; the balance is never among them (a stock count or a movement changes it). */
    update(id: number, input: UpdateItemInput, user: User): Item {
      db.transaction(() => {
        const old = row(id)
        refuseSizeAsUnit(input.unit, old.unit)
        checkItem({ ...input, newCost: input.cost_price === undefined ? undefined : toCost(input.cost_price) }, old)
        repo.updateItem(
          db,
          id,
          {
            name: input.name ?? old.name,
            sku: input.sku !== undefined ? input.sku : old.sku,
            barcode: input.barcode !== undefined ? input.barcode : old.barcode,
            category_id: input.category_id ?? old.category_id,
            supplier_id: input.supplier_id ?? old.supplier_id,
            unit: input.unit ?? old.unit,
            cost_e5: input.cost_price !== undefined ? toCost(input.cost_price) : old.cost_e5,
            min_stock_level: input.min_stock_level !== undefined ? toCents(input.min_stock_level) : old.min_stock_level,
            expiry_date: input.expiry_date !== undefined ? input.expiry_date : old.expiry_date,
            is_active: input.is_active ?? old.is_active === 1,
            par_level: input.par_level !== undefined ? (input.par_level === null ? null : toCents(input.par_level)) : old.par_level,
            order_pack_id: input.order_pack_id !== undefined ? input.order_pack_id : old.order_pack_id,
            supplier_code: input.supplier_code !== undefined ? input.supplier_code : old.supplier_code,
          },
          clock().toISOString(),
        )
        repo.setCostingFields(db, id, costingFields(input, old))
        const bottle = bottleColumns(input, old, input.unit ?? old.unit)
        if (bottle) repo.setBottle(db, id, bottle)
        // A new unit must still hold the bottle facts the item keeps (a mass unit cannot).
        else if (input.unit !== undefined && bottleOfColumns(old)) {
          const refusal = bottleRefusal(bottleOfColumns(old)!, input.unit)
          if (refusal) throw badRequest(refusal)
        }
        // A new cost price may take a dish over its food cost target (issue 22).
        if (input.cost_price !== undefined && toCost(input.cost_price) !== old.cost_e5) stockEvents.costsChanged(db, { itemIds: [id], oldCosts: new Map([[id, old.cost_e5]]) })
        if (input.barcode !== undefined) codes.setUnitCode(db, id, old.barcode, input.barcode, clock().toISOString())
        if (input.packs) replacePacks(db, id, input.packs)
        if (input.order_pack_id != null) orderPackOrRefuse(id, input.order_pack_id)
        // The minimum, the expiry date or the active flag may start or end an alert.
        stockEvents.changed(db, { itemIds: [id] })
      }).immediate()
      return shown(id, seesValue(user))
    },

    /** An item with history is deactivated (it stays in history and reports); one without is deleted. */
    remove(id: number): { deleted: boolean; deactivated: boolean } {
      return db
        .transaction(() => {
          row(id)
          if (repo.itemHasHistory(db, id)) {
            repo.deactivateItem(db, id, clock().toISOString())
            stockEvents.changed(db, { itemIds: [id] })
            return { deleted: false, deactivated: true }
          }
          repo.deleteItem(db, id)
          return { deleted: true, deactivated: false }
        })
        .immediate()
    },

    /** A stock count: sets the counted quantity and records the difference as a signed ADJUSTMENT with the reason. */
    count(scope: IdempotencyScope, user: User, id: number, input: { quantity: number; remarks: string }): { item: Item; changed: boolean } {
      return writeOnce(db, scope, clock, (now) => {
            const item = activeItem(db, id)
            const difference = toCents(input.quantity) - item.current_quantity
            if (difference !== 0) {
              recordMovement(db, stockEvents, { itemId: id, type: 'ADJUSTMENT', quantity: difference, remarks: input.remarks, userId: scope.userId, sourceType: 'COUNT', at: now.toISOString() })
            }
            return { item: shown(id, seesValue(user)), changed: difference !== 0 }
          })
    },
  }
}
