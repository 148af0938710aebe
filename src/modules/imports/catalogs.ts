import type { ImportResult } from '../../contract/imports'
import { CategoryBody, SupplierBody, type Category, type CategoryInput, type Supplier, type SupplierInput } from '../../contract/stock'
import type { Db } from '../../db/open'
import type { CsvTable } from '../../lib/csv-read'
import type { Slice } from '../../lib/slices'
import { upsertCategory } from '../categories'
import { upsertSupplier } from '../suppliers'
import { bySchema, type ImportColumn } from './columns'
import { parseFile, rowError, type ParsedRow, type ReadOptions } from './engine'
import * as repo from './repo'

// Suppliers and categories: matched by name (case-insensitive); a blank cell clears an optional field.

type CatalogColumn<S, D> = ImportColumn<S, D, any>

const nameColumn = <S extends { name: string }, D extends { name: string }>(schema: (typeof CategoryBody.entries)['name']): CatalogColumn<S, D> => ({
  field: 'name',
  label: 'Name',
  aliases: ['supplier', 'supplier_name', 'category', 'category_name', 'vendor'],
  requiredForNew: true,
  read: (r) => r.name,
  parse: (cell) => (cell === '' ? undefined : bySchema(schema, cell)),
  apply: (d, v) => (d.name = v),
})

const optional = <S, D>(field: keyof S & keyof D & string, label: string, schema: any, aliases: string[] = []): CatalogColumn<S, D> => ({
  field,
  label,
  aliases,
  read: (r) => (r[field] as unknown) ?? null,
  parse: (cell) => bySchema(schema, cell) ?? null,
  apply: (d, v) => ((d as Record<string, unknown>)[field] = v),
})

export const CATEGORY_COLUMNS: CatalogColumn<Category, CategoryInput>[] = [
  nameColumn(CategoryBody.entries.name),
  optional('description', 'Description', CategoryBody.entries.description, ['notes']),
]

export const SUPPLIER_COLUMNS: CatalogColumn<Supplier, SupplierInput>[] = [
  nameColumn(SupplierBody.entries.name),
  optional('contact_person', 'Contact person', SupplierBody.entries.contact_person, ['contact', 'contact_name']),
  optional('email', 'Email', SupplierBody.entries.email, ['e_mail', 'email_address']),
  optional('phone', 'Phone', SupplierBody.entries.phone, ['telephone', 'phone_number', 'mobile', 'tel']),
  optional('address', 'Address', SupplierBody.entries.address),
  // The tax id an invoice names its seller by (issue 34): checked by the API's own schema, so "" clears it.
  optional('tax_id', 'Tax id', SupplierBody.entries.tax_id, ['vat', 'vat_number', 'vat_no', 'vat_id', 'tpin', 'tax_number', 'tax_no', 'ust_id', 'ust_idnr']),
]

interface CatalogKind<S extends { id: number; name: string }, D extends { name: string }> {
  noun: string
  columns: CatalogColumn<S, D>[]
  all: (db: Db) => S[]
  blank: () => D
  draftOf: (s: S) => D
  insert: (db: Db, d: D, at: string) => number
  update: (db: Db, id: number, d: D, at: string) => void
}

export const CATEGORIES: CatalogKind<Category, CategoryInput> = {
  noun: 'category',
  columns: CATEGORY_COLUMNS,
  all: repo.allCategories,
  blank: () => ({ name: '', description: null }),
  draftOf: (c) => ({ name: c.name, description: c.description }),
  insert: (db, d, at) => upsertCategory(db, null, d, at),
  update: (db, id, d, at) => void upsertCategory(db, id, d, at),
}

export const SUPPLIERS: CatalogKind<Supplier, SupplierInput> = {
  noun: 'supplier',
  columns: SUPPLIER_COLUMNS,
  all: repo.allSuppliers,
  blank: () => ({ name: '', contact_person: null, email: null, phone: null, address: null, tax_id: null }),
  draftOf: (s) => ({ name: s.name, contact_person: s.contact_person, email: s.email, phone: s.phone, address: s.address, tax_id: s.tax_id }),
  insert: (db, d, at) => upsertSupplier(db, null, d, at),
  update: (db, id, d, at) => void upsertSupplier(db, id, d, at),
}

export async function planCatalog<S extends { id: number; name: string }, D extends { name: string }>(db: Db, kind: CatalogKind<S, D>, table: CsvTable, read: ReadOptions, slice: Slice) {
  const f = await parseFile(table, kind.columns, read, slice)
  if (!f.headerOf.has('name')) f.errors.push({ row: 1, column: '', value: table.headers.join(table.delimiter), message: `The file needs a name column to match or create ${kind.noun === 'category' ? 'categories' : 'suppliers'}` })
  const byName = new Map<string, S>()
  for (const s of kind.all(db)) if (!byName.has(s.name.toLowerCase())) byName.set(s.name.toLowerCase(), s)
  const claimed = new Map<string, number>()
  const plan: ({ kind: 'create'; row: ParsedRow; draft: D } | { kind: 'update'; row: ParsedRow; id: number; draft: D } | { kind: 'unchanged'; row: ParsedRow })[] = []
  for (const row of f.rows) {
    if (!row.ok) continue
    const pause = slice()
    if (pause) await pause
    const name = row.values.get('name') as string | undefined
    if (name === undefined) {
      if (f.headerOf.has('name')) f.errors.push(rowError(f, row, 'name', 'name is required'))
      continue
    }
    const earlier = claimed.get(name.toLowerCase())
    if (earlier !== undefined) {
      f.errors.push(rowError(f, row, 'name', `Row ${earlier} has the same name`))
      continue
    }
    claimed.set(name.toLowerCase(), row.row)
    const stored = byName.get(name.toLowerCase())
    const draft = stored ? kind.draftOf(stored) : kind.blank()
    let changes = 0
    for (const c of f.present) {
      // The name is the key: "zambeef" finds "Zambeef" and leaves its spelling alone.
      if (!row.values.has(c.field) || (stored && c.field === 'name')) continue
      const v = row.values.get(c.field)
      if (stored && (c.same ?? Object.is)(c.read(stored, db), v)) continue
      c.apply?.(draft, v)
      changes++
    }
    if (!stored) plan.push({ kind: 'create', row, draft })
    else if (changes === 0) plan.push({ kind: 'unchanged', row })
    else plan.push({ kind: 'update', row, id: stored.id, draft })
  }
  const result: ImportResult = {
    create: plan.filter((x) => x.kind === 'create').length,
    update: plan.filter((x) => x.kind === 'update').length,
    unchanged: plan.filter((x) => x.kind === 'unchanged').length,
    warnings: f.warnings,
    errors: f.errors.sort((a, b) => a.row - b.row),
  }
  const write = (at: string) => {
    for (const x of plan) {
      if (x.kind === 'create') kind.insert(db, x.draft, at)
      else if (x.kind === 'update') kind.update(db, x.id, x.draft, at)
    }
  }
  return { result, write }
}
