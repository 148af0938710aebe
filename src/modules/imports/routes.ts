import { Elysia } from 'elysia'
import * as v from 'valibot'
import { BulkEditBody, IMPORT_KINDS, IMPORT_MSG, ImportQuery, type ImportKind } from '../../contract/imports'
import { localDate } from '../../contract/dates'
import type { User } from '../../contract/auth'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { badRequest } from '../../lib/errors'

const csvFile = (stream: ReadableStream<Uint8Array>, name: string) =>
  new Response(stream, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' },
  })

const kindParam = v.picklist(IMPORT_KINDS, `kind must be one of ${IMPORT_KINDS.join(', ')}`)

/** CSV export and import of items, suppliers and categories, the template, and bulk edit of items. */
export const importRoutes = ({ imports, clock, settings }: AppDeps) => {
  const today = () => localDate(clock(), settings.get().time_zone)
  const importRoute = (kind: ImportKind) => async (ctx: { request: Request; query: unknown; set: { status?: number | string }; user: User }) => {
    const o = parse(ImportQuery, ctx.query)
    if (!/^text\/csv\s*(;|$)/i.test(ctx.request.headers.get('content-type') ?? '')) throw badRequest(IMPORT_MSG.csvOnly)
    const bytes = new Uint8Array(await ctx.request.arrayBuffer())
    const { result, written } = await imports.run(kind, bytes, o, ctx.user)
    if (o.dry_run) return ok(result, IMPORT_MSG.dryRun(result))
    if (!written) {
      ctx.set.status = 400
      return { success: false as const, data: result, message: IMPORT_MSG.refused(result.errors.length) }
    }
    return ok(result, IMPORT_MSG.imported(result))
  }
  return new Elysia({ name: 'import-routes' }).use(signedIn)
    .get('/items/export.csv', () => csvFile(imports.exportItems(), `items-${today()}.csv`))
    .get('/suppliers/export.csv', () => csvFile(imports.exportSuppliers(), `suppliers-${today()}.csv`))
    .get('/categories/export.csv', () => csvFile(imports.exportCategories(), `categories-${today()}.csv`))
    .get('/imports/items/template.csv', () => csvFile(imports.template(), 'items-template.csv'))
    .get('/imports/:kind/columns', ({ params }) => ok(imports.columns(parse(kindParam, params.kind))))
    .post('/imports/items', importRoute('items'), { parse: 'none', signedIn: true })
    .post('/imports/suppliers', importRoute('suppliers'), { parse: 'none', signedIn: true })
    .post('/imports/categories', importRoute('categories'), { parse: 'none', signedIn: true })
    .patch('/items/bulk', (ctx) => {
      const result = imports.bulkEdit(parse(BulkEditBody, ctx.body), ctx.user)
      return ok(result, IMPORT_MSG.bulkUpdated(result.updated))
    }, { signedIn: true })
}
