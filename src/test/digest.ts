import type { Database } from 'bun:sqlite'

/** A digest of every row of every table: equal digests mean the same data. */
export function tablesDigest(db: Database, except: string[] = []): string {
  const tables = (db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[])
    .map((t) => t.name)
    .filter((t) => !except.includes(t))
  const hasher = new Bun.CryptoHasher('sha256')
  for (const t of tables) hasher.update(t + JSON.stringify(db.query(`SELECT * FROM "${t}" ORDER BY 1`).all()))
  return hasher.digest('hex')
}
