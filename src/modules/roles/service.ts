import type { Role } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import type { Db } from '../../db/open'
import { conflict, notFound } from '../../lib/errors'
import type { Clock } from '../../lib/clock'
import { recordAudit } from '../audit'
import * as repo from './repo'

export type RolesService = ReturnType<typeof createRolesService>

const toRole = (row: repo.RoleRow): Role => ({ id: row.id, role_name: row.role_name, is_builtin: row.is_builtin === 1, user_count: row.user_count })

/** Roles: names unique in any case; the three built-in roles are fixed; a role in use stays. */
export function createRolesService({ db, clock }: { db: Db; clock: Clock }) {
  const mustFind = (id: number) => {
    const row = repo.findRole(db, id)
    if (!row) throw notFound('Role')
    return row
  }
  const requireFreeName = (roleName: string, exceptId?: number) => {
    const taken = repo.findRoleByName(db, roleName)
    if (taken && taken.id !== exceptId) throw conflict(MSG.roleTaken)
  }

  return {
    list: (): Role[] => repo.listRoles(db).map(toRole),
    get: (id: number): Role => toRole(mustFind(id)),

    create(actorId: number, roleName: string): Role {
      const at = clock().toISOString()
      const id = db.transaction(() => {
        requireFreeName(roleName)
        const id = repo.insertRole(db, roleName, at)
        recordAudit(db, { userId: actorId, action: 'create', entity: 'role', entityId: id, details: { role_name: roleName }, at })
        return id
      }).immediate()
      return toRole(mustFind(id))
    },

    rename(actorId: number, id: number, roleName: string): Role {
      const at = clock().toISOString()
      db.transaction(() => {
        const before = mustFind(id)
        if (before.is_builtin === 1) throw conflict(MSG.builtinRole)
        requireFreeName(roleName, id)
        repo.renameRole(db, id, roleName)
        recordAudit(db, { userId: actorId, action: 'update', entity: 'role', entityId: id, details: { role_name: { from: before.role_name, to: roleName } }, at })
      }).immediate()
      return toRole(mustFind(id))
    },

    remove(actorId: number, id: number): void {
      const at = clock().toISOString()
      db.transaction(() => {
        const before = mustFind(id)
        if (before.is_builtin === 1) throw conflict(MSG.builtinRole)
        if (before.user_count > 0) throw conflict(MSG.roleInUse(before.user_count))
        repo.deleteRole(db, id)
        recordAudit(db, { userId: actorId, action: 'delete', entity: 'role', entityId: id, details: { role_name: before.role_name }, at })
      }).immediate()
    },
  }
}
