import { Elysia } from 'elysia'
import { AddBarcodeBody, BARCODE_MSG, CountScanBody, RemoveBarcodeQuery, ResolveBody } from '../../contract/barcodes'
import { id } from '../../contract/fields'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** An item's codes under /items/{id}/barcodes. */
export const itemBarcodeRoutes = ({ barcodes }: AppDeps) =>
  new Elysia({ name: 'item-barcode-routes', prefix: '/items' }).use(signedIn)
    .get('/:id/barcodes', (ctx) => ok(barcodes.list(parse(id('id'), ctx.params.id))))
    .post('/:id/barcodes', (ctx) => {
      const created = barcodes.add(parse(id('id'), ctx.params.id), parse(AddBarcodeBody, ctx.body), ctx.user)
      ctx.set.status = 201
      return ok(created, BARCODE_MSG.added)
    }, { signedIn: true })
    .delete('/:id/barcodes', (ctx) => {
      const itemId = parse(id('id'), ctx.params.id)
      barcodes.remove(itemId, parse(RemoveBarcodeQuery, ctx.query).code)
      return ok(null, BARCODE_MSG.removed)
    })

/** POST /barcodes/resolve: what a scan is, for every screen. */
export const barcodeRoutes = ({ barcodes }: AppDeps) =>
  new Elysia({ name: 'barcode-routes', prefix: '/barcodes' }).use(signedIn).post('/resolve', (ctx) => ok(barcodes.resolve(parse(ResolveBody, ctx.body).raw)))

/** The codes of a count's items (GET, for the phone's stored sheet). Scans on a count sheet: POST adds one pack (or one base unit); DELETE undoes that scan. */
export const countScanRoutes = ({ countScans, barcodes }: AppDeps) =>
  new Elysia({ name: 'count-scan-routes', prefix: '/stock-counts' }).use(signedIn)
    .get('/:id/codes', (ctx) => ok(barcodes.countCodes(parse(id('id'), ctx.params.id))))
    .post('/:id/scans', (ctx) => {
      const { answer, message } = countScans.scan(parse(id('id'), ctx.params.id), ctx.user, parse(CountScanBody, ctx.body))
      ctx.set.status = answer.replayed ? 200 : 201
      return ok(answer, message)
    }, { signedIn: true })
    .delete('/:id/scans/:scanId', (ctx) => {
      const { answer, message } = countScans.undo(parse(id('id'), ctx.params.id), ctx.user, ctx.params.scanId)
      return ok(answer, message)
    }, { signedIn: true })
