import { formatPacked } from '../../../../src/contract/packs'
import { shownCode } from '../../../../src/contract/barcodes'
import { useCallback, useState } from 'react'
import { quantityStatus, type Item } from '../../../../src/contract/stock'
import { deleteItem, listItems } from '../../api/stock'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DataTable, type Column } from '../../components/DataTable'
import { SelectField } from '../../components/Field'
import { ResultDialog, type Result } from '../../components/ResultDialog'
import { toast } from '../../components/toast'
import { usePagedList } from '../../components/usePagedList'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { CountForm } from './CountForm'
import { ItemForm } from './ItemForm'
import { failureMessage } from '../../components/failureMessage'
import { LoadError } from '../../components/LoadError'
import { RowAction } from '../../components/RowAction'
import { SearchBox } from '../../components/SearchBox'
import { STOCK_UI } from '../../messages/stock'
import { TransferForm } from './TransferForm'
import { BulkEditBar } from './BulkEditBar'
import { ExportButton } from './ExportButton'
import { BarcodesDialog } from './BarcodesDialog'
import { useScanLookup } from '../../components/scan/UnknownCode'
import type { Lookups } from './useLookups'

/** The 'Low' badge: the contract's quantity rule says low or out (an empty shelf is at or below its minimum). */
const isLow = (i: Item) => quantityStatus(i) !== 'in'

type Dialog = { kind: 'add'; code?: string } | { kind: 'codes'; item: Item } | { kind: 'edit'; item: Item } | { kind: 'count'; item: Item } | { kind: 'transfer'; item: Item; direction: 'TO_KITCHEN' | 'TO_STORE' } | { kind: 'delete'; item: Item } | null

export function ItemsTab({ isManager, lookups, onWrite }: { isManager: boolean; lookups: Lookups; onWrite: () => void }) {
  const fmt = useFormat()
  const [q, setQ] = useState('')
  const [category, setCategory] = useState('')
  const [supplier, setSupplier] = useState('')
  // "Create item" from an unknown scanned code arrives as /stock?new_code=…: the add form opens with it.
  const [dialog, setDialog] = useState<Dialog>(() => {
    const code = new URLSearchParams(window.location.search).get('new_code')
    if (code) window.history.replaceState(null, '', window.location.pathname)
    return code ? { kind: 'add', code } : null
  })
  // A scan in the search box finds its item (unknown codes: link, create or skip).
  const scanner = useScanLookup((r) => setQ(r.item.name))
  const [result, setResult] = useState<Result | null>(null)
  const closeResult = useCallback(() => setResult(null), [])

  const list = usePagedList<Item>(
    ({ page, limit, signal }) =>
      listItems({ page, limit, q: q.trim() || undefined, category_id: category ? Number(category) : undefined, supplier_id: supplier ? Number(supplier) : undefined }, signal),
    [q, category, supplier],
  )
  const written = () => {
    list.retry()
    onWrite()
  }
  // Ticked rows (Managers: bulk edit), kept across pages and filters until cleared or applied.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set())
  const tick = (ids: number[], on: boolean) =>
    setTicked((old) => {
      const next = new Set(old)
      for (const id of ids) on ? next.add(id) : next.delete(id)
      return next
    })

  const columns: Column<Item>[] = [
    {
      header: 'Item Name',
      cell: (i) => (
        <div>
          <p className="font-medium">{i.name}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{i.barcode ? `Barcode: ${shownCode(i.barcode, i.barcode_checked)}` : 'No barcode'}</p>
        </div>
      ),
    },
    { header: 'Category', cell: (i) => i.category_name },
    { header: 'Supplier', cell: (i) => i.supplier_name },
    {
      header: 'Quantity',
      numeric: true,
      cell: (i) =>
        isLow(i) ? (
          <span className="font-semibold whitespace-nowrap text-red-700 dark:text-red-300">
            {fmt.quantity(i.current_quantity, i.unit)}
            <span className="ml-1.5 rounded-full bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">Low</span>
          </span>
        ) : (
          <span className="whitespace-nowrap">{fmt.quantity(i.current_quantity, i.unit)}</span>
        ),
    },
    ...(list.rows.some((i) => i.packs?.length) ? [{ header: 'In packs', cell: (i: Item) => (i.packs?.length ? formatPacked(i.current_quantity, i.unit, i.packs) : '') }] : []),
    { header: 'Unit Price', numeric: true, cell: (i) => fmt.cost(i.cost_price) },
    ...(isManager ? [{ header: 'Total Value', numeric: true, cell: (i: Item) => fmt.money(i.total_value) }] : []),
    { header: 'Expiry Date', cell: (i) => fmt.date(i.expiry_date) },
  ]

  async function remove(item: Item) {
    try {
      const res = await deleteItem(item.id)
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
      written()
    } catch (err) {
      setResult({ kind: 'error', message: failureMessage(err, STOCK_UI.deleteFailed('item'), STOCK_UI.deleteError('item')) })
    }
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
        <SearchBox label="Search items" placeholder="Name or barcode" value={q} onChange={setQ} onScan={scanner.lookup} />
        <SelectField
          label="Category"
          value={category}
          onChange={setCategory}
          placeholder="All categories"
          options={lookups.categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <SelectField
          label="Supplier"
          value={supplier}
          onChange={setSupplier}
          placeholder="All suppliers"
          options={lookups.suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ kind: 'add' })}>Add Item</Button>
          <ExportButton kind="items" />
        </div>
      </div>
      {isManager && ticked.size > 0 && (
        <BulkEditBar
          ids={[...ticked]}
          lookups={lookups}
          onClear={() => setTicked(new Set())}
          onDone={() => {
            setTicked(new Set())
            written()
          }}
        />
      )}
      {lookups.error && <LoadError error={lookups.error} retry={lookups.reload} inline />}

      <DataTable
        kind="items"
        caption="Stock items"
        columns={columns}
        list={list}
        searchTerm={q}
        selection={
          isManager
            ? {
                isSelected: (i) => ticked.has(i.id),
                toggle: (i, on) => tick([i.id], on),
                togglePage: (rows, on) => tick(rows.map((i) => i.id), on),
                label: (i) => `Select ${i.name}`,
              }
            : undefined
        }
        actions={(i) => (
          <div className="flex max-w-80 flex-wrap justify-end gap-1">
            <RowAction onClick={() => setDialog({ kind: 'edit', item: i })}>Edit</RowAction>
            <RowAction onClick={() => setDialog({ kind: 'count', item: i })}>Count stock</RowAction>
            <RowAction onClick={() => setDialog({ kind: 'codes', item: i })}>Barcodes</RowAction>
            <RowAction onClick={() => setDialog({ kind: 'transfer', item: i, direction: 'TO_KITCHEN' })}>Send to kitchen</RowAction>
            <RowAction onClick={() => setDialog({ kind: 'transfer', item: i, direction: 'TO_STORE' })}>Return to store</RowAction>
            <RowAction danger onClick={() => setDialog({ kind: 'delete', item: i })}>
              Delete
            </RowAction>
          </div>
        )}
      />

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ItemForm item={dialog.kind === 'edit' ? dialog.item : null} barcode={dialog.kind === 'add' ? dialog.code : undefined} lookups={lookups} onClose={() => setDialog(null)} onSaved={written} />
      )}
      {dialog?.kind === 'codes' && <BarcodesDialog item={dialog.item} onClose={() => setDialog(null)} onSaved={written} />}
      {scanner.dialog}
      {dialog?.kind === 'count' && <CountForm item={dialog.item} onClose={() => setDialog(null)} onSaved={written} />}
      {dialog?.kind === 'transfer' && <TransferForm item={dialog.item} direction={dialog.direction} onClose={() => setDialog(null)} onSaved={written} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Item"
        message={dialog?.kind === 'delete' ? STOCK_UI.deleteConfirm('item', dialog.item.name) : ''}
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && remove(dialog.item)}
        onClose={() => setDialog(null)}
      />
      <ResultDialog result={result} onClose={closeResult} />
    </div>
  )
}
