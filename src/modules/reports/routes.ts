import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { GenerateReportBody, type GenerateReportBody as GenerateReportInput, REPORT_MSG, REPORT_VIEWS, ReportRangeQuery, reportFileName, reportType, type ReportType } from '../../contract/reports'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

export const reportsRoutes = ({ reports }: AppDeps) => {
  const app = new Elysia({ name: 'reports-routes', prefix: '/reports' }).use(signedIn)
    .post('/generate', (ctx) => {
      const body: GenerateReportInput = parse(GenerateReportBody, ctx.body)
      return ok(reports.generate(ctx.user.id, body.report_type, body.start_date!, body.end_date!, body.format), REPORT_MSG.generated)
    }, { signedIn: true })
    .get('/history', () => ok(reports.history()))
    .get('/download/:type', ({ params, query }) => {
      const type = parse(reportType, params.type)
      const q = parse(ReportRangeQuery, query)
      const file = reports.download(type, q.start_date, q.end_date)
      return new Response(file.stream, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${reportFileName(type, file.start, file.end)}"`,
          'cache-control': 'no-store',
        },
      })
    })
  const view = (type: ReportType, query: unknown) => {
    const q = parse(ReportRangeQuery, query)
    return ok(reports.view(type, q.start_date, q.end_date))
  }
  return app
    .get('/stock-balance', ({ query }) => view(REPORT_VIEWS['stock-balance'], query))
    .get('/usage', ({ query }) => view(REPORT_VIEWS.usage, query))
    .get('/wastage', ({ query }) => view(REPORT_VIEWS.wastage, query))
    .get('/financial', ({ query }) => view(REPORT_VIEWS.financial, query))
    .get('/purchases-by-supplier', ({ query }) => view(REPORT_VIEWS['purchases-by-supplier'], query))
    .get('/purchases-by-category', ({ query }) => view(REPORT_VIEWS['purchases-by-category'], query))
    .get('/price-changes', ({ query }) => view(REPORT_VIEWS['price-changes'], query))
}
