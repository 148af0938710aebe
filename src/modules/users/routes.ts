import { Elysia } from 'elysia'
import type { User } from '../../contract/auth'
import type { AppDeps } from '../../deps'
import { CreateUserRequest, IdParam, RecentLoginsQuery, SetPasswordBody, UpdateUserRequest, UserListQuery, UserSearchQuery, UserStatusBody } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import { signedIn } from '../../http/access'
import { listOf, ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** Manager user administration under /manager/users, and the same list and create under /auth/users (SPEC §7). */
export const usersRoutes = ({ users }: AppDeps) => {

  const list = (query: unknown) => {
    const { q, role, status, page, limit } = parse(UserListQuery, query)
    const result = users.list({ q, role: role || undefined, active: status ? status === 'active' : undefined }, { page, limit })
    return listOf(result.users, { total: result.total, page, limit })
  }
  const create = async (ctx: { body: unknown; user: User }) => ok(await users.create(ctx.user.id, parse(CreateUserRequest, ctx.body)), MSG.userCreated)
  const idOf = (params: unknown) => parse(IdParam, params).id

  return new Elysia({ name: 'users-routes' }).use(signedIn)
    .get('/auth/users', ({ query }) => list(query))
    .post('/auth/users', create, { signedIn: true })
    .get('/manager/users', ({ query }) => list(query))
    .post('/manager/users', create, { signedIn: true })
    .get('/manager/users/search', ({ query }) => {
      const { query: text, q, page, limit } = parse(UserSearchQuery, query)
      const result = users.list({ q: text || q }, { page, limit })
      return listOf(result.users, { total: result.total, page, limit })
    })
    .get('/manager/users/stats', () => ok(users.stats()))
    .get('/manager/users/recent-logins', ({ query }) => ok(users.recentLogins(parse(RecentLoginsQuery, query).limit)))
    .get('/manager/users/never-logged-in', () => ok(users.neverLoggedIn()))
    .get('/manager/users/role/:role', ({ params }) => ok(users.byRole(params.role)))
    .get('/manager/users/:id', ({ params }) => ok(users.get(idOf(params))))
    .put('/manager/users/:id', (ctx) => ok(users.update(ctx.user.id, idOf(ctx.params), parse(UpdateUserRequest, ctx.body)), MSG.userUpdated), { signedIn: true })
    .delete('/manager/users/:id', (ctx) => {
      users.remove(ctx.user.id, idOf(ctx.params))
      return ok(null, MSG.userDeleted)
    }, { signedIn: true })
    .patch('/manager/users/:id/password', async (ctx) => {
      await users.setPassword(ctx.user.id, idOf(ctx.params), parse(SetPasswordBody, ctx.body).newPassword)
      return ok(null, MSG.userPasswordSet)
    }, { signedIn: true })
    .patch('/manager/users/:id/status', (ctx) => {
      const { is_active } = parse(UserStatusBody, ctx.body)
      return ok(users.setStatus(ctx.user.id, idOf(ctx.params), is_active), is_active ? MSG.userActivated : MSG.userDeactivated)
    }, { signedIn: true })
}
