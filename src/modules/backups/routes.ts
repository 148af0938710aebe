import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { ok } from '../../http/envelope'
import { notFound } from '../../lib/errors'
import { parseAction } from '../../http/validate'

export const backupsRoutes = (deps: AppDeps) =>
  new Elysia({ name: 'backups-routes', prefix: '/manager/settings/backup' })
    .get('', () => ok(deps.backups.list()))
    .post('', async ({ body }) => {
      parseAction(body)
      return ok(await deps.backups.create('manual'), 'Backup created successfully')
    })
    .get('/:name', ({ params }) => {
      const path = deps.backups.file(params.name)
      if (!path) throw notFound('Backup')
      return new Response(Bun.file(path), {
        headers: {
          'content-type': 'application/vnd.sqlite3',
          'content-disposition': `attachment; filename="${params.name}"`,
          'cache-control': 'no-store',
        },
      })
    })
