import type { User } from '../../contract/auth'
import { fromCents, toCents } from '../../contract/fixed'
import { IMPORT_MSG, MAX_IMPORT_BYTES, type BulkEditInput, type BulkEditResult, type ImportKind, type ImportOptions, type ImportResult } from '../../contract/imports'
import { STOCK_MSG } from '../../contract/stock'
import type { ServiceDeps } from '../../deps'
import { csvStream, type CsvColumn } from '../../lib/csv'
import { decodeUtf8, readCsv } from '../../lib/csv-read'
import { AppError, badRequest } from '../../lib/errors'
import { recordAudit } from '../audit/audit'
import * as items from '../stock/items-repo'
import { CATEGORIES, planCatalog, SUPPLIERS } from './catalogs'
import { cellOf, columnSpecs, type ImportColumn } from './columns'
import { ITEM_COLUMNS, planItems, summarise, writeItems } from './items'
import * as repo from './repo'

export type ImportService = ReturnType<typeof createImportService>

/** The export's columns from an import table: the same headers, read the same way, so a re-import finds every row unchanged. */
const exportColumns = <S>(columns: ImportColumn<S, any>[], db: ServiceDeps['db']): CsvColumn<S>[] =>
  columns.map((c) => ({ header: c.field, kind: c.kind ?? 'text', value: (row: S) => cellOf(c, c.read(row, db)) }))

/** The template: the headers and two example rows (a new item with opening stock, one without a sku or barcode). */
const TEMPLATE_ROWS: Record<string, string | number | null>[] = [
  { sku: 'RICE-25', name: 'Rice (25 kg bag)', barcode: '6009000000014', category: 'Dry goods', supplier: 'Lusaka Wholesale', unit: 'bag', cost_price: 450, min_stock_level: 2, expiry_date: '2027-06-30', current_quantity: 6 },
  { sku: 'OIL-5', name: 'Cooking oil 5 L', barcode: null, category: 'Dry goods', supplier: 'Lusaka Wholesale', unit: 'bottle', cost_price: 189.5, min_stock_level: 4, expiry_date: null, current_quantity: 10.5 },
]

export function createImportService({ db, clock, stockEvents }: ServiceDeps) {
  const columnsOf = (kind: ImportKind) => (kind === 'items' ? ITEM_COLUMNS : kind === 'suppliers' ? SUPPLIERS.columns : CATEGORIES.columns) as ImportColumn<any, any>[]

  return {
    columns: (kind: ImportKind) => columnSpecs(columnsOf(kind)),

    exportItems: () => csvStream(exportColumns(ITEM_COLUMNS, db), repo.activeItems(db)),
    exportSuppliers: () => csvStream(exportColumns(SUPPLIERS.columns, db), repo.allSuppliers(db)),
    exportCategories: () => csvStream(exportColumns(CATEGORIES.columns, db), repo.allCategories(db)),
    template: () =>
      csvStream(
        ITEM_COLUMNS.map((c) => ({ header: c.field, kind: c.kind === 'money' || c.kind === 'cost' ? c.kind : 'text', value: (r: Record<string, string | number | null>) => r[c.field] ?? null })),
        TEMPLATE_ROWS,
      ),

    /** A dry run answers what would happen; a real run writes all of it in one transaction, or nothing when any row has an error. */
    async run(kind: ImportKind, bytes: Uint8Array, o: ImportOptions, user: User): Promise<{ result: ImportResult; written: boolean }> {
      if (bytes.byteLength > MAX_IMPORT_BYTES) throw new AppError(413, IMPORT_MSG.tooLarge)
      const text = decodeUtf8(bytes)
      if (text === null) throw badRequest(IMPORT_MSG.notUtf8)
      const table = await readCsv(text)
      if (table.headers.every((h) => h === '') || table.records.length === 0) throw badRequest(IMPORT_MSG.empty)

      const go = (): { result: ImportResult; written: boolean } => {
        const at = clock().toISOString()
        if (kind === 'items') {
          const plan = planItems(db, table, { map: o.map, setQuantity: o.set_quantity })
          const result = summarise(plan, o.dry_run)
          if (o.dry_run || result.errors.length) return { result, written: false }
          const { opening, counts } = writeItems(db, stockEvents, plan, user.id, at)
          audit(kind, result, at, { rows: table.records.length, opening_rows: opening, count_rows: counts, set_quantity: o.set_quantity, categories_created: plan.newCategories, suppliers_created: plan.newSuppliers })
          return { result, written: true }
        }
        const { result, write } = planCatalog(db, (kind === 'suppliers' ? SUPPLIERS : CATEGORIES) as typeof CATEGORIES, table, o.map)
        if (o.dry_run || result.errors.length) return { result, written: false }
        write(at)
        audit(kind, result, at, { rows: table.records.length })
        return { result, written: true }
      }
      const audit = (kind: ImportKind, r: ImportResult, at: string, extra: Record<string, unknown>) =>
        recordAudit(db, { userId: user.id, action: 'import', entity: kind, details: { create: r.create, update: r.update, unchanged: r.unchanged, ...extra }, at })

      // A dry run reads in one snapshot; the real one plans again inside the write lock, so nothing changes between check and write.
      return o.dry_run ? db.transaction(go).deferred() : db.transaction(go).immediate()
    },

    /** The same values on many items: one transaction, one audit row; any unknown id refuses it all. */
    bulkEdit(input: BulkEditInput, user: User): BulkEditResult {
      const ids = [...new Set(input.item_ids)]
      const set = { ...input.set, min_stock_level: input.set.min_stock_level === undefined ? undefined : toCents(input.set.min_stock_level) }
      const fields = Object.entries(input.set)
        .filter(([, v]) => v !== undefined)
        .map(([k]) => k)
      return db
        .transaction(() => {
          const missing = repo.missingItemIds(db, ids)
          if (missing.length) throw badRequest(IMPORT_MSG.unknownItems(missing))
          if (set.category_id !== undefined && !items.categoryExists(db, set.category_id)) throw badRequest(STOCK_MSG.unknownReference('category_id'))
          if (set.supplier_id !== undefined && !items.supplierExists(db, set.supplier_id)) throw badRequest(STOCK_MSG.unknownReference('supplier_id'))
          const at = clock().toISOString()
          repo.bulkUpdate(db, ids, set, at)
          // A new minimum or the active flag may start or end a stock alert.
          if (set.min_stock_level !== undefined || set.is_active !== undefined) for (let i = 0; i < ids.length; i += 500) stockEvents.changed(db, { itemIds: ids.slice(i, i + 500) })
          recordAudit(db, {
            userId: user.id,
            action: 'bulk_edit',
            entity: 'items',
            details: { count: ids.length, fields, set: { ...input.set, ...(input.set.min_stock_level !== undefined ? { min_stock_level: fromCents(set.min_stock_level!) } : {}) }, item_ids: ids },
            at,
          })
          return { updated: ids.length, fields }
        })
        .immediate()
    },
  }
}
