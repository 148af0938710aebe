import { STOCK_MSG, type Supplier, type SupplierInput, type SupplierStatistics } from '../../contract/stock'
import { fromCents } from '../../contract/fixed'
import { conflict, notFound } from '../../lib/errors'
import * as repo from './repo'
import type { ServiceDeps } from '../../db/service-deps'

export type SupplierService = ReturnType<typeof createSupplierService>

export function createSupplierService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  const get = (id: number): Supplier => repo.findSupplier(db, id) ?? (() => { throw notFound('Supplier') })()
  return {
    list: (o: { q?: string; page: number; limit: number }) => repo.listSuppliers(db, { q: o.q, limit: o.limit, offset: (o.page - 1) * o.limit }),
    get,
    create(input: SupplierInput): Supplier {
      const id = db.transaction(() => repo.insertSupplier(db, input, clock().toISOString())).immediate()
      return get(id)
    },
    update(id: number, input: SupplierInput): Supplier {
      db.transaction(() => {
        get(id)
        repo.updateSupplier(db, id, input, clock().toISOString())
      }).immediate()
      return get(id)
    },
    remove(id: number) {
      db.transaction(() => {
        get(id)
        const used = repo.supplierUsage(db, id)
        if (used.total > 0) throw conflict(STOCK_MSG.inUse('supplier', used.total, used.inactive))
        repo.deleteSupplier(db, id)
      }).immediate()
    },
    /** Counts for everyone who may read suppliers; stock values only when `withValue` (Managers). */
    statistics(withValue: boolean): SupplierStatistics {
      const rows = repo.supplierTotals(db)
      const stats: SupplierStatistics = {
        total_suppliers: rows.length,
        active_suppliers: rows.filter((r) => r.item_count > 0).length,
        items_supplied: rows.reduce((n, r) => n + r.item_count, 0),
        suppliers: rows.map((r) => ({ id: r.id, name: r.name, item_count: r.item_count, ...(withValue ? { total_value: fromCents(r.value_cents) } : {}) })),
      }
      if (withValue) stats.total_value = fromCents(rows.reduce((n, r) => n + r.value_cents, 0))
      return stats
    },
  }
}
