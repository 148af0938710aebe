import { CategoryBody, STOCK_MSG, SupplierBody, type Category, type Supplier } from '../../../../src/contract/stock'
import { createCategory, createSupplier, deleteCategory, deleteSupplier, listCategories, listSuppliers, updateCategory, updateSupplier } from '../../api/stock'
import { TextAreaField, TextField } from '../../components/Field'
import { STOCK_UI } from '../../messages/stock'
import type { Catalog } from './CatalogTab'

const OPTIONAL = 'Optional'

export const CATEGORIES: Catalog<Category, 'name' | 'description'> = {
  kind: 'category',
  title: 'Category',
  plural: 'categories',
  labels: { name: 'Category Name', description: 'Description' },
  done: { created: STOCK_MSG.categoryCreated, updated: STOCK_MSG.categoryUpdated, deleted: STOCK_MSG.categoryDeleted },
  loadFailed: STOCK_UI.categoriesLoadFailed,
  list: listCategories,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
  schema: CategoryBody,
  initial: (c) => ({ name: c?.name ?? '', description: c?.description ?? '' }),
  card: (c) => <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-400">{c.description || 'No description'}</p>,
  fields: (form, set, errors) => <TextAreaField label="Description" value={form.description} onChange={set('description')} error={errors.description} hint={OPTIONAL} />,
}

type SupplierKey = 'name' | 'contact_person' | 'email' | 'phone' | 'address'
const SUPPLIER_LABELS: Record<SupplierKey, string> = { name: 'Supplier Name', contact_person: 'Contact Person', email: 'Email', phone: 'Phone', address: 'Address' }

export const SUPPLIERS: Catalog<Supplier, SupplierKey> = {
  kind: 'supplier',
  title: 'Supplier',
  plural: 'suppliers',
  labels: SUPPLIER_LABELS,
  done: { created: STOCK_MSG.supplierCreated, updated: STOCK_MSG.supplierUpdated, deleted: STOCK_MSG.supplierDeleted },
  list: listSuppliers,
  create: createSupplier,
  update: updateSupplier,
  remove: deleteSupplier,
  schema: SupplierBody,
  initial: (s) => ({ name: s?.name ?? '', contact_person: s?.contact_person ?? '', email: s?.email ?? '', phone: s?.phone ?? '', address: s?.address ?? '' }),
  card: (s) => (
    <dl className="mt-1 flex-1 space-y-0.5 text-sm text-slate-600 dark:text-slate-400">
      <div>
        <dt className="sr-only">Contact Person</dt>
        <dd>{s.contact_person || 'No contact person'}</dd>
      </div>
      {(['email', 'phone', 'address'] as const).map(
        (k) =>
          s[k] && (
            <div key={k}>
              <dt className="sr-only">{SUPPLIER_LABELS[k]}</dt>
              <dd className={k === 'email' ? 'break-all' : undefined}>{s[k]}</dd>
            </div>
          ),
      )}
    </dl>
  ),
  fields: (form, set, errors) => (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={SUPPLIER_LABELS.contact_person} value={form.contact_person} onChange={set('contact_person')} error={errors.contact_person} hint={OPTIONAL} />
        <TextField label={SUPPLIER_LABELS.phone} type="tel" inputMode="tel" value={form.phone} onChange={set('phone')} error={errors.phone} hint={OPTIONAL} />
      </div>
      <TextField label={SUPPLIER_LABELS.email} type="email" value={form.email} onChange={set('email')} error={errors.email} hint={OPTIONAL} />
      <TextAreaField label={SUPPLIER_LABELS.address} value={form.address} onChange={set('address')} error={errors.address} hint={OPTIONAL} rows={2} />
    </>
  ),
}
