import { CHEF, MANAGER, STOREKEEPER, type BuiltinRole } from './roles'

/**
 * Access values and role groups. Feature contracts import these from here, never from
 * './access': that file imports every feature's table, and the cycle would break at start.
 * 'public' needs no token; 'signed-in' admits any active user, custom roles included.
 */
export type Access = 'public' | 'signed-in' | readonly BuiltinRole[]

export const MANAGER_ONLY = [MANAGER] as const
export const STORE_STAFF = [MANAGER, STOREKEEPER] as const
export const KITCHEN_STAFF = [MANAGER, CHEF] as const
export const ALL_STAFF = [MANAGER, STOREKEEPER, CHEF] as const

export const canAccess = (access: Access, roleName: string | undefined): boolean => {
  if (access === 'public') return true
  if (roleName === undefined) return false
  if (access === 'signed-in') return true
  return (access as readonly string[]).includes(roleName)
}
