import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import { MANAGER } from '../../contract/roles'
import { PagingQuery, STOCK_MSG, SupplierBody } from '../../contract/stock'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'

export const supplierRoutes = ({ suppliers }: AppDeps) => {
  const list = ({ query }: { query: unknown }) => {
    const q = parse(PagingQuery, query)
    const { rows, total } = suppliers.list(q)
    return listOf(rows, { total, page: q.page, limit: q.limit })
  }
  return new Elysia({ name: 'supplier-routes', prefix: '/suppliers' }).use(signedIn)
    .get('', list)
    .get('/search', list)
    .get('/statistics', (ctx) => ok(suppliers.statistics(ctx.user.role_name === MANAGER)), { signedIn: true })
    .post('', ({ body, set }) => {
      set.status = 201
      return ok(suppliers.create(parse(SupplierBody, body)), STOCK_MSG.supplierCreated)
    })
    .get('/:id', ({ params }) => ok(suppliers.get(parse(id('id'), params.id))))
    .put('/:id', ({ params, body }) => ok(suppliers.update(parse(id('id'), params.id), parse(SupplierBody, body)), STOCK_MSG.supplierUpdated))
    .delete('/:id', ({ params }) => {
      suppliers.remove(parse(id('id'), params.id))
      return ok(null, STOCK_MSG.supplierDeleted)
    })
}
