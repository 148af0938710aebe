import { Elysia } from 'elysia'
import { RECIPE_MSG, SalesDateParam, SalesDayBody, SalesImportQuery, SalesMappingBody, SalesMappingsBulkBody, SalesMappingsQuery } from '../../contract/recipes'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { badRequest } from '../../lib/errors'

/** Sales under /sales: the till import, code mappings and the manual grid. Sales never move stock. */
export const salesRoutes = ({ sales }: AppDeps) =>
  new Elysia({ name: 'sales-routes', prefix: '/sales' }).use(signedIn)
    .post(
      '/import',
      async (ctx) => {
        const q = parse(SalesImportQuery, ctx.query)
        if (!/^text\/csv\s*(;|$)/i.test(ctx.request.headers.get('content-type') ?? '') || typeof ctx.body !== 'string') throw badRequest(RECIPE_MSG.csvBody)
        const result = await sales.importCsv(ctx.user, ctx.body, q)
        return ok(result, result.dry_run ? RECIPE_MSG.salesChecked : RECIPE_MSG.salesImported(result.lines.length, result.dates.length))
      },
      { parse: 'text', signedIn: true },
    )
    .get('/mappings', ({ query }) => ok(sales.mappings(parse(SalesMappingsQuery, query).pos)))
    .put('/mappings', (ctx) => {
      const input = parse(SalesMappingBody, ctx.body)
      return ok(sales.saveMapping(ctx.user, input.code, input.recipe_id, input.pos), input.recipe_id === null ? RECIPE_MSG.mappingIgnored : RECIPE_MSG.mappingSaved)
    }, { signedIn: true })
    .post('/mappings/bulk', (ctx) => {
      const input = parse(SalesMappingsBulkBody, ctx.body)
      const r = sales.saveMappings(ctx.user, input.codes, input.recipe_id, input.pos)
      return ok(r, r.recipe_name === null ? RECIPE_MSG.codesIgnored(r.codes) : RECIPE_MSG.codesMapped(r.codes, r.recipe_name))
    }, { signedIn: true })
    .get('/sources', () => ok(sales.sources()))
    .get('/unmapped', () => ok(sales.unmapped()))
    .get('/:date', ({ params }) => ok(sales.day(parse(SalesDateParam, params.date))))
    .put('/:date', (ctx) => {
      const date = parse(SalesDateParam, ctx.params.date)
      return ok(sales.saveDay(ctx.user, date, parse(SalesDayBody, ctx.body).lines), RECIPE_MSG.salesSaved)
    }, { signedIn: true })
