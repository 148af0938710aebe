import { useCallback, useState, type FormEvent, type ReactNode } from 'react'
import type * as v from 'valibot'
import type { Envelope, ListEnvelope } from '../../api/client'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorLine } from '../../components/ErrorLine'
import { failureMessage, loadFailure } from '../../components/failureMessage'
import { TextField } from '../../components/Field'
import { FormModal } from '../../components/FormModal'
import { ResultDialog, type Result } from '../../components/ResultDialog'
import { RowAction } from '../../components/RowAction'
import { SearchBox } from '../../components/SearchBox'
import { toast } from '../../components/toast'
import { CARD_PAGE_SIZE, usePagedList } from '../../components/usePagedList'
import { withLabels } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { UI } from '../../messages/common'
import { STOCK_UI, type StockKind } from '../../messages/stock'
import { CardGrid } from './CardGrid'
import { ExportButton } from './ExportButton'
import { useSubmit } from '../../components/useSubmit'

export type CatalogForm<K extends string> = Record<K, string>

/** What differs between the Categories and the Suppliers tab: the words, the calls, the card and the form's fields. */
export interface Catalog<T extends { id: number; name: string; item_count: number }, K extends string> {
  kind: Exclude<StockKind, 'item'>
  /** 'Category' → 'Add Category', 'Edit Category', 'Delete Category'… */
  title: string
  plural: string
  labels: Record<K, string>
  /** The server's success lines when it sends none. */
  done: { created: string; updated: string; deleted: string }
  /** The list's own failure line (else the client's). */
  loadFailed?: string
  list: (args: { page: number; limit: number; q?: string }, signal: AbortSignal) => Promise<ListEnvelope<T>>
  create: (body: never) => Promise<Envelope<T>>
  update: (id: number, body: never) => Promise<Envelope<T>>
  remove: (id: number) => Promise<Envelope<null>>
  schema: v.GenericSchema
  initial: (row: T | null) => CatalogForm<K>
  /** The card's lines between the name and the item count. */
  card: (row: T) => ReactNode
  /** The form's fields but the name. */
  fields: (form: CatalogForm<K>, set: (k: K) => (value: string) => void, errors: Record<string, string>) => ReactNode
}

const itemCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`

/** /stock's Categories and Suppliers tabs: search, a paged card grid, Add / Edit in a dialog, Delete after a confirm. */
export function CatalogTab<T extends { id: number; name: string; item_count: number }, K extends string>({ catalog, onWrite }: { catalog: Catalog<T, K>; onWrite: () => void }) {
  const { kind, title, plural } = catalog
  const [q, setQ] = useState('')
  const [dialog, setDialog] = useState<{ kind: 'form'; row: T | null } | { kind: 'delete'; row: T } | null>(null)
  const [result, setResult] = useState<Result | null>(null)
  const closeResult = useCallback(() => setResult(null), [])
  const list = usePagedList<T>(
    ({ page, limit, signal }) =>
      catalog.list({ page, limit, q: q.trim() || undefined }, signal).catch((e: unknown) => {
        throw catalog.loadFailed ? loadFailure(e, catalog.loadFailed) : e
      }),
    [q],
    CARD_PAGE_SIZE,
  )
  const written = () => {
    list.retry()
    onWrite()
  }

  async function remove(row: T) {
    try {
      const res = await catalog.remove(row.id)
      toast({ kind: 'success', title: UI.successTitle, message: res.message || catalog.done.deleted })
      written()
    } catch (err) {
      setResult({ kind: 'error', message: failureMessage(err, STOCK_UI.deleteFailed(kind), STOCK_UI.deleteError(kind)) })
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <SearchBox label={`Search ${plural}`} value={q} onChange={setQ} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ kind: 'form', row: null })}>Add {title}</Button>
          <ExportButton kind={plural === 'categories' ? 'categories' : 'suppliers'} />
        </div>
      </div>
      <CardGrid
        list={list}
        kind={plural}
        searchTerm={q}
        render={(r) => (
          <>
            <h3 className="font-semibold">{r.name}</h3>
            {catalog.card(r)}
            <p className="mt-3 text-sm font-medium text-brand-800 dark:text-brand-300">{itemCount(r.item_count)}</p>
            <div className="mt-2 flex justify-end gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
              <RowAction onClick={() => setDialog({ kind: 'form', row: r })}>Edit</RowAction>
              <RowAction danger onClick={() => setDialog({ kind: 'delete', row: r })}>
                Delete
              </RowAction>
            </div>
          </>
        )}
      />
      {dialog?.kind === 'form' && <CatalogFormDialog catalog={catalog} row={dialog.row} onClose={() => setDialog(null)} onSaved={written} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete ${title}`}
        message={dialog?.kind === 'delete' ? STOCK_UI.deleteConfirm(kind, dialog.row.name) : ''}
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && remove(dialog.row)}
        onClose={() => setDialog(null)}
      />
      <ResultDialog result={result} onClose={closeResult} />
    </div>
  )
}

function CatalogFormDialog<T extends { id: number; name: string; item_count: number }, K extends string>({
  catalog,
  row,
  onClose,
  onSaved,
}: {
  catalog: Catalog<T, K>
  row: T | null
  onClose: () => void
  onSaved: () => void
}) {
  const { kind, title } = catalog
  const [form, setForm] = useState(() => catalog.initial(row))
  const set = (k: K) => (value: string) => setForm((f) => ({ ...f, [k]: value }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy, failure, setFailure, run } = useSubmit()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const checked = check(catalog.schema, form)
    setErrors(checked.ok ? {} : withLabels(checked.errors, catalog.labels))
    if (!checked.ok) return
    await run(async () => {
      const body = checked.value as never
      const res = row ? await catalog.update(row.id, body) : await catalog.create(body)
      toast({ kind: 'success', title: UI.successTitle, message: res.message || (row ? catalog.done.updated : catalog.done.created) })
      onSaved()
      onClose()
    }, row ? STOCK_UI.updateFailed(kind) : STOCK_UI.createFailed(kind))
  }
  const nameKey = 'name' as K
  return (
    <FormModal
      title={row ? `Edit ${title}` : `Add New ${title}`}
      busy={busy}
      formId={row ? `${kind}-form-${row.id}` : `${kind}-form-new`}
      submitLabel={row ? `Update ${title}` : `Create ${title}`}
      onClose={onClose}
      onSubmit={submit}
    >
      <ErrorLine message={failure} />
      <TextField label={catalog.labels[nameKey]} value={form[nameKey]} onChange={set(nameKey)} error={errors.name} required data-autofocus />
      {catalog.fields(form, set, errors)}
    </FormModal>
  )
}
