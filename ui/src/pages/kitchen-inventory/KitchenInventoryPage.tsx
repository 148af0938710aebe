import { useEffect, useRef, useState } from 'react'
import { kitchenMovementLabel, kitchenStockStatus, type KitchenInventoryRow, type KitchenMovement, type KitchenMovementType } from '../../../../src/contract/kitchen'
import { CHEF, MANAGER } from '../../../../src/contract/roles'
import { getKitchenInventoryStatistics, listKitchenInventory, listKitchenMovements } from '../../api/kitchen'
import { Link } from 'wouter'
import { Button, buttonClass } from '../../components/Button'
import { DataTable, type Column } from '../../components/DataTable'
import { SelectField, TextField } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { toast } from '../../components/toast'
import { usePagedList } from '../../components/usePagedList'
import { useFormat } from '../../lib/useFormat'
import { useSession } from '../../session/store'
import { KITCHEN_UI_MSG as M } from '../../messages/kitchen'
import { Badge, type BadgeTone } from '../../components/Badge'
import { loadFailure } from '../../components/failureMessage'
import { rowButton } from '../../components/RowAction'
import { StatCards } from '../../components/StatCards'
import { useDebounced } from '../../components/useDebounced'
import { useLoad } from '../../components/useLoad'
import { KitchenRecordForm, type RecordMode } from './KitchenRecordForm'
import { KitchenMinimumForm } from './KitchenMinimumForm'

type Tab = 'inventory' | 'movements'
const TABS: { id: Tab; label: string }[] = [
  { id: 'inventory', label: 'Inventory' },
  { id: 'movements', label: 'Movements' },
]
const TYPE_OPTIONS: { value: KitchenMovementType; label: string }[] = [
  { value: 'IN', label: 'Stock In' },
  { value: 'OUT', label: 'Usage' },
  { value: 'WASTE', label: 'Wastage' },
  { value: 'ADJUSTMENT', label: 'Adjustment' },
]

export default function KitchenInventoryPage() {
  const role = useSession()?.user.role_name
  const canRecord = role === CHEF || role === MANAGER
  const canAdjust = role === MANAGER

  const [tab, setTab] = useState<Tab>('inventory')
  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim(), 300)
  const [type, setType] = useState<KitchenMovementType | ''>('')
  const [version, setVersion] = useState(0)
  const [form, setForm] = useState<{ mode: RecordMode; row?: KitchenInventoryRow } | null>(null)
  const [minimumOf, setMinimumOf] = useState<KitchenInventoryRow | null>(null)

  const stats = useLoad((signal) => getKitchenInventoryStatistics(signal).then((r) => r.data), [version], M.inventoryLoadFailed)
  const s = stats.data

  const done = (message: string, detail: string) => {
    toast({ kind: 'success', title: message, message: detail })
    setVersion((v) => v + 1)
  }
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ inventory: null, movements: null })

  return (
    <section>
      <PageHeader
        title="Kitchen Inventory"
        description="What the kitchen holds, and every delivery, use and loss."
        actions={
          canRecord && (
            <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
              <Button onClick={() => setForm({ mode: 'usage' })}>Record Usage</Button>
              <Button variant="danger" onClick={() => setForm({ mode: 'wastage' })}>
                Record Wastage
              </Button>
            </div>
          )
        }
      />
      <StatCards
        label="Kitchen statistics"
        loading={stats.loading}
        error={stats.error}
        onRetry={stats.reload}
        stats={[
          { label: 'Total Items', value: s?.total_items },
          { label: 'In Stock', value: s?.items_in_stock, tone: 'success' },
          { label: 'Low Stock', value: s?.low_stock_items, tone: 'warning' },
          { label: 'Out of Stock', value: s?.items_out_of_stock, tone: 'danger' },
        ]}
      />

      <div role="tablist" aria-label="Kitchen views" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el
            }}
            id={`kitchen-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`kitchen-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
              const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length].id
              setTab(next)
              tabRefs.current[next]?.focus()
            }}
            className={`-mb-px min-h-11 flex-1 border-b-2 px-4 text-sm font-semibold sm:flex-none ${
              tab === t.id ? 'border-brand-700 text-brand-800 dark:border-brand-400 dark:text-brand-200' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div id={`kitchen-panel-${tab}`} role="tabpanel" aria-labelledby={`kitchen-tab-${tab}`}>
        <div className={`mb-4 grid gap-3 ${tab === 'movements' ? 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : ''}`}>
          <TextField
            label="Search"
            type="search"
            placeholder={tab === 'inventory' ? 'Item, barcode, category or supplier' : 'Item, user, remarks or request #'}
            value={search}
            onChange={setSearch}
          />
          {tab === 'movements' && (
            <SelectField label="Movement type" value={type} onChange={(v) => setType(v as KitchenMovementType | '')} options={TYPE_OPTIONS} placeholder="All" />
          )}
        </div>
        {tab === 'inventory' ? (
          <InventoryTable q={q} version={version} canRecord={canRecord} canAdjust={canAdjust} onRecord={(mode, row) => setForm({ mode, row })} onMinimum={setMinimumOf} />
        ) : (
          <MovementsTable q={q} type={type} version={version} />
        )}
      </div>

      <KitchenMinimumForm row={minimumOf} onClose={() => setMinimumOf(null)} onDone={done} />
      <KitchenRecordForm mode={form?.mode ?? null} row={form?.row} onClose={() => setForm(null)} onDone={done} onFailed={() => setVersion((v) => v + 1)} />
    </section>
  )
}

/** Re-reads the list after a write (the version bumps) without going back to page 1. */
function useRefreshOn(version: number, retry: () => void) {
  const first = useRef(version)
  useEffect(() => {
    if (version !== first.current) retry()
  }, [version, retry])
}

const STATUS_BADGE = { out: <Badge tone="danger">Out of Stock</Badge>, low: <Badge tone="warning">Low Stock</Badge>, in: null }

function InventoryTable({
  q,
  version,
  canRecord,
  canAdjust,
  onRecord,
  onMinimum,
}: {
  q: string
  version: number
  canRecord: boolean
  canAdjust: boolean
  onRecord: (mode: RecordMode, row: KitchenInventoryRow) => void
  /** Opens the row's kitchen minimum (Manager and Chef). */
  onMinimum: (row: KitchenInventoryRow) => void
}) {
  const f = useFormat()
  const list = usePagedList(
    ({ page, limit, signal }) =>
      listKitchenInventory({ page, limit, q: q || undefined }, signal).catch((err: unknown) => {
        throw loadFailure(err, M.inventoryLoadFailed)
      }),
    ['inventory', q],
  )
  useRefreshOn(version, list.retry)

  const columns: Column<KitchenInventoryRow>[] = [
    {
      header: 'Item',
      cell: (r) => (
        <span>
          <span className="font-medium">{r.item_name}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{r.category}</span>
        </span>
      ),
    },
    { header: 'Supplier', wide: true, cell: (r) => r.supplier_name },
    {
      header: 'Quantity',
      numeric: true,
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center justify-end gap-2">
          <span className="font-semibold whitespace-nowrap tabular-nums">{f.quantity(r.quantity, r.unit)}</span>
          {STATUS_BADGE[kitchenStockStatus(r)]}
          <span className="block w-full text-xs text-slate-600 dark:text-slate-400">{r.min_quantity === null ? 'No minimum' : `Min ${f.quantity(r.min_quantity, r.unit)}`}</span>
        </span>
      ),
    },
    { header: 'Last Updated', wide: true, cell: (r) => <span className="whitespace-nowrap">{f.dateTime(r.last_updated)}</span> },
  ]

  const actions =
    canRecord || canAdjust
      ? (r: KitchenInventoryRow) => (
          <>
            {canRecord && r.quantity <= 0 && (
              // Nothing to use or waste: the next step is asking the store (the request form opens with this item).
              <Link href={`/requests?item_id=${r.item_id}`} className={buttonClass('primary', rowButton)} aria-label={`Request ${r.item_name}`}>
                Request
              </Link>
            )}
            {canRecord && r.quantity > 0 && (
              <>
                <Button variant="secondary" className={rowButton} onClick={() => onRecord('usage', r)} aria-label={`Use ${r.item_name}`}>
                  Use
                </Button>
                <Button variant="secondary" className={`${rowButton} text-red-700! dark:text-red-300!`} onClick={() => onRecord('wastage', r)} aria-label={`Waste ${r.item_name}`}>
                  Waste
                </Button>
              </>
            )}
            {canAdjust && (
              <Button variant="ghost" className={rowButton} onClick={() => onRecord('adjustment', r)} aria-label={`Adjust ${r.item_name}`}>
                Adjust
              </Button>
            )}
            {canRecord && (
              <Button variant="ghost" className={rowButton} onClick={() => onMinimum(r)} aria-label={`Minimum for ${r.item_name}`}>
                Minimum
              </Button>
            )}
          </>
        )
      : undefined

  return <DataTable kind="kitchen items" caption="Kitchen inventory" columns={columns} list={list} searchTerm={q} actions={actions} />
}

const TYPE_TONE: Record<string, BadgeTone> = { 'Stock In': 'success', Usage: 'info', Wastage: 'danger', Adjustment: 'warning', Transfer: 'violet' }

/** + for what came in, − for what went out; adjustments carry their own sign. */
function signedQuantity(m: KitchenMovement, format: (n: number, unit: string) => string) {
  const out = m.movement_type === 'OUT' || m.movement_type === 'WASTE' || (m.movement_type === 'ADJUSTMENT' && m.quantity < 0)
  return `${out ? '−' : '+'}${format(Math.abs(m.quantity), m.unit)}`
}

function MovementsTable({ q, type, version }: { q: string; type: KitchenMovementType | ''; version: number }) {
  const f = useFormat()
  const list = usePagedList(
    ({ page, limit, signal }) =>
      listKitchenMovements({ page, limit, q: q || undefined, movement_type: type }, signal).catch((err: unknown) => {
        throw loadFailure(err, M.inventoryLoadFailed)
      }),
    ['movements', q, type],
  )
  useRefreshOn(version, list.retry)

  const columns: Column<KitchenMovement>[] = [
    { header: 'Item', cell: (m) => <span className="font-medium">{m.item_name}</span> },
    {
      header: 'Type',
      cell: (m) => {
        const label = kitchenMovementLabel(m)
        return <Badge tone={TYPE_TONE[label] ?? 'neutral'}>{label}</Badge>
      },
    },
    { header: 'Quantity', numeric: true, cell: (m) => <span className="font-semibold whitespace-nowrap tabular-nums">{signedQuantity(m, f.quantity)}</span> },
    {
      header: 'User',
      cell: (m) => (
        <span>
          {m.user_name} <span className="text-xs text-slate-600 dark:text-slate-400">({m.role_name})</span>
        </span>
      ),
    },
    { header: 'Date & Time', cell: (m) => <span className="whitespace-nowrap">{f.dateTime(m.movement_date)}</span> },
    {
      header: 'Remarks',
      cell: (m) => (
        <span className="text-slate-700 dark:text-slate-300">
          {m.request_number && <span className="mr-1 font-mono text-xs">{m.request_number}</span>}
          {m.remarks ?? (m.request_number ? '' : '—')}
        </span>
      ),
    },
  ]
  return <DataTable kind="movements" caption="Kitchen movements" columns={columns} list={list} searchTerm={q} />
}
