// The three built-in roles. Custom roles may exist but see only what every signed-in role sees.
export const MANAGER = 'Manager'
export const STOREKEEPER = 'Storekeeper'
export const CHEF = 'Chef'
export const BUILTIN_ROLES = [MANAGER, STOREKEEPER, CHEF] as const
export type BuiltinRole = (typeof BUILTIN_ROLES)[number]
