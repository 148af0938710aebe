import { COST_DECIMALS } from '../../contract/fixed'
import { isoDate, requiredText, safeName } from '../../contract/fields'
import type { ImportResult } from '../../contract/imports'
import { CreateItemBody, STOCK_MSG } from '../../contract/stock'
import type { Db } from '../../db/open'
import { barcodeHolder, itemRefusals, packRowsOf, setItemOrderPack, type ItemKeyLookups } from '../stock'
import { allAreaNames, areaNamesOfItem, placeInAreas } from '../counts'
import { AppError } from '../../lib/errors'
import { IMPORT_MSG, type RepeatRule } from '../../contract/imports'
import { bySchema, CellError, parseAmount, parseDate, sameName, type ImportColumn } from './columns'
import { listNames, parseFile, rowError, type ParsedFile, type ParsedRow, type ReadOptions } from './engine'
import * as repo from './repo'
import type { CsvTable } from '../../lib/csv-read'
import type { Slice } from '../../lib/slices'
import { parseSize, sizeInStockUnit } from '../../contract/units'

/** What an item row becomes before it is written: amounts in hundredths, category and supplier by name. */
export interface ItemDraft {
  name: string
  sku: string | null
  barcode: string | null
  category: string
  supplier: string
  unit: string
  /** Per unit, 1/100,000 (COST_SCALE): up to 5 decimals in the file. */
  cost_e5: number
  min_stock_level: number
  expiry_date: string | null
  /** A pack the new item gets when its unit cell was a size ("750ml" → L with a pack "750 ml" of 0.75), hundredths. */
  pack?: { name: string; size: number }
  /** Ordering (issue 32): hundredths of the base unit; null = never suggested. */
  par_level: number | null
}

type ItemColumn = ImportColumn<repo.ImportItemRow, ItemDraft, any>

// Built once: a valibot pipe is an object graph, and a 5,000-row file has 50,000 cells.
const NAME = safeName('name', 150)
const CATEGORY = safeName('category', 100)
const SUPPLIER = safeName('supplier', 150)
const UNIT = requiredText('unit', 30)
const EXPIRY = isoDate('expiry_date')
const PACK_NAME = requiredText('order_pack', 60)
const AREA_NAME = safeName('storage_area', 80)

const blankKeeps = <T>(parse: (cell: string) => T) => (cell: string) => (cell === '' ? undefined : parse(cell))
const amountKeeps = (field: string) => (cell: string, ctx: Parameters<ItemColumn['parse']>[1]) => parseAmount(field, cell, ctx) ?? undefined

/**
 * The item columns, in the export's order. Add a field here (one entry) and it is exported,
 * imported, validated, compared for "unchanged" and written. A blank cell keeps the stored value
 * (undefined), except for sku, barcode and expiry_date, where a blank cell clears it (null).
 */
export const ITEM_COLUMNS: ItemColumn[] = [
  {
    field: 'sku',
    label: 'SKU',
    aliases: ['item_code', 'code', 'product_code', 'article_number'],
    read: (r) => r.sku,
    parse: (cell) => bySchema(CreateItemBody.entries.sku, cell),
    apply: (d, v) => (d.sku = v),
  },
  {
    field: 'name',
    label: 'Name',
    aliases: ['item', 'item_name', 'product', 'product_name', 'description'],
    requiredForNew: true,
    read: (r) => r.name,
    parse: blankKeeps((cell) => bySchema(NAME, cell)),
    apply: (d, v) => (d.name = v),
  },
  {
    field: 'barcode',
    label: 'Barcode',
    aliases: ['ean', 'upc', 'gtin'],
    read: (r) => r.barcode,
    parse: (cell) => bySchema(CreateItemBody.entries.barcode, cell),
    apply: (d, v) => (d.barcode = v),
  },
  {
    field: 'category',
    label: 'Category',
    aliases: ['category_name'],
    read: (r) => r.category_name,
    parse: blankKeeps((cell) => bySchema(CATEGORY, cell)),
    same: sameName,
    apply: (d, v) => (d.category = v),
  },
  {
    field: 'supplier',
    label: 'Supplier',
    aliases: ['supplier_name', 'vendor'],
    read: (r) => r.supplier_name,
    parse: blankKeeps((cell) => bySchema(SUPPLIER, cell)),
    same: sameName,
    apply: (d, v) => (d.supplier = v),
  },
  {
    field: 'unit',
    label: 'Unit',
    aliases: ['uom', 'unit_of_measure', 'units'],
    requiredForNew: true,
    read: (r) => r.unit,
    parse: blankKeeps((cell) => bySchema(UNIT, cell)),
    apply: (d, v) => (d.unit = v),
  },
  {
    field: 'cost_price',
    label: 'Cost price',
    kind: 'cost',
    aliases: ['cost', 'price', 'unit_price', 'unit_cost', 'cost_for_bottle', 'cost_per_bottle', 'bottle_cost', 'case_price'],
    read: (r) => r.cost_e5,
    parse: (cell, ctx) => parseAmount('cost_price', cell, ctx, COST_DECIMALS, ctx.roundPrices) ?? undefined,
    apply: (d, v) => (d.cost_e5 = v),
  },
  {
    field: 'min_stock_level',
    label: 'Min stock level',
    kind: 'qty',
    aliases: ['min_stock', 'minimum', 'minimum_stock', 'min_level', 'reorder_level', 'min'],
    read: (r) => r.min_stock_level,
    parse: amountKeeps('min_stock_level'),
    apply: (d, v) => (d.min_stock_level = v),
  },
  {
    // Ordering (issue 32): par levels for many items at once. Blank keeps the stored one (clear it on the item or by bulk edit).
    field: 'par_level',
    label: 'Par level',
    kind: 'qty',
    aliases: ['par', 'par_stock', 'order_up_to', 'max_stock', 'maximum'],
    read: (r) => r.par_level,
    parse: amountKeeps('par_level'),
    apply: (d, v) => (d.par_level = v),
  },
  {
    // Ordering (issue 32): the pack to order in, by the name of one of the item's own packs (any case). Blank keeps
    // it. Checked in planItems (the item must have a pack of that name); written after the row (setItemOrderPack).
    field: 'order_pack',
    label: 'Order pack',
    aliases: ['order_in', 'order_unit', 'purchase_pack'],
    read: (r) => r.order_pack_name,
    parse: blankKeeps((cell) => bySchema(PACK_NAME, cell)),
    same: sameName,
    write: (db, itemId, value: string) => {
      const pack = packRowsOf(db, [itemId]).find((p) => p.name.toLowerCase() === value.toLowerCase())
      // planItems checked the pack; it was deleted since (item packs are not watched by generation.ts): refuse the whole import.
      if (!pack) throw new AppError(409, IMPORT_MSG.orderPackGone(value))
      setItemOrderPack(db, itemId, pack.id)
    },
  },
  {
    field: 'expiry_date',
    label: 'Expiry date',
    aliases: ['expiry', 'expires', 'best_before', 'use_by'],
    read: (r) => r.expiry_date,
    parse: (cell) => parseDate('expiry_date', cell, EXPIRY),
    apply: (d, v) => (d.expiry_date = v),
  },
  {
    // Not applied like the others: opening stock for a new item, a stock count (set_quantity=true) for an existing one.
    field: 'current_quantity',
    label: 'Current quantity',
    kind: 'qty',
    aliases: ['quantity', 'qty', 'stock', 'on_hand', 'in_stock', 'balance', 'full', 'qty_full', 'quantity_full', 'quanity_full', 'full_bottles'],
    read: (r) => r.current_quantity,
    parse: amountKeeps('current_quantity'),
  },
  {
    // Issue 32.7: opened bottles as a decimal fraction of one unit (0.7 = seven tenths of a bottle), added to
    // current_quantity. Read from a file only; a count sheet writes the item's total.
    field: 'partial_quantity',
    label: 'Partial (fraction of a unit)',
    kind: 'qty',
    importOnly: true,
    aliases: ['partial', 'partials', 'qty_partial', 'quantity_partial', 'quanity_partial', 'partial_bottles', 'open_bottles'],
    read: () => undefined,
    parse: amountKeeps('partial_quantity'),
  },
  {
    // Issue 32.7: the storage area(s) the item stands in, by name (any case; "Bar; Cellar" names two). A missing area is
    // created; the item is added at the end of its shelf order and never taken out of another area (counts/placement.ts).
    field: 'storage_area',
    label: 'Storage area',
    aliases: ['storage_areas', 'area', 'areas', 'storage', 'storage_location', 'location', 'location_1', 'shelf'],
    read: (r, db) => areaNamesOfItem(db, r.id),
    parse: (cell) => {
      const names = cell.split(';').map((n) => n.trim()).filter((n) => n !== '')
      return names.length ? [...new Map(names.map((n) => [n.toLowerCase(), bySchema(AREA_NAME, n)])).values()] : undefined
    },
    toCell: (names: string[] | undefined) => (names?.length ? names.join('; ') : null),
    same: (stored: string[], value: string[]) => value.every((n) => stored.some((s) => s.toLowerCase() === n.toLowerCase())),
    write: (db, itemId, names: string[], at) => placeInAreas(db, itemId, names, at),
  },
]

/** Each stored item's pack names, lower case: read once, only when a file sets order packs. */
function packNamesOf(db: Db, items: readonly ItemRow[]) {
  const out = new Map<number, Set<string>>()
  for (const p of packRowsOf(db, items.map((i) => i.id))) {
    const names = out.get(p.item_id) ?? new Set<string>()
    names.add(p.name.toLowerCase())
    out.set(p.item_id, names)
  }
  return out
}

export const DEFAULT_CATEGORY = 'Uncategorised'
export const DEFAULT_SUPPLIER = 'Unknown supplier'
const QUANTITY = 'current_quantity'
const PARTIAL = 'partial_quantity'
const AREA = 'storage_area'

type Planned =
  | { kind: 'create'; row: ParsedRow; draft: ItemDraft; quantity: number }
  | { kind: 'update'; row: ParsedRow; item: ItemRow; draft: ItemDraft; changed: ItemColumn[]; count: number | null }
  | { kind: 'unchanged'; row: ParsedRow; item: ItemRow }

type ItemRow = repo.ImportItemRow

const lower = (s: string) => s.toLowerCase()
const draftOf = (r: ItemRow): ItemDraft => ({
  name: r.name,
  sku: r.sku,
  barcode: r.barcode,
  category: r.category_name,
  supplier: r.supplier_name,
  unit: r.unit,
  cost_e5: r.cost_e5,
  min_stock_level: r.min_stock_level,
  expiry_date: r.expiry_date,
  par_level: r.par_level,
})

/**
 * Reads and checks the whole file against the stored items; writes nothing. It reads outside any transaction and
 * lets other requests in (`slice`): the caller makes sure nothing it read changed before it writes (generation.ts).
 */
export async function planItems(db: Db, table: CsvTable, o: ReadOptions & { setQuantity: boolean; repeats?: RepeatRule }, slice: Slice) {
  const f = await parseFile(table, ITEM_COLUMNS, o, slice)
  const { errors, warnings } = f
  const summed = mergeRepeats(f, o.repeats ?? 'refuse')
  const has = (field: string) => f.headerOf.has(field)
  const keyless = !has('name') && !has('sku') && !has('barcode')
  if (keyless) {
    errors.push({ row: 1, column: '', value: table.headers.join(table.delimiter), message: 'The file needs a name, sku or barcode column to match or create items' })
  }

  const stored = repo.allItems(db)
  const bySku = new Map<string, ItemRow>()
  const byBarcode = new Map<string, ItemRow>()
  const byName = new Map<string, ItemRow[]>()
  for (const it of stored) {
    if (it.sku) bySku.set(lower(it.sku), it)
    if (it.barcode) byBarcode.set(it.barcode, it)
    if (it.is_active) {
      const k = lower(it.name)
      byName.set(k, [...(byName.get(k) ?? []), it])
    }
  }
  const categories = new Map(repo.allCategories(db).map((c) => [lower(c.name), c.id]))
  const suppliers = new Map<string, number>()
  for (const s of repo.allSuppliers(db)) if (!suppliers.has(lower(s.name))) suppliers.set(lower(s.name), s.id)
  // The item rules' key lookups (stock/item-rules.ts) answered from the maps; a pack's code is looked up in item_barcodes.
  const keys: ItemKeyLookups = {
    skuHolder: (sku, exceptId) => {
      const owner = bySku.get(lower(sku))
      return owner && owner.id !== exceptId ? owner : null
    },
    barcodeHolder: (code, exceptId) => {
      const owner = byBarcode.get(code)
      return owner ? (owner.id !== exceptId ? owner : null) : barcodeHolder(db, code, exceptId)
    },
  }
  const newCategories = new Map<string, string>()
  const newSuppliers = new Map<string, string>()

  // Which row of this file already claimed an item, a sku, a barcode or a new name.
  const claimedItem = new Map<number, number>()
  const claimedSku = new Map<string, number>()
  const claimedBarcode = new Map<string, number>()
  const claimedNewName = new Map<string, number>()
  const plan: Planned[] = []
  let quantityIgnored = 0
  let partialsRounded = 0
  const areaNames = has(AREA) ? new Set(allAreaNames(db).map(lower)) : new Set<string>()
  const newAreas = new Map<string, string>()
  let packNames: Map<number, Set<string>> | undefined

  for (const row of f.rows) {
    if (!row.ok || keyless) continue
    const pause = slice()
    if (pause) await pause
    const val = <T>(field: string) => row.values.get(field) as T | undefined
    const sku = val<string | null>('sku') ?? null
    const barcode = val<string | null>('barcode') ?? null
    const name = val<string>('name')
    const fail = (field: string, message: string) => (errors.push(rowError(f, row, field, message)), (row.ok = false))

    // The key: sku, then barcode, then the exact name (when the row or the item has no sku).
    let item: ItemRow | undefined = sku ? bySku.get(lower(sku)) : undefined
    if (!item && barcode) item = byBarcode.get(barcode)
    let byItsName = false
    if (!item && name) {
      const candidates = (byName.get(lower(name)) ?? []).filter((c) => !sku || !c.sku)
      if (candidates.length > 1) {
        fail('name', `${candidates.length} items are named "${name}"; add a sku or barcode column to say which one`)
        continue
      }
      item = candidates[0]
      byItsName = item !== undefined
    }
    if (item) {
      const first = claimedItem.get(item.id)
      if (first !== undefined) {
        fail(has('sku') ? 'sku' : has('barcode') ? 'barcode' : 'name', `Row ${first} already changes this item ("${item.name}")`)
        continue
      }
    }

    const draft: ItemDraft = item
      ? draftOf(item)
      : { name: '', sku: null, barcode: null, category: DEFAULT_CATEGORY, supplier: DEFAULT_SUPPLIER, unit: '', cost_e5: 0, min_stock_level: 0, expiry_date: null, par_level: null }
    const changed: ItemColumn[] = []
    for (const c of f.present) {
      // Matched by its name, the name is the key: "garlic" finds "Garlic" and leaves it as it is.
      if (c.field === QUANTITY || c.field === PARTIAL || !row.values.has(c.field) || (byItsName && c.field === 'name')) continue
      const v = row.values.get(c.field)
      if (item && (c.same ?? Object.is)(c.read(item, db), v)) continue
      c.apply?.(draft, v)
      changed.push(c)
    }
    // The order pack names one of the item's own packs (a new item has none yet: the file carries no packs).
    const orderPack = changed.some((c) => c.field === 'order_pack') ? (row.values.get('order_pack') as string) : undefined
    if (orderPack !== undefined) {
      if (!item) fail('order_pack', `order_pack cannot be set on a new item: add its packs first, then import the order pack`)
      else if (!(packNames ??= packNamesOf(db, stored)).get(item.id)?.has(orderPack.toLowerCase())) fail('order_pack', `order_pack "${orderPack}" is not one of the packs of ${item.name}`)
    }
    if (!item) {
      for (const c of ITEM_COLUMNS) if (c.requiredForNew && !row.values.has(c.field)) fail(c.field, `${c.field} is required for a new item`)
      if (!row.ok) continue
    }

    // A size in the unit cell ("750ml", "0,75 L", issue 32) is not a unit: a new item is kept in L (kg for a mass) with a
    // pack of that size, and the row's amounts (cost, minimum, quantity) are per pack. An existing item's unit is not rewritten.
    // Full and partial units (summed over repeated rows when asked); the partial is added once converted.
    const full = summed.get(row)?.full ?? (row.values.get(QUANTITY) as number | undefined)
    let partial = summed.get(row)?.partial ?? (row.values.get(PARTIAL) as number | undefined)
    let quantity = full === undefined && partial === undefined ? undefined : (full ?? 0)
    const size = changed.some((c) => c.field === 'unit') ? parseSize(draft.unit) : null
    if (size) {
      const kept = sizeInStockUnit(size)
      if (item) {
        fail('unit', `“${draft.unit}” is a size, not a unit: ${item.name} is kept in ${item.unit}; write its unit and add a pack “${size.name}” of ${kept.size / 100} ${kept.unit} on the item's page`)
        continue
      }
      const perPack = (field: string, h: number) => {
        if ((h * kept.size) % 100 === 0) return (h * kept.size) / 100
        fail(field, `${field}: ${h / 100} × ${size.name} is ${(h * kept.size) / 10000} ${kept.unit}, more than 2 decimals`)
        return h
      }
      draft.unit = kept.unit
      if (kept.size !== 100) draft.pack = { name: size.name, size: kept.size }
      draft.min_stock_level = perPack('min_stock_level', draft.min_stock_level)
      if (quantity !== undefined) quantity = perPack(QUANTITY, quantity)
      // An opened bottle is an estimate: its share of the size is rounded half up to a hundredth of the unit (0.5 × 750 ml → 0.38 L).
      if (partial !== undefined && (partial * kept.size) % 100 !== 0) partialsRounded++
      if (partial !== undefined) partial = Math.round((partial * kept.size) / 100)
      draft.cost_e5 = Math.round((draft.cost_e5 * 100) / kept.size)
      if (!row.ok) continue
    }

    if (quantity !== undefined && partial !== undefined) quantity += partial

    // The item rules of POST /items (stock/item-rules.ts): unique keys against other items, the check digit; then against earlier rows of this file.
    const keyed = itemRefusals(db, { sku: draft.sku, barcode: draft.barcode }, item ?? null, keys)
    if (draft.sku) {
      const earlier = claimedSku.get(lower(draft.sku))
      if (keyed.skuHolder) fail('sku', STOCK_MSG.skuTaken + ` ("${keyed.skuHolder.name}")`)
      else if (earlier !== undefined) fail('sku', `Row ${earlier} has the same sku`)
    }
    if (keyed.barcode) fail('barcode', keyed.barcode)
    else if (draft.barcode) {
      const earlier = claimedBarcode.get(draft.barcode)
      if (keyed.barcodeHolder) fail('barcode', STOCK_MSG.barcodeTaken + ` ("${keyed.barcodeHolder.name}")`)
      else if (earlier !== undefined) fail('barcode', `Row ${earlier} has the same barcode`)
    }
    if (!item) {
      const earlier = claimedNewName.get(lower(draft.name))
      if (earlier !== undefined && !draft.sku && !draft.barcode) fail('name', `Row ${earlier} already creates an item named "${draft.name}"`)
    }

    // Quantity: opening stock for a new item; a count only when asked for.
    let count: number | null = null
    if (item && quantity !== undefined && quantity !== item.current_quantity) {
      if (!o.setQuantity) quantityIgnored++
      else if (!item.is_active) fail(QUANTITY, STOCK_MSG.itemInactive)
      else count = quantity - item.current_quantity
    }
    const finalQuantity = item ? (count !== null ? quantity! : item.current_quantity) : (quantity ?? 0)
    // The value ceiling, stock's one check: the cost × the balance the item will hold, and a changed cost × its largest balance.
    const costChanged = item !== undefined && changed.some((c) => c.field === 'cost_price')
    const valued = itemRefusals(db, { value: { cost_e5: draft.cost_e5, quantity: finalQuantity }, newCost: costChanged ? draft.cost_e5 : undefined }, item ?? null, keys)
    if (valued.quantityTooLarge) fail(has(QUANTITY) ? QUANTITY : 'cost_price', STOCK_MSG.valueTooLarge(has(QUANTITY) ? QUANTITY : 'cost_price'))
    if (valued.costTooLarge) fail('cost_price', STOCK_MSG.valueTooLarge('cost_price'))
    if (!row.ok) continue

    if (item) claimedItem.set(item.id, row.row)
    else claimedNewName.set(lower(draft.name), row.row)
    if (draft.sku) claimedSku.set(lower(draft.sku), row.row)
    if (draft.barcode) claimedBarcode.set(draft.barcode, row.row)
    if (!categories.has(lower(draft.category)) && !newCategories.has(lower(draft.category))) newCategories.set(lower(draft.category), draft.category)
    if (!suppliers.has(lower(draft.supplier)) && !newSuppliers.has(lower(draft.supplier))) newSuppliers.set(lower(draft.supplier), draft.supplier)
    for (const a of (row.values.get(AREA) as string[] | undefined) ?? []) if (!areaNames.has(lower(a)) && !newAreas.has(lower(a))) newAreas.set(lower(a), a)

    if (!item) plan.push({ kind: 'create', row, draft, quantity: quantity ?? 0 })
    else if (changed.length === 0 && count === null) plan.push({ kind: 'unchanged', row, item })
    else plan.push({ kind: 'update', row, item, draft, changed, count })
  }

  if (partialsRounded) warnings.push(`${partialsRounded} partial amount${partialsRounded === 1 ? '' : 's'} rounded to a hundredth of the unit (a bottle's share of its size)`)
  if (quantityIgnored) warnings.push(`current_quantity differs on ${quantityIgnored} existing item${quantityIgnored === 1 ? '' : 's'} and was ignored; import with set_quantity=true to record it as a stock count`)
  return { f, plan, categories, suppliers, newCategories: [...newCategories.values()], newSuppliers: [...newSuppliers.values()], newAreas: [...newAreas.values()] }
}

/** A row's item key within the file: its sku, else its barcode, else its name (any case). */
function fileKey(row: ParsedRow): string | null {
  const sku = row.values.get('sku') as string | null | undefined
  if (sku) return `s:${lower(sku)}`
  const barcode = row.values.get('barcode') as string | null | undefined
  if (barcode) return `b:${barcode}`
  const name = row.values.get('name') as string | undefined
  return name ? `n:${lower(name)}` : null
}

/**
 * Several rows for one item (issue 32.7: a supplier's order lines repeat a code in every order): with `last` the last
 * row of each is read and the others dropped; with `sum` the last row is read with the quantities of all of them added
 * up. `refuse` leaves them to planItems, which names each repeat as an error. Rows with errors are never merged.
 */
function mergeRepeats(f: ParsedFile<ItemColumn>, rule: RepeatRule) {
  const summed = new Map<ParsedRow, { full?: number; partial?: number }>()
  if (rule === 'refuse') return summed
  const groups = new Map<string, ParsedRow[]>()
  for (const row of f.rows) {
    const key = row.ok ? fileKey(row) : null
    if (key) groups.set(key, [...(groups.get(key) ?? []), row])
  }
  const dropped = new Set<ParsedRow>()
  let items = 0
  for (const rows of groups.values()) {
    if (rows.length < 2) continue
    items++
    const last = rows[rows.length - 1]
    for (const r of rows.slice(0, -1)) dropped.add(r)
    if (rule === 'sum') {
      const add = (field: string) => rows.reduce<number | undefined>((sum, r) => (r.values.get(field) === undefined ? sum : (sum ?? 0) + (r.values.get(field) as number)), undefined)
      summed.set(last, { full: add(QUANTITY), partial: add(PARTIAL) })
    }
  }
  if (dropped.size) {
    f.rows = f.rows.filter((r) => !dropped.has(r))
    f.warnings.push(rule === 'sum' ? IMPORT_MSG.repeatsSummed(dropped.size, items) : IMPORT_MSG.repeatsKept(dropped.size, items))
  }
  return summed
}

export type ItemPlan = Awaited<ReturnType<typeof planItems>>

export function summarise(p: ItemPlan, dryRun: boolean): ImportResult {
  const warnings = [...p.f.warnings]
  if (p.newCategories.length) warnings.push(`${dryRun ? 'Categories to create' : 'Categories created'}: ${listNames(p.newCategories)}`)
  if (p.newSuppliers.length) warnings.push(`${dryRun ? 'Suppliers to create' : 'Suppliers created'}: ${listNames(p.newSuppliers)}`)
  if (p.newAreas.length) warnings.push(`${dryRun ? 'Storage areas to create' : 'Storage areas created'}: ${listNames(p.newAreas)}`)
  return {
    create: p.plan.filter((x) => x.kind === 'create').length,
    update: p.plan.filter((x) => x.kind === 'update').length,
    unchanged: p.plan.filter((x) => x.kind === 'unchanged').length,
    warnings,
    errors: p.f.errors.sort((a, b) => a.row - b.row),
  }
}

export { CellError }
