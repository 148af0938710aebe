import { Elysia } from 'elysia'
import { SETTINGS_MSG, SettingsPatch } from '../../contract/settings'
import type { AppDeps } from '../../deps'
import { currentUser } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** What every screen (the login page included) reads: name, currency, locale, zone, thresholds. */
export const displaySettingsRoutes = ({ settings }: AppDeps) =>
  new Elysia({ name: 'display-settings-routes', prefix: '/settings' }).get('/display', () => ok(settings.display()))

export const managerSettingsRoutes = ({ settings }: AppDeps) =>
  new Elysia({ name: 'manager-settings-routes', prefix: '/manager/settings' })
    .get('', () => ok(settings.forManager()))
    .put('', (ctx) => {
      settings.update(parse(SettingsPatch, ctx.body), currentUser(ctx).id)
      return ok(settings.forManager(), SETTINGS_MSG.saved)
    })
