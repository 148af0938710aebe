import { Elysia } from 'elysia'
import { GROUP_ACCESS } from '../../contract/group'
import { MSG } from '../../contract/messages'
import type { DisplaySettings } from '../../contract/settings'
import { accessControl } from '../../http/access'
import { failure, ok } from '../../http/envelope'
import { staticUi } from '../../http/static'
import { AppError } from '../../lib/errors'
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
    .onError(({ code, error, set, request }) => {
      if (error instanceof AppError) {
        set.status = error.status
        return failure(error.message)
      }
      if (code === 'NOT_FOUND') {
        set.status = 404
        return failure('Route not found')
      }
      if (code === 'PARSE' || code === 'VALIDATION') {
        set.status = 400
        return failure(code === 'PARSE' ? 'The request body is not valid JSON' : 'The request is not valid')
      }
      deps.logger.error('Unhandled error', { method: request.method, path: new URL(request.url).pathname, error: String(error) })
      set.status = 500
      return failure(MSG.loadFailed)
    })
    .use(accessControl(deps.auth, GROUP_ACCESS))
    .use(api)
    .use(staticUi(deps.ui, deps.display, 'group'))
}
