import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { IdParam, RoleBody } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import { currentUser } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** GET /auth/roles for every signed-in user (the Create User picker); /manager/roles for the Manager. */
export const rolesRoutes = ({ roles }: AppDeps) => {
  const idOf = (params: unknown) => parse(IdParam, params).id

  return new Elysia({ name: 'roles-routes' })
    .get('/auth/roles', () => ok(roles.list()))
    .get('/manager/roles', () => ok(roles.list()))
    .post('/manager/roles', (ctx) => ok(roles.create(currentUser(ctx).id, parse(RoleBody, ctx.body).role_name), MSG.roleCreated))
    .get('/manager/roles/:id', ({ params }) => ok(roles.get(idOf(params))))
    .put('/manager/roles/:id', (ctx) => ok(roles.rename(currentUser(ctx).id, idOf(ctx.params), parse(RoleBody, ctx.body).role_name), MSG.roleUpdated))
    .delete('/manager/roles/:id', (ctx) => {
      roles.remove(currentUser(ctx).id, idOf(ctx.params))
      return ok(null, MSG.roleDeleted)
    })
}
