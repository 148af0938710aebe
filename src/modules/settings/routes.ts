import { Elysia } from 'elysia'
import { SETTINGS_MSG, SettingsPatch } from '../../contract/settings'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { conflict } from '../../lib/errors'

/** What every screen (the login page included) reads: name, currency, locale, zone, thresholds. */
export const displaySettingsRoutes = ({ settings }: AppDeps) =>
  new Elysia({ name: 'display-settings-routes', prefix: '/settings' }).use(signedIn).get('/display', () => ok(settings.display()))

/**
 * "Require HTTPS" redirects every HTTP request: refused while there is no HTTPS listener, or while the
 * address it would send devices to is a container's own. `deps.tls` is what `rims serve` set up before the deps.
 */
function refuseUnreachableHttps(deps: AppDeps, patch: SettingsPatch) {
  if (patch.require_https !== true || deps.settings.get().require_https) return
  if (!deps.tls) throw conflict(SETTINGS_MSG.httpsOff)
  const named = patch.public_url ?? deps.settings.get().public_url
  if (deps.tls.unreachable && !named) throw conflict(SETTINGS_MSG.httpsUnreachable(deps.tls.unreachable))
}

export const managerSettingsRoutes = (deps: AppDeps) =>
  new Elysia({ name: 'manager-settings-routes', prefix: '/manager/settings' }).use(signedIn)
    .get('', () => ok(deps.settings.forManager()))
    .put('', (ctx) => {
      const patch = parse(SettingsPatch, ctx.body)
      refuseUnreachableHttps(deps, patch)
      deps.settings.update(patch, ctx.user.id)
      return ok(deps.settings.forManager(), SETTINGS_MSG.saved)
    }, { signedIn: true })
