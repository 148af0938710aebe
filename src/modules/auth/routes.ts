import { Elysia } from 'elysia'
import { LoginBody, ProfileBody, ProfilePasswordBody } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import type { AppDeps } from '../../deps'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { clientAddress } from '../../http/client-address'

/** Only the auth service is used: the group view (src/modules/group) serves the same sign-in over its own accounts. */
export const authRoutes = (deps: Pick<AppDeps, 'auth'>) =>
  new Elysia({ name: 'auth-routes', prefix: '/auth' }).use(signedIn)
    .post('/login', async ({ body, request }) => {
      const { email, password } = parse(LoginBody, body)
      return ok(await deps.auth.login(email, password, clientAddress(request)), 'Login successful')
    })
    .get('/profile', (ctx) => ok(ctx.user), { signedIn: true })
    .put('/profile', async (ctx) => ok(await deps.auth.updateProfile(ctx.user.id, parse(ProfileBody, ctx.body)), MSG.profileUpdated), { signedIn: true })
    .patch('/profile/password', async (ctx) => {
      const { currentPassword, newPassword } = parse(ProfilePasswordBody, ctx.body)
      return ok(await deps.auth.changePassword(ctx.user.id, currentPassword, newPassword), 'Password changed successfully')
    }, { signedIn: true })
