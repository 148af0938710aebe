import { Elysia } from 'elysia'
import { OFFSITE_MSG, OffsitePatch } from '../../contract/offsite'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse, parseAction } from '../../http/validate'
import { AppError } from '../../lib/errors'

/** Settings → Off-site copies (Manager only, by the access table). */
export const offsiteRoutes = (deps: AppDeps) =>
  new Elysia({ name: 'offsite-routes', prefix: '/manager/settings/offsite' }).use(signedIn)
    .get('', () => ok(deps.offsite.settings()))
    .put('', (ctx) => ok(deps.offsite.update(parse(OffsitePatch, ctx.body), ctx.user.id), OFFSITE_MSG.saved), { signedIn: true })
    .post('/test', async ({ body }) => {
      parseAction(body)
      const result = await deps.offsite.test()
      return ok(result, result.message)
    })
    .post('/run', async ({ body }) => {
      parseAction(body)
      try {
        return ok(await deps.offsite.run({ snapshot: true }), OFFSITE_MSG.published)
      } catch (e) {
        const reason = (e as { reason?: string }).reason
        // The reason is the one line the status shows too; the storage's answer is not the server's fault.
        if (reason) throw new AppError(503, reason)
        throw e
      }
    })
    .get('/status', () => ok(deps.offsite.status()))
