import type { User } from '../../contract/auth'
import { toCents } from '../../contract/fixed'
import { IMPORT_MSG, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type BulkEditInput, type BulkEditResult, type ImportKind, type ImportOptions, type ImportResult } from '../../contract/imports'
import { STOCK_MSG } from '../../contract/stock'
import type { StockServiceDeps } from '../stock'
import { csvStream, type CsvColumn } from '../../lib/csv'
import { countRows, decodeUtf8, readCsv, type CsvTable } from '../../lib/csv-read'
import { timeSlices } from '../../lib/slices'
import { AppError, badRequest } from '../../lib/errors'
import { recordAudit } from '../audit'
import { bulkEditItems, categoryExists, supplierExists } from '../stock'
import { CATEGORIES, planCatalog, SUPPLIERS } from './catalogs'
import { cellOf, columnSpecs, type ImportColumn } from './columns'
import { generation } from './generation'
import { ITEM_COLUMNS, planItems, summarise } from './items'
import * as repo from './repo'
import { applyItems, clearStaging, stageItems } from './staging'

export type ImportService = ReturnType<typeof createImportService>

/** How often a plan is made again when what it read changed before it could be used; then the import is refused (409). */
const PLAN_ATTEMPTS = 3

/** The export's columns from an import table: the same headers, read the same way, so a re-import finds every row unchanged. */
const exportColumns = <S>(columns: ImportColumn<S, any>[], db: StockServiceDeps['db']): CsvColumn<S>[] =>
  columns.filter((c) => !c.importOnly).map((c) => ({ header: c.field, kind: c.kind ?? 'text', value: (row: S) => cellOf(c, c.read(row, db)) }))

/** The template: the headers and two example rows (a new item with opening stock, one without a sku or barcode). */
const TEMPLATE_ROWS: Record<string, string | number | null>[] = [
  { sku: 'RICE-25', name: 'Rice (25 kg bag)', barcode: '6009000000014', category: 'Dry goods', supplier: 'Lusaka Wholesale', unit: 'bag', cost_price: 450, min_stock_level: 2, expiry_date: '2027-06-30', current_quantity: 6 },
  { sku: 'OIL-5', name: 'Cooking oil 5 L', barcode: null, category: 'Dry goods', supplier: 'Lusaka Wholesale', unit: 'bottle', cost_price: 189.5, min_stock_level: 4, expiry_date: null, current_quantity: 10.5 },
]

export function createImportService({ db, clock, stockEvents }: StockServiceDeps) {
  const columnsOf = (kind: ImportKind) => (kind === 'items' ? ITEM_COLUMNS : kind === 'suppliers' ? SUPPLIERS.columns : CATEGORIES.columns) as ImportColumn<any, any>[]

  // One import at a time: each may hold a 5 MB file and its plan, and a second would only slow the first.
  let running = false
  const audit = (user: User, kind: ImportKind, r: ImportResult, at: string, extra: Record<string, unknown>) =>
    recordAudit(db, { userId: user.id, action: 'import', entity: kind, details: { create: r.create, update: r.update, unchanged: r.unchanged, ...extra }, at })

  /**
   * Plans (reads) until a plan is still true when it is used: the plan reads between other requests, and a change
   * to what it read (generation.ts) means planning again, at most PLAN_ATTEMPTS times.
   */
  async function planned<P>(plan: () => Promise<P>, use: (p: P, gen: number) => Promise<{ result: ImportResult; written: boolean } | null>) {
    for (let attempt = 1; attempt <= PLAN_ATTEMPTS; attempt++) {
      const gen = generation(db)
      const answer = await use(await plan(), gen)
      if (answer) return answer
    }
    throw new AppError(409, IMPORT_MSG.changedMeanwhile)
  }

  const runItems = (table: CsvTable, o: ImportOptions, user: User) => {
    const slice = timeSlices()
    return planned(
      () => planItems(db, table, { map: o.map, layout: o.layout, roundPrices: o.round_prices, setQuantity: o.set_quantity, repeats: o.repeats }, slice),
      async (plan, gen) => {
        const result = summarise(plan, o.dry_run)
        if (o.dry_run || result.errors.length) return generation(db) === gen ? { result, written: false } : null
        try {
          await stageItems(db, plan, slice)
          return db
            .transaction(() => {
              if (generation(db) !== gen) return null
              const at = clock().toISOString()
              const { opening, counts } = applyItems(db, stockEvents, plan, user.id, at)
              audit(user, 'items', result, at, { rows: table.records.length, opening_rows: opening, count_rows: counts, set_quantity: o.set_quantity, repeats: o.repeats, round_prices: o.round_prices, categories_created: plan.newCategories, suppliers_created: plan.newSuppliers, areas_created: plan.newAreas })
              return { result, written: true }
            })
            .immediate()
        } finally {
          clearStaging(db)
        }
      },
    )
  }

  // Supplier and category files are written row by row in the apply transaction: a restaurant has hundreds of them, not tens of thousands of items.
  const runCatalog = (kind: 'suppliers' | 'categories', table: CsvTable, o: ImportOptions, user: User) => {
    const slice = timeSlices()
    return planned(
      () => planCatalog(db, (kind === 'suppliers' ? SUPPLIERS : CATEGORIES) as typeof CATEGORIES, table, { map: o.map, layout: o.layout }, slice),
      async ({ result, write }, gen) => {
        if (o.dry_run || result.errors.length) return generation(db) === gen ? { result, written: false } : null
        return db
          .transaction(() => {
            if (generation(db) !== gen) return null
            const at = clock().toISOString()
            write(at)
            audit(user, kind, result, at, { rows: table.records.length })
            return { result, written: true }
          })
          .immediate()
      },
    )
  }

  return {
    columns: (kind: ImportKind) => columnSpecs(columnsOf(kind)),

    exportItems: () => csvStream(exportColumns(ITEM_COLUMNS, db), repo.activeItems(db)),
    exportSuppliers: () => csvStream(exportColumns(SUPPLIERS.columns, db), repo.allSuppliers(db)),
    exportCategories: () => csvStream(exportColumns(CATEGORIES.columns, db), repo.allCategories(db)),
    template: () =>
      csvStream(
        ITEM_COLUMNS.filter((c) => !c.importOnly).map((c) => ({ header: c.field, kind: c.kind === 'money' || c.kind === 'cost' ? c.kind : 'text', value: (r: Record<string, string | number | null>) => r[c.field] ?? null })),
        TEMPLATE_ROWS,
      ),

    /**
     * A dry run answers what would happen; a real run writes all of it, or nothing when any row has an error. One at a
     * time; the plan lets other requests in every few milliseconds and the write holds the lock only to apply (docs/import.md).
     */
    async run(kind: ImportKind, bytes: Uint8Array, o: ImportOptions, user: User): Promise<{ result: ImportResult; written: boolean }> {
      if (bytes.byteLength > MAX_IMPORT_BYTES) throw new AppError(413, IMPORT_MSG.tooLarge)
      if (running) throw new AppError(409, IMPORT_MSG.busy)
      running = true
      try {
        const text = decodeUtf8(bytes)
        if (text === null) throw badRequest(IMPORT_MSG.notUtf8)
        const rows = countRows(text)
        if (rows > MAX_IMPORT_ROWS) throw badRequest(IMPORT_MSG.tooManyRows(rows))
        const table = await readCsv(text)
        if (table.headers.every((h) => h === '') || table.records.length === 0) throw badRequest(IMPORT_MSG.empty)
        return kind === 'items' ? await runItems(table, o, user) : await runCatalog(kind, table, o, user)
      } finally {
        running = false
        // The file, its rows and its plan are garbage now: ask for a collection (not a blocking one) before the next import piles on.
        Bun.gc(false)
      }
    },

    /** The same values on many items: one transaction, one audit row; any unknown id refuses it all. */
    bulkEdit(input: BulkEditInput, user: User): BulkEditResult {
      const ids = [...new Set(input.item_ids)]
      const { min_stock_level: min, par_level: par } = input.set
      const set = { ...input.set, min_stock_level: min === undefined ? undefined : toCents(min), par_level: par === undefined || par === null ? par : toCents(par) }
      const fields = Object.entries(input.set)
        .filter(([, v]) => v !== undefined)
        .map(([k]) => k)
      return db
        .transaction(() => {
          const missing = repo.missingItemIds(db, ids)
          if (missing.length) throw badRequest(IMPORT_MSG.unknownItems(missing))
          if (set.category_id !== undefined && !categoryExists(db, set.category_id)) throw badRequest(STOCK_MSG.unknownReference('category_id'))
          if (set.supplier_id !== undefined && !supplierExists(db, set.supplier_id)) throw badRequest(STOCK_MSG.unknownReference('supplier_id'))
          const at = clock().toISOString()
          bulkEditItems(db, ids, set, at)
          // A new minimum or the active flag may start or end a stock alert.
          if (set.min_stock_level !== undefined || set.is_active !== undefined) for (let i = 0; i < ids.length; i += 500) stockEvents.changed(db, { itemIds: ids.slice(i, i + 500) })
          recordAudit(db, {
            userId: user.id,
            action: 'bulk_edit',
            entity: 'items',
            details: { count: ids.length, fields, set: input.set, item_ids: ids },
            at,
          })
          return { updated: ids.length, fields }
        })
        .immediate()
    },
  }
}
