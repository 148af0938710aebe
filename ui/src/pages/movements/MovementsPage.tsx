import { useCallback, useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { canAccess } from '../../../../src/contract/access-types'
import { mayChangeMovement, STOCK_MSG, stockAccess, type MovementType, type StockMovement } from '../../../../src/contract/stock'
import { messageOr } from '../../api/client'
import { deleteMovement, getMovementStatistics, listMovements } from '../../api/stock'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DataTable, type Column } from '../../components/DataTable'
import { SelectField } from '../../components/Field'
import { ItemPicker, type PickedItem } from '../../components/ItemPicker'
import { PageHeader } from '../../components/PageHeader'
import { ResultDialog, type Result } from '../../components/ResultDialog'
import { usePagedList } from '../../components/usePagedList'
import { useFormat } from '../../lib/useFormat'
import { useSession } from '../../session/store'
import { useDisplaySettings } from '../../lib/display'
import { Modal } from '../../components/Modal'
import { MovementHistory } from './MovementHistory'
import { failureMessage } from '../../components/failureMessage'
import { RowAction } from '../../components/RowAction'
import { SearchBox } from '../../components/SearchBox'
import { StatCards } from '../../components/StatCards'
import { useLoad } from '../../components/useLoad'
import { MOVEMENT_UI } from '../../messages/stock'
import { movementLabel, signedQuantity } from './display'
import { MovementForm } from './MovementForm'
import { movementToast } from './movementToast'

const TYPE_OPTIONS = [
  { value: 'IN', label: 'Stock In' },
  { value: 'OUT', label: 'Usage / Stock Out' },
  { value: 'ADJUSTMENT', label: 'Adjustment' },
]

const TYPE_TONES: Record<string, string> = {
  IN: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  OUT: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  ADJUSTMENT: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
}

type Dialog = { kind: 'record' } | { kind: 'edit'; movement: StockMovement } | { kind: 'delete'; movement: StockMovement } | { kind: 'history'; movement: StockMovement } | null

/** /movements (SPEC §2): the main store's ledger. */
export default function MovementsPage() {
  const session = useSession()
  const role = session?.user.role_name
  const canRecord = canAccess(stockAccess['POST /api/stock-movements'], role)
  const canDelete = canAccess(stockAccess['DELETE /api/stock-movements/:id'], role)
  // The server's rule: a Manager changes any row; anyone else only the rows they recorded today.
  const { time_zone } = useDisplaySettings()
  const mayChange = (m: StockMovement) => !!session && m.editable && mayChangeMovement(session.user, m, time_zone, new Date())
  const fmt = useFormat()
  const [q, setQ] = useState('')
  const [type, setType] = useState('')
  const [item, setItem] = useState<PickedItem | null>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  // /movements?record=1 (the dashboard's 'Record Movement' quick action) opens the form at once.
  const search = useSearch()
  const [, navigate] = useLocation()
  useEffect(() => {
    if (!new URLSearchParams(search).has('record')) return
    if (canRecord) setDialog({ kind: 'record' })
    navigate('/movements', { replace: true })
  }, [search, canRecord, navigate])
  const [result, setResult] = useState<Result | null>(null)
  const closeResult = useCallback(() => setResult(null), [])

  const stats = useLoad((signal) => getMovementStatistics(signal).then((r) => r.data), [])
  const list = usePagedList<StockMovement>(
    ({ page, limit, signal }) =>
      listMovements({ page, limit, q: q.trim() || undefined, type: (type || undefined) as MovementType | undefined, item_id: item?.id }, signal).catch((e: unknown) => {
        if (signal.aborted) throw e
        throw new Error(messageOr(e, MOVEMENT_UI.loadFailed))
      }),
    [q, type, item?.id],
  )
  const written = () => {
    list.retry()
    stats.reload()
  }

  async function remove(m: StockMovement) {
    try {
      const res = await deleteMovement(m.id)
      void movementToast(m, res.message || STOCK_MSG.movementDeleted, fmt.quantity)
      written()
    } catch (err) {
      setResult({ kind: 'error', message: failureMessage(err, MOVEMENT_UI.deleteFailed, MOVEMENT_UI.deleteError) })
    }
  }

  const columns: Column<StockMovement>[] = [
    { header: 'Item', cell: (m) => <span className="font-medium">{m.item_name}</span> },
    {
      header: 'Type',
      cell: (m) => <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${TYPE_TONES[m.type] ?? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200'}`}>{movementLabel(m)}</span>,
    },
    { header: 'Quantity', numeric: true, cell: (m) => <span className="font-semibold">{signedQuantity(m, fmt.quantity)}</span> },
    {
      header: 'User',
      cell: (m) => (
        <span>
          {m.user_name}
          <span className="block text-xs text-slate-600 dark:text-slate-400">{m.role_name}</span>
          {m.updated_by_name && <span className="block text-xs text-slate-600 dark:text-slate-400">Edited by {m.updated_by_name}</span>}
        </span>
      ),
    },
    { header: 'Date & Time', cell: (m) => fmt.dateTime(m.movement_date) },
    { header: 'Remarks', cell: (m) => m.remarks || <span className="text-slate-500 dark:text-slate-400">—</span> },
  ]

  const s = stats.data
  return (
    <section>
      <PageHeader
        title="Stock Movements"
        description="Deliveries in, issues out and stock counts, newest first."
        actions={canRecord && <Button onClick={() => setDialog({ kind: 'record' })}>Record Movement</Button>}
      />
      <StatCards
        loading={stats.loading}
        error={stats.error}
        onRetry={stats.reload}
        stats={[
          { label: 'Total Movements', value: s?.total_movements },
          { label: 'Stock In', value: s?.stock_in_count, tone: 'success' },
          { label: 'Stock Out', value: s?.stock_out_count, tone: 'warning' },
        ]}
      />

      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr]">
        <SearchBox label="Search movements" placeholder="Item, user or remarks" value={q} onChange={setQ} />
        <SelectField label="Type" value={type} onChange={setType} placeholder="All types" options={TYPE_OPTIONS} />
        <ItemPicker label="Item" source="store" value={item} onChange={setItem} placeholder="All items" floating />
      </div>

      <DataTable
        kind="movements"
        caption="Stock movements"
        columns={columns}
        list={list}
        searchTerm={q}
        actions={(m) =>
          mayChange(m) ? (
            <>
              <RowAction onClick={() => setDialog({ kind: 'edit', movement: m })}>Edit</RowAction>
              {canDelete && (
                <RowAction danger onClick={() => setDialog({ kind: 'delete', movement: m })}>
                  Delete
                </RowAction>
              )}
            </>
          ) : m.updated_by !== null ? (
            <RowAction onClick={() => setDialog({ kind: 'history', movement: m })}>History</RowAction>
          ) : (
            <span className="px-2 py-3 text-xs text-slate-600 dark:text-slate-400">{m.source_type === 'MANUAL' ? '' : `${sourceLabel(m.source_type)}`}</span>
          )
        }
      />

      {(dialog?.kind === 'record' || dialog?.kind === 'edit') && (
        <MovementForm movement={dialog.kind === 'edit' ? dialog.movement : null} onClose={() => setDialog(null)} onSaved={written} />
      )}
      <Modal open={dialog?.kind === 'history'} title="Movement History" onClose={() => setDialog(null)}>
        {dialog?.kind === 'history' && <MovementHistory movementId={dialog.movement.id} />}
      </Modal>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Stock Movement"
        message={MOVEMENT_UI.deleteConfirm}
        confirmLabel="Delete"
        danger
        onConfirm={() => dialog?.kind === 'delete' && remove(dialog.movement)}
        onClose={() => setDialog(null)}
      />
      <ResultDialog result={result} onClose={closeResult} />
    </section>
  )
}

/** Why a row has no Edit: who made it. */
const sourceLabel = (s: string) => ({ OPENING: 'Opening stock', COUNT: 'Stock count', REQUEST: 'Kitchen request', TRANSFER: 'Kitchen transfer' })[s] ?? s
