import { STOCK_MSG, type Category, type CategoryInput } from '../../contract/stock'
import { conflict, notFound } from '../../lib/errors'
import * as repo from './repo'
import type { ServiceDeps } from '../../db/service-deps'

export type CategoryService = ReturnType<typeof createCategoryService>

export function createCategoryService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  const get = (id: number): Category => repo.findCategory(db, id) ?? (() => { throw notFound('Category') })()
  return {
    list: (o: { q?: string; page: number; limit: number }) => repo.listCategories(db, { q: o.q, limit: o.limit, offset: (o.page - 1) * o.limit }),
    get,
    create(input: CategoryInput): Category {
      const id = db.transaction(() => {
        if (repo.categoryNameTaken(db, input.name)) throw conflict(STOCK_MSG.categoryTaken)
        return repo.insertCategory(db, input, clock().toISOString())
      }).immediate()
      return get(id)
    },
    update(id: number, input: CategoryInput): Category {
      db.transaction(() => {
        get(id)
        if (repo.categoryNameTaken(db, input.name, id)) throw conflict(STOCK_MSG.categoryTaken)
        repo.updateCategory(db, id, input, clock().toISOString())
      }).immediate()
      return get(id)
    },
    remove(id: number) {
      db.transaction(() => {
        get(id)
        const used = repo.categoryUsage(db, id)
        if (used.total > 0) throw conflict(STOCK_MSG.inUse('category', used.total, used.inactive))
        repo.deleteCategory(db, id)
      }).immediate()
    },
  }
}
