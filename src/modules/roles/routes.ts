import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { IdParam, RoleBody } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import { currentUser } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** GET /auth/roles for every signed-in user (the Create User picker). */
export const authRolesRoutes = ({ roles }: AppDeps) => new Elysia({ name: 'auth-roles-routes', prefix: '/auth/roles' }).get('', () => ok(roles.list()))

/** /manager/roles for the Manager. */
export const managerRolesRoutes = ({ roles }: AppDeps) => {
  const idOf = (params: unknown) => parse(IdParam, params).id
  return new Elysia({ name: 'manager-roles-routes', prefix: '/manager/roles' })
    .get('', () => ok(roles.list()))
    .post('', (ctx) => ok(roles.create(currentUser(ctx).id, parse(RoleBody, ctx.body).role_name), MSG.roleCreated))
    .get('/:id', ({ params }) => ok(roles.get(idOf(params))))
    .put('/:id', (ctx) => ok(roles.rename(currentUser(ctx).id, idOf(ctx.params), parse(RoleBody, ctx.body).role_name), MSG.roleUpdated))
    .delete('/:id', (ctx) => {
      roles.remove(currentUser(ctx).id, idOf(ctx.params))
      return ok(null, MSG.roleDeleted)
    })
}
