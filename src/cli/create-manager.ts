import * as v from 'valibot'
import { CreateUserBody } from '../contract/auth'
import { MANAGER } from '../contract/roles'
import { openAndMigrate } from '../db/open'
import { hashPassword } from '../lib/passwords'
import { recordAudit } from '../modules/audit'
import { insertUser, roleIdByName } from '../modules/users'
import { prepareDataDir } from './data-dir'

/**
 * Makes the first Manager of a fresh install. The password comes from a prompt or from stdin, never from argv.
 * `dbPath`: another database than the data dir's rims.db (the group view's own accounts, `rims group create-manager`).
 */
export async function createManager(o: { data: string; name?: string; email?: string; passwordStdin: boolean; dbPath?: string }): Promise<number> {
  const password = o.passwordStdin ? (await Bun.stdin.text()).replace(/\r?\n$/, '') : (prompt('Password for the new Manager (8+ characters):') ?? '')
  const db = openAndMigrate(o.dbPath ?? prepareDataDir(o.data).dbPath)
  try {
    const input = v.safeParse(CreateUserBody, { name: o.name, email: o.email, password, role_id: roleIdByName(db, MANAGER) })
    if (!input.success) {
      console.error(input.issues[0].message)
      return 2
    }
    if (db.query('SELECT 1 FROM users WHERE email = $email').get({ email: input.output.email })) {
      console.error(`A user with the email ${input.output.email} already exists.`)
      return 1
    }
    const at = new Date().toISOString()
    const passwordHash = await hashPassword(input.output.password)
    db.transaction(() => {
      const id = insertUser(db, { name: input.output.name, email: input.output.email, passwordHash, roleId: input.output.role_id, at })
      recordAudit(db, { userId: null, action: 'create', entity: 'user', entityId: id, details: { via: 'cli', role: MANAGER }, at })
    }).immediate()
    console.log(`Manager ${input.output.email} created. Sign in with that email and password.`)
    return 0
  } finally {
    db.close()
  }
}
