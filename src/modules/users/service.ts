import type { User, UserStats } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import { MANAGER } from '../../contract/roles'
import type { Db } from '../../db/open'
import { badRequest, conflict, notFound } from '../../lib/errors'
import type { Clock } from '../../lib/clock'
import { recordAudit } from '../audit'
import { hashPassword } from '../../lib/passwords'
import * as repo from './repo'
import { findUserById, toUser, type UserRow } from './repo'

export type UsersService = ReturnType<typeof createUsersService>

/** The Manager's team rules: unique emails, no self lock-out, always one active Manager, every change audited. */
export function createUsersService({ db, clock }: { db: Db; clock: Clock }) {
  const mustFind = (id: number): UserRow => {
    const row = findUserById(db, id)
    if (!row) throw notFound('User')
    return row
  }
  const isActiveManager = (row: UserRow) => row.is_active === 1 && row.role_name === MANAGER
  // Inside the transaction, so that two Managers demoting each other at once cannot leave none.
  const guardLastManager = (row: UserRow) => {
    if (isActiveManager(row) && repo.countActiveManagers(db) <= 1) throw conflict(MSG.lastManager)
  }
  const requireRole = (roleId: number) => {
    if (!repo.roleExists(db, roleId)) throw badRequest(MSG.unknownRole)
  }
  const requireFreeEmail = (email: string, exceptId?: number) => {
    const taken = repo.userIdByEmail(db, email)
    if (taken !== null && taken !== exceptId) throw conflict(MSG.emailTaken)
  }

  return {
    list(filter: repo.UserFilter, page: { page: number; limit: number }) {
      const { rows, total } = repo.listUsers(db, filter, { limit: page.limit, offset: (page.page - 1) * page.limit })
      return { users: rows.map(toUser), total }
    },

    get: (id: number): User => toUser(mustFind(id)),

    /** Users of one role, by its name in any case; an unknown role is a 404. */
    byRole(roleName: string): User[] {
      if (repo.roleIdByName(db, roleName) === null) throw notFound('Role')
      return repo.listUsers(db, { role: roleName }, null).rows.map(toUser)
    },

    stats: (): UserStats => repo.userStats(db),
    recentLogins: (limit: number): User[] => repo.recentLogins(db, limit).map(toUser),
    neverLoggedIn: (): User[] => repo.neverLoggedIn(db).map(toUser),

    async create(actorId: number, input: { name: string; email: string; password: string; role_id: number }): Promise<User> {
      requireRole(input.role_id)
      requireFreeEmail(input.email)
      const passwordHash = await hashPassword(input.password)
      const at = clock().toISOString()
      const id = db.transaction(() => {
        requireFreeEmail(input.email)
        const id = repo.insertUser(db, { name: input.name, email: input.email, passwordHash, roleId: input.role_id, at })
        recordAudit(db, { userId: actorId, action: 'create', entity: 'user', entityId: id, details: { name: input.name, email: input.email, role_id: input.role_id }, at })
        return id
      }).immediate()
      return toUser(mustFind(id))
    },

    update(actorId: number, id: number, input: { name: string; email: string; role_id: number }): User {
      const at = clock().toISOString()
      db.transaction(() => {
        const before = mustFind(id)
        requireRole(input.role_id)
        requireFreeEmail(input.email, id)
        if (input.role_id !== before.role_id) guardLastManager(before)
        repo.updateUser(db, { id, name: input.name, email: input.email, roleId: input.role_id, at })
        const changed = Object.fromEntries(
          (['name', 'email', 'role_id'] as const).filter((k) => before[k] !== input[k]).map((k) => [k, { from: before[k], to: input[k] }]),
        )
        recordAudit(db, { userId: actorId, action: 'update', entity: 'user', entityId: id, details: changed, at })
      }).immediate()
      return toUser(mustFind(id))
    },

    /** A Manager sets someone's password; every session of that account ends. */
    async setPassword(actorId: number, id: number, newPassword: string): Promise<void> {
      mustFind(id)
      const hash = await hashPassword(newPassword)
      const at = clock().toISOString()
      db.transaction(() => {
        if (repo.setPasswordHash(db, id, hash, at).changes !== 1) throw notFound('User')
        recordAudit(db, { userId: actorId, action: 'set-password', entity: 'user', entityId: id, at })
      }).immediate()
    },

    setStatus(actorId: number, id: number, active: boolean): User {
      const at = clock().toISOString()
      db.transaction(() => {
        const before = mustFind(id)
        if (!active && id === actorId) throw conflict(MSG.cannotChangeOwnStatus)
        if (!active) guardLastManager(before)
        if ((before.is_active === 1) === active) return
        repo.setActive(db, id, active, at)
        recordAudit(db, { userId: actorId, action: active ? 'activate' : 'deactivate', entity: 'user', entityId: id, at })
      }).immediate()
      return toUser(mustFind(id))
    },

    /** Only a user with no history can be deleted; the others are deactivated instead. */
    remove(actorId: number, id: number): void {
      const at = clock().toISOString()
      db.transaction(() => {
        const before = mustFind(id)
        if (id === actorId) throw conflict(MSG.cannotDeleteSelf)
        guardLastManager(before)
        if (repo.userHasHistory(db, id)) throw conflict(MSG.userHasHistory)
        repo.deleteUser(db, id)
        recordAudit(db, { userId: actorId, action: 'delete', entity: 'user', entityId: id, details: { name: before.name, email: before.email, role_id: before.role_id }, at })
      }).immediate()
    },
  }
}
