import { gtinCheckDigit } from '../contract/barcodes'
import { MIGRATIONS } from '../db/migrations'
import { migrate, openDb, type Db } from '../db/open'

// A database as RIMS 0.1 left it: items.barcode held whatever was typed, check digit or not (issue 29).
// Used by src/modules/barcodes/unchecked.test.ts and, as a script, by e2e/barcodes.unchecked.desktop.spec.ts.

/** An EAN-13 body of the in-store range (prefix 20–29: never a real product's, nor the demo's). */
const body = (n: number) => `2009000${String(n).padStart(5, '0')}`
const wrong = (b: string) => b + ((gtinCheckDigit(b) + 1) % 10)

/** 30 codes with a wrong check digit (EAN-13, one UPC-A, one EAN-8 and one GTIN-14 among them) and 1 right one. */
export const LEGACY = {
  bad: [
    ...Array.from({ length: 27 }, (_, i) => wrong(body(i + 1))),
    wrong('20090000999'), // 12 digits (UPC-A)
    wrong('2009001'), // 8 digits (EAN-8)
    wrong('1200900000099'), // 14 digits (GTIN-14)
  ],
  good: body(100) + gtinCheckDigit(body(100)),
  /** Items without a code, so the database has 73 like the issue's. */
  without: 42,
} as const

export const legacyName = (i: number) => `Legacy item ${String(i + 1).padStart(2, '0')}`

/** Migrates `db` to the last schema without check digits (before 0013) and fills it: bad codes first, then the good one, then none. */
export function seedLegacyBarcodes(db: Db) {
  migrate(db, MIGRATIONS.slice(0, MIGRATIONS.findIndex((m) => m.name === '0013_barcodes')))
  const at = '2026-01-15T09:00:00.000Z'
  db.query(`INSERT INTO categories (name, created_at, updated_at) VALUES ('Old stock', $at, $at)`).run({ at })
  db.query(`INSERT INTO suppliers (name, created_at, updated_at) VALUES ('Old supplier', $at, $at)`).run({ at })
  const codes = [...LEGACY.bad, LEGACY.good, ...Array.from({ length: LEGACY.without }, () => null)]
  const add = db.query(`INSERT INTO items (name, barcode, category_id, supplier_id, unit, cost_price, current_quantity, min_stock_level, is_active, created_at, updated_at)
    VALUES ($name, $barcode, 1, 1, 'each', 1250, 0, 200, 1, $at, $at)`)
  db.transaction(() => codes.forEach((barcode, i) => add.run({ name: legacyName(i), barcode, at })))()
}

// bun src/test/legacy-barcodes.ts DATA_DIR: a 0.1-like rims.db there (the server upgrades it when it opens it).
if (import.meta.main) {
  const dir = process.argv[2]
  if (!dir) throw new Error('usage: bun src/test/legacy-barcodes.ts DATA_DIR')
  const db = openDb(`${dir}/rims.db`)
  seedLegacyBarcodes(db)
  db.close()
}
