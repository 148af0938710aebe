import { Elysia } from 'elysia'
import { ACCESS, canAccess, type Access } from '../contract/access'
import type { User } from '../contract/auth'
import { MSG } from '../contract/messages'
import { AppError, forbidden, unauthorized } from '../lib/errors'

/** What the access check needs of sign-in (the auth module's service): the user a bearer header belongs to, or a 401. */
export interface Authenticator {
  authenticate(authorization: string | null): Promise<User>
}

/**
 * One access check for every route, read from the contract's route table (the group view passes its own). A route
 * that is not in the table is refused, so a new endpoint cannot ship without deciding who may call it.
 */
export const accessControl = (auth: Authenticator, table: Record<string, Access> = ACCESS) =>
  new Elysia({ name: 'access-control' }).resolve({ as: 'global' }, async ({ request, route }) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const access = table[`${method} ${route}`]
    if (access === undefined) throw new AppError(403, MSG.forbidden)
    if (access === 'public') return { user: null as User | null }
    const user = await auth.authenticate(request.headers.get('authorization'))
    if (!canAccess(access, user.role_name)) throw forbidden(MSG.forbidden)
    return { user: user as User | null }
  })

/**
 * The same check for an upload route (its path is its pattern: no parameters), made before its body is read:
 * null when the sender may send it, else the status and message the access check would answer.
 */
export const uploadAdmission =
  (auth: Authenticator) =>
  async (request: Request): Promise<{ status: number; message: string } | null> => {
    const access = ACCESS[`${request.method} ${new URL(request.url).pathname}`]
    if (access === undefined) return { status: 403, message: MSG.forbidden }
    if (access === 'public') return null
    try {
      const user = await auth.authenticate(request.headers.get('authorization'))
      return canAccess(access, user.role_name) ? null : { status: 403, message: MSG.forbidden }
    } catch (e) {
      if (e instanceof AppError) return { status: e.status, message: e.message }
      throw e
    }
  }

/**
 * The signed-in user, typed, for the routes that act as someone: a route plugin `.use(signedIn)` and a
 * route that says `{ signedIn: true }` gets `user: User` in its context. The access check above has
 * already authenticated the request (its global resolve put the user, or null on a public route, in
 * the context); this only hands that user on with its type, or answers 401 when there is none.
 */
export const signedIn = new Elysia({ name: 'signed-in' }).macro({
  signedIn: {
    resolve: (ctx) => {
      // The one place the access check's context is read untyped: its resolve is global, not this plugin's.
      const user = (ctx as { user?: User | null }).user
      if (!user) throw unauthorized(MSG.signInRequired)
      return { user }
    },
  },
})
