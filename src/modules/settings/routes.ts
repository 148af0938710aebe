import { Elysia } from 'elysia'
import { SettingsPatch } from '../../contract/settings'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { badRequest } from '../../http/errors'
import { isValidCron } from '../backups/schedule'
import type { AppDeps } from '../../app'
import { currentUser } from '../../http/access'

export const settingsRoutes = (deps: AppDeps) =>
  new Elysia({ name: 'settings-routes' })
    .get('/settings/display', () => ok(deps.settings.display()))
    .get('/manager/settings', () => ok(deps.settings.forManager()))
    .put('/manager/settings', (ctx) => {
      const patch = parse(SettingsPatch, ctx.body)
      if (patch.backup_cron !== undefined && !isValidCron(patch.backup_cron)) throw badRequest('backup_cron is not a valid schedule (minute hour day month weekday), e.g. 0 3 * * *')
      deps.settings.update(patch, currentUser(ctx).id)
      return ok(deps.settings.forManager(), 'Settings saved')
    })
