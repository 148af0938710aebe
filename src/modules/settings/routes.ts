import { Elysia } from 'elysia'
import { SettingsPatch } from '../../contract/settings'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { AppDeps } from '../../app'
import { currentUser } from '../../http/access'

export const settingsRoutes = (deps: AppDeps) =>
  new Elysia({ name: 'settings-routes' })
    .get('/settings/display', () => ok(deps.settings.display()))
    .get('/manager/settings', () => ok(deps.settings.forManager()))
    .put('/manager/settings', (ctx) => {
      const patch = parse(SettingsPatch, ctx.body)
      deps.settings.update(patch, currentUser(ctx).id)
      return ok(deps.settings.forManager(), 'Settings saved')
    })
