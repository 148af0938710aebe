import { useCallback, useState, type FormEvent } from 'react'
import { STOCK_MSG, SupplierBody, type Supplier } from '../../../../src/contract/stock'
import { createSupplier, deleteSupplier, listSuppliers, updateSupplier } from '../../api/stock'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField, TextField } from '../../components/Field'
import { ResultDialog, type Result } from '../../components/ResultDialog'
import { toast } from '../../components/toast'
import { CARD_PAGE_SIZE, usePagedList } from '../../components/usePagedList'
import { FormModal } from '../../components/FormModal'
import { check } from '../../lib/validation'
import { UI } from '../../messages'
import { CardGrid, failureMessage, RowAction, SearchBox, withLabels } from './shared'
import { STOCK_UI } from './text'

const LABELS = { name: 'Supplier Name', contact_person: 'Contact Person', email: 'Email', phone: 'Phone', address: 'Address' }
type Key = keyof typeof LABELS
const itemCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`

type Dialog = { kind: 'form'; supplier: Supplier | null } | { kind: 'delete'; supplier: Supplier } | null

export function SuppliersTab({ onWrite }: { onWrite: () => void }) {
  const [q, setQ] = useState('')
  const [dialog, setDialog] = useState<Dialog>(null)
  const [result, setResult] = useState<Result | null>(null)
  const closeResult = useCallback(() => setResult(null), [])
  const list = usePagedList<Supplier>(({ page, limit, signal }) => listSuppliers({ page, limit, q: q.trim() || undefined }, signal), [q], CARD_PAGE_SIZE)
  const written = () => {
    list.retry()
    onWrite()
  }

  async function remove(s: Supplier) {
    try {
      const res = await deleteSupplier(s.id)
      toast({ kind: 'success', title: UI.successTitle, message: res.message || STOCK_MSG.supplierDeleted })
      written()
    } catch (err) {
      setResult({ kind: 'error', message: failureMessage(err, STOCK_UI.deleteFailed('supplier'), STOCK_UI.deleteError('supplier')) })
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <SearchBox label="Search suppliers" value={q} onChange={setQ} />
        <Button onClick={() => setDialog({ kind: 'form', supplier: null })}>Add Supplier</Button>
      </div>
      <CardGrid
        list={list}
        kind="suppliers"
        searchTerm={q}
        rowKey={(s) => s.id}
        render={(s) => (
          <>
            <h3 className="font-semibold">{s.name}</h3>
            <dl className="mt-1 flex-1 space-y-0.5 text-sm text-slate-600 dark:text-slate-400">
              <div>
                <dt className="sr-only">Contact Person</dt>
                <dd>{s.contact_person || 'No contact person'}</dd>
              </div>
              {s.email && (
                <div>
                  <dt className="sr-only">Email</dt>
                  <dd className="break-all">{s.email}</dd>
                </div>
              )}
              {s.phone && (
                <div>
                  <dt className="sr-only">Phone</dt>
                  <dd>{s.phone}</dd>
                </div>
              )}
              {s.address && (
                <div>
                  <dt className="sr-only">Address</dt>
                  <dd>{s.address}</dd>
                </div>
              )}
            </dl>
            <p className="mt-3 text-sm font-medium text-brand-800 dark:text-brand-300">{itemCount(s.item_count)}</p>
            <div className="mt-2 flex justify-end gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
              <RowAction onClick={() => setDialog({ kind: 'form', supplier: s })}>Edit</RowAction>
              <RowAction danger onClick={() => setDialog({ kind: 'delete', supplier: s })}>
                Delete
              </RowAction>
            </div>
          </>
        )}
      />
      {dialog?.kind === 'form' && <SupplierForm supplier={dialog.supplier} onClose={() => setDialog(null)} onSaved={written} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Supplier"
        message={dialog?.kind === 'delete' ? STOCK_UI.deleteConfirm('supplier', dialog.supplier.name) : ''}
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && remove(dialog.supplier)}
        onClose={() => setDialog(null)}
      />
      <ResultDialog result={result} onClose={closeResult} />
    </div>
  )
}

function SupplierForm({ supplier, onClose, onSaved }: { supplier: Supplier | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<Record<Key, string>>({
    name: supplier?.name ?? '',
    contact_person: supplier?.contact_person ?? '',
    email: supplier?.email ?? '',
    phone: supplier?.phone ?? '',
    address: supplier?.address ?? '',
  })
  const set = (k: Key) => (v: string) => setForm((f) => ({ ...f, [k]: v }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const checked = check(SupplierBody, form)
    setErrors(checked.ok ? {} : withLabels(checked.errors, LABELS))
    if (!checked.ok) return
    setBusy(true)
    try {
      const res = supplier ? await updateSupplier(supplier.id, checked.value) : await createSupplier(checked.value)
      toast({ kind: 'success', title: UI.successTitle, message: res.message || (supplier ? STOCK_MSG.supplierUpdated : STOCK_MSG.supplierCreated) })
      onSaved()
      onClose()
    } catch (err) {
      const fallback = supplier ? STOCK_UI.updateFailed('supplier') : STOCK_UI.createFailed('supplier')
      setFailure(failureMessage(err, fallback, fallback))
    } finally {
      setBusy(false)
    }
  }
  const formId = supplier ? `supplier-form-${supplier.id}` : 'supplier-form-new'
  return (
    <FormModal title={supplier ? 'Edit Supplier' : 'Add New Supplier'} busy={busy} formId={formId} submitLabel={supplier ? 'Update Supplier' : 'Create Supplier'} onClose={onClose} onSubmit={submit}>
      <ErrorLine message={failure} />
      <TextField label={LABELS.name} value={form.name} onChange={set('name')} error={errors.name} required data-autofocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={LABELS.contact_person} value={form.contact_person} onChange={set('contact_person')} error={errors.contact_person} hint="Optional" />
        <TextField label={LABELS.phone} type="tel" inputMode="tel" value={form.phone} onChange={set('phone')} error={errors.phone} hint="Optional" />
      </div>
      <TextField label={LABELS.email} type="email" value={form.email} onChange={set('email')} error={errors.email} hint="Optional" />
      <TextAreaField label={LABELS.address} value={form.address} onChange={set('address')} error={errors.address} hint="Optional" rows={2} />
    </FormModal>
  )
}
