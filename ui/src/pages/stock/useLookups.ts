import type { Category, Supplier } from '../../../../src/contract/stock'
import { listCategories, listSuppliers } from '../../api/stock'
import { STOCK_UI } from '../../messages/stock'
import { useLoad } from '../../components/useLoad'
import { messageOr } from '../../api/client'

/** Every category and supplier, for the filters and the item form's pickers (a restaurant has dozens, not thousands). */
export function useLookups() {
  const all = useLoad(async (signal) => {
    const [c, s] = await Promise.all([
      listCategories({ page: 1, limit: 500 }, signal).catch((e: unknown) => {
        throw new Error(messageOr(e, STOCK_UI.categoriesLoadFailed))
      }),
      listSuppliers({ page: 1, limit: 500 }, signal),
    ])
    return { categories: c.data, suppliers: s.data }
  }, [])
  return {
    categories: all.data?.categories ?? ([] as Category[]),
    suppliers: all.data?.suppliers ?? ([] as Supplier[]),
    loading: all.loading,
    error: all.error,
    reload: all.reload,
  }
}
export type Lookups = ReturnType<typeof useLookups>
