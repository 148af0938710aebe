import { useCallback, useState, type FormEvent } from 'react'
import { CategoryBody, STOCK_MSG, type Category } from '../../../../src/contract/stock'
import { createCategory, deleteCategory, listCategories } from '../../api/stock'
import { messageOr } from '../../api/client'
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
import { updateCategory } from '../../api/stock'
import { CardGrid, failureMessage, RowAction, SearchBox, withLabels } from './shared'
import { STOCK_UI } from './text'

const LABELS = { name: 'Category Name', description: 'Description' }
const itemCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`

type Dialog = { kind: 'form'; category: Category | null } | { kind: 'delete'; category: Category } | null

export function CategoriesTab({ onWrite }: { onWrite: () => void }) {
  const [q, setQ] = useState('')
  const [dialog, setDialog] = useState<Dialog>(null)
  const [result, setResult] = useState<Result | null>(null)
  const closeResult = useCallback(() => setResult(null), [])
  const list = usePagedList<Category>(
    ({ page, limit, signal }) =>
      listCategories({ page, limit, q: q.trim() || undefined }, signal).catch((e: unknown) => {
        throw new Error(messageOr(e, STOCK_UI.categoriesLoadFailed))
      }),
    [q],
    CARD_PAGE_SIZE,
  )
  const written = () => {
    list.retry()
    onWrite()
  }

  async function remove(c: Category) {
    try {
      const res = await deleteCategory(c.id)
      toast({ kind: 'success', title: UI.successTitle, message: res.message || STOCK_MSG.categoryDeleted })
      written()
    } catch (err) {
      setResult({ kind: 'error', message: failureMessage(err, STOCK_UI.deleteFailed('category'), STOCK_UI.deleteError('category')) })
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <SearchBox label="Search categories" value={q} onChange={setQ} />
        <Button onClick={() => setDialog({ kind: 'form', category: null })}>Add Category</Button>
      </div>
      <CardGrid
        list={list}
        kind="categories"
        searchTerm={q}
        rowKey={(c) => c.id}
        render={(c) => (
          <>
            <h3 className="font-semibold">{c.name}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-400">{c.description || 'No description'}</p>
            <p className="mt-3 text-sm font-medium text-brand-800 dark:text-brand-300">{itemCount(c.item_count)}</p>
            <div className="mt-2 flex justify-end gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
              <RowAction onClick={() => setDialog({ kind: 'form', category: c })}>Edit</RowAction>
              <RowAction danger onClick={() => setDialog({ kind: 'delete', category: c })}>
                Delete
              </RowAction>
            </div>
          </>
        )}
      />
      {dialog?.kind === 'form' && <CategoryForm category={dialog.category} onClose={() => setDialog(null)} onSaved={written} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Category"
        message={dialog?.kind === 'delete' ? STOCK_UI.deleteConfirm('category', dialog.category.name) : ''}
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && remove(dialog.category)}
        onClose={() => setDialog(null)}
      />
      <ResultDialog result={result} onClose={closeResult} />
    </div>
  )
}

function CategoryForm({ category, onClose, onSaved }: { category: Category | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(category?.name ?? '')
  const [description, setDescription] = useState(category?.description ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const checked = check(CategoryBody, { name, description })
    setErrors(checked.ok ? {} : withLabels(checked.errors, LABELS))
    if (!checked.ok) return
    setBusy(true)
    try {
      const res = category ? await updateCategory(category.id, checked.value) : await createCategory(checked.value)
      toast({ kind: 'success', title: UI.successTitle, message: res.message || (category ? STOCK_MSG.categoryUpdated : STOCK_MSG.categoryCreated) })
      onSaved()
      onClose()
    } catch (err) {
      const fallback = category ? STOCK_UI.updateFailed('category') : STOCK_UI.createFailed('category')
      setFailure(failureMessage(err, fallback, fallback))
    } finally {
      setBusy(false)
    }
  }
  const formId = category ? `category-form-${category.id}` : 'category-form-new'
  return (
    <FormModal title={category ? 'Edit Category' : 'Add New Category'} busy={busy} formId={formId} submitLabel={category ? 'Update Category' : 'Create Category'} onClose={onClose} onSubmit={submit}>
      <ErrorLine message={failure} />
      <TextField label={LABELS.name} value={name} onChange={setName} error={errors.name} required data-autofocus />
      <TextAreaField label={LABELS.description} value={description} onChange={setDescription} error={errors.description} hint="Optional" />
    </FormModal>
  )
}
