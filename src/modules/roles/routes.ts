import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { IdParam, RoleBody } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import { signedIn } from '../../http/access'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** GET /auth/roles for every signed-in user (the Create User picker). */
export const authRolesRoutes = ({ roles }: AppDeps) => new Elysia({ name: 'auth-roles-routes', prefix: '/auth/roles' }).get('', () => ok(roles.list()))

/** /manager/roles for the Manager. */
export const managerRolesRoutes = ({ roles }: AppDeps) => {
  const idOf = (params: unknown) => parse(IdParam, params).id
  return new Elysia({ name: 'manager-roles-routes', prefix: '/manager/roles' })
    .use(signedIn)
    .get('', () => ok(roles.list()))
    .post('', ({ user, body }) => ok(roles.create(user.id, parse(RoleBody, body).role_name), MSG.roleCreated), { signedIn: true })
    .get('/:id', ({ params }) => ok(roles.get(idOf(params))))
    .put('/:id', ({ user, params, body }) => ok(roles.rename(user.id, idOf(params), parse(RoleBody, body).role_name), MSG.roleUpdated), { signedIn: true })
    .delete(
      '/:id',
      ({ user, params }) => {
        roles.remove(user.id, idOf(params))
        return ok(null, MSG.roleDeleted)
      },
      { signedIn: true },
    )
}
