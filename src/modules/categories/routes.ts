import { Elysia } from 'elysia'
import { id } from '../../contract/fields'
import { CategoryBody, PagingQuery, STOCK_MSG } from '../../contract/stock'
import type { AppDeps } from '../../deps'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'

export const categoryRoutes = ({ categories }: AppDeps) => {
  return new Elysia({ name: 'category-routes', prefix: '/categories' })
    .get('', ({ query }) => {
      const q = parse(PagingQuery, query)
      const { rows, total } = categories.list(q)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .post('', ({ body, set }) => {
      set.status = 201
      return ok(categories.create(parse(CategoryBody, body)), STOCK_MSG.categoryCreated)
    })
    .get('/:id', ({ params }) => ok(categories.get(parse(id('id'), params.id))))
    .put('/:id', ({ params, body }) => ok(categories.update(parse(id('id'), params.id), parse(CategoryBody, body)), STOCK_MSG.categoryUpdated))
    .delete('/:id', ({ params }) => {
      categories.remove(parse(id('id'), params.id))
      return ok(null, STOCK_MSG.categoryDeleted)
    })
}
