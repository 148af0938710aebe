import { Elysia } from 'elysia'
import { GROUP_ACCESS } from '../../contract/group'
import type { DisplaySettings } from '../../contract/settings'
import { accessControl } from '../../http/access'
import { failure, ok } from '../../http/envelope'
import { answerError } from '../../http/errors'
import { staticUi } from '../../http/static'
import type { Logger } from '../../lib/log'
import type { UiAssets } from '../../lib/ui-assets'
import { authRoutes, type AuthService } from '../auth'
import { groupRoutes } from './routes'
import type { GroupService } from './service'

export interface GroupDeps {
  auth: AuthService
  group: GroupService
  /** What the page shows: the group's name, and the sites' currency when they share one. */
  display: () => DisplaySettings
  ui: UiAssets | null
  logger: Logger
}

/**
 * The group server's app: its own sign-in, the summary and the UI bundle in group mode. Its route table is
 * GROUP_ACCESS: no route of a site's server exists here, and any other /api path is refused.
 */
export function buildGroupApp(deps: GroupDeps) {
  const api = new Elysia({ name: 'group-api', prefix: '/api' })
    .get('/health', () => ok({ status: 'ok' }))
    .get('/settings/display', () => ok(deps.display()))
    .use(authRoutes(deps))
    .use(groupRoutes(deps))
  return new Elysia()
    .onRequest(({ request, set }) => {
      set.headers['x-content-type-options'] = 'nosniff'
      set.headers['referrer-policy'] = 'no-referrer'
      const type = request.headers.get('content-type')
      if (type && request.method === 'POST' && !/^application\/json\s*(;|$)/i.test(type)) {
        set.status = 400
        return failure('The request body must be JSON (Content-Type: application/json)')
      }
    })
    .onError(answerError(deps.logger))
    .use(accessControl(deps.auth, GROUP_ACCESS))
    .use(api)
    .use(staticUi(deps.ui, deps.display, 'group'))
}
