/**
 * The users module's face. It owns the `users` table: sign-in, profile and password reset write
 * accounts through these functions.
 */
export { createUsersService, type UsersService } from './service'
export { usersRoutes } from './routes'
export {
  findUserByEmail,
  findUserById,
  insertUser,
  recordLogin,
  roleIdByName,
  saveProfile,
  setPasswordHash,
  toUser,
  type UserRow,
} from './repo'
