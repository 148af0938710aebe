import { Elysia } from 'elysia'
import { ReportRangeQuery } from '../../contract/reports'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { GroupService } from './service'

/** GET /group/summary (Manager of the group): every site's figures for the days, by site and in total. */
export const groupRoutes = ({ group }: { group: GroupService }) =>
  new Elysia({ name: 'group-routes', prefix: '/group' }).get('/summary', async ({ query }) => {
    const q = parse(ReportRangeQuery, query)
    return ok(await group.summary(q.start_date, q.end_date))
  })
