import { Elysia } from 'elysia'
import { AddLineBody, AreaItemsBody, COUNT_MSG, CountLineBody, EntriesBody, ResolveLineBody, FoundLineBody, ResolveFoundBody, CountListQuery, StartCountBody, StorageAreaBody, SubmitCountBody, VarianceCsvQuery } from '../../contract/counts'
import { id } from '../../contract/fields'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { idempotencyScope } from '../../http/idempotency'
import { listOf, ok } from '../../http/envelope'
import { parse, parseAction } from '../../http/validate'
import { csvStream, type CsvColumn } from '../../lib/csv'
import type { ReviewLine } from '../../contract/counts'

/** Storage areas under /storage-areas. */
export const storageAreaRoutes = ({ counts }: AppDeps) =>
  new Elysia({ name: 'storage-area-routes', prefix: '/storage-areas' }).use(signedIn)
    .get('', () => ok(counts.listAreas()))
    .post('', (ctx) => {
      const input = parse(StorageAreaBody, ctx.body)
      ctx.set.status = 201
      return ok(counts.createArea(input.name), COUNT_MSG.areaCreated)
    })
    .put('/:id', (ctx) => ok(counts.renameArea(parse(id('id'), ctx.params.id), parse(StorageAreaBody, ctx.body).name), COUNT_MSG.areaUpdated))
    .delete('/:id', (ctx) => {
      counts.deleteArea(parse(id('id'), ctx.params.id))
      return ok(null, COUNT_MSG.areaDeleted)
    })
    .get('/:id/items', (ctx) => ok(counts.areaItems(parse(id('id'), ctx.params.id))))
    .put('/:id/items', (ctx) => ok(counts.setAreaItems(parse(id('id'), ctx.params.id), parse(AreaItemsBody, ctx.body).item_ids), COUNT_MSG.areaItemsSaved))

/** The variance CSV: the review's columns, largest value first. */
const VARIANCE_COLUMNS: CsvColumn<ReviewLine>[] = [
  { header: 'Item', value: (l) => l.item_name },
  { header: 'Areas', value: (l) => l.area_names.join('; ') },
  { header: 'Unit', value: (l) => l.unit },
  { header: 'Expected', value: (l) => l.expected, kind: 'qty' },
  { header: 'Counted', value: (l) => l.counted, kind: 'qty' },
  { header: 'Variance', value: (l) => l.variance, kind: 'qty' },
  { header: 'Cost Price', value: (l) => l.cost_price, kind: 'cost' },
  { header: 'Variance Value', value: (l) => l.variance_value, kind: 'money' },
  { header: 'Over Threshold', value: (l) => (l.over_threshold ? 'yes' : 'no') },
  { header: 'Reason', value: (l) => l.reason },
]

/** Count sessions under /stock-counts, and the variance CSV under /reports/download. */
export const stockCountRoutes = ({ counts }: AppDeps) =>
  new Elysia({ name: 'stock-count-routes' }).use(signedIn)
    .get('/stock-counts', (ctx) => {
      const q = parse(CountListQuery, ctx.query)
      const { rows, total } = counts.list(q.status, q.page, q.limit)
      return listOf(rows, { total, page: q.page, limit: q.limit })
    })
    .post('/stock-counts', (ctx) => {
      const input = parse(StartCountBody, ctx.body)
      ctx.set.status = 201
      return ok(counts.start(ctx.user, input), COUNT_MSG.started)
    }, { signedIn: true })
    .get('/stock-counts/:id', (ctx) => ok(counts.get(parse(id('id'), ctx.params.id), ctx.user)), { signedIn: true })
    .put('/stock-counts/:id/lines', (ctx) => ok(counts.putLine(parse(id('id'), ctx.params.id), ctx.user, parse(CountLineBody, ctx.body)), COUNT_MSG.lineSaved), { signedIn: true })
    .put('/stock-counts/:id/lines/resolve', (ctx) => {
      const { line, message } = counts.resolveLine(parse(id('id'), ctx.params.id), ctx.user, parse(ResolveLineBody, ctx.body))
      return ok(line, message)
    }, { signedIn: true })
    .post('/stock-counts/:id/entries', (ctx) => {
      const answer = counts.storeEntries(parse(id('id'), ctx.params.id), ctx.user, parse(EntriesBody, ctx.body))
      return ok(answer, COUNT_MSG.entriesStored(answer.added, answer.replayed))
    }, { signedIn: true })
    .post('/stock-counts/:id/lines', (ctx) => {
      const countId = parse(id('id'), ctx.params.id)
      const input = parse(AddLineBody, ctx.body)
      const { line, message } = counts.addLine(countId, ctx.user, input, idempotencyScope(ctx, input))
      ctx.set.status = 201
      return ok(line, message)
    }, { signedIn: true })
    .post('/stock-counts/:id/found', (ctx) => {
      const countId = parse(id('id'), ctx.params.id)
      const input = parse(FoundLineBody, ctx.body)
      const found = counts.addFound(countId, ctx.user, input, idempotencyScope(ctx, input))
      ctx.set.status = 201
      return ok(found, COUNT_MSG.foundAdded(found.name))
    }, { signedIn: true })
    .post('/stock-counts/:id/found/:foundId/resolve', (ctx) => {
      const found = counts.resolveFound(parse(id('id'), ctx.params.id), parse(id('foundId'), ctx.params.foundId), ctx.user, parse(ResolveFoundBody, ctx.body))
      return ok(found, found.resolution === 'MAPPED' ? COUNT_MSG.foundMapped(found.name, found.item_name ?? '') : COUNT_MSG.foundDiscarded(found.name))
    }, { signedIn: true })
    .post('/stock-counts/:id/submit', (ctx) =>
      ok(counts.submit(parse(id('id'), ctx.params.id), ctx.user, parseAction(ctx.body, SubmitCountBody).uncounted), COUNT_MSG.submitted),
      { signedIn: true },
    )
    .get('/stock-counts/:id/review', (ctx) => ok(counts.review(parse(id('id'), ctx.params.id))))
    .post('/stock-counts/:id/approve', (ctx) => {
      const countId = parse(id('id'), ctx.params.id)
      parseAction(ctx.body)
      return ok(counts.approve(countId, ctx.user), COUNT_MSG.approved)
    }, { signedIn: true })
    .post('/stock-counts/:id/cancel', (ctx) => {
      const countId = parse(id('id'), ctx.params.id)
      parseAction(ctx.body)
      return ok(counts.cancel(countId, ctx.user), COUNT_MSG.cancelled)
    }, { signedIn: true })
    .get('/reports/download/count-variance', (ctx) => {
      const q = parse(VarianceCsvQuery, ctx.query)
      const review = counts.review(q.count_id)
      return new Response(csvStream(VARIANCE_COLUMNS, review.lines), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="count-${q.count_id}-variance.csv"`,
          'cache-control': 'no-store',
        },
      })
    })
