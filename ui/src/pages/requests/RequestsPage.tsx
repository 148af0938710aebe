import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { KITCHEN_MSG, PRIORITIES, REQUEST_STATUSES, kitchenAccess, type KitchenRequest, type Priority, type RequestStatus } from '../../../../src/contract/kitchen'
import { canAccess } from '../../../../src/contract/access-types'
import { CHEF, MANAGER } from '../../../../src/contract/roles'
import { deleteRequest, fulfilRequest, getItem, getRequestStatistics, listRequests } from '../../api/kitchen'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DataTable, type Column } from '../../components/DataTable'
import { SelectField, TextField } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { toast } from '../../components/toast'
import { usePagedList } from '../../components/usePagedList'
import { useFormat } from '../../lib/useFormat'
import { newKey } from '../../lib/formInput'
import { UI } from '../../messages/common'
import { useSession } from '../../session/store'
import type { PickedItem } from '../../components/ItemPicker'
import { KITCHEN_UI_MSG as M } from '../../messages/kitchen'
import { RequestForm } from '../../components/requests/RequestForm'
import { ReviewNote } from '../../components/requests/ReviewNote'
import { ApproveDialog, RejectDialog } from './ReviewDialogs'
import { Badge, titleCase, type BadgeTone } from '../../components/Badge'
import { failureMessage, loadFailure } from '../../components/failureMessage'
import { rowButton } from '../../components/RowAction'
import { StatCards } from '../../components/StatCards'
import { useDebounced } from '../../components/useDebounced'
import { useLoad } from '../../components/useLoad'

const statusFromAddress = (search: string): RequestStatus | '' => {
  const s = new URLSearchParams(search).get('status')?.toUpperCase()
  return (REQUEST_STATUSES as readonly string[]).includes(s ?? '') ? (s as RequestStatus) : ''
}

/** SPEC §2: pending warning, approved success, fulfilled the violet/primary tone, rejected red. */
export const STATUS_TONE: Record<RequestStatus, BadgeTone> = { PENDING: 'warning', APPROVED: 'success', FULFILLED: 'violet', REJECTED: 'danger' }
const PRIORITY_TONE: Record<Priority, BadgeTone> = { LOW: 'neutral', MEDIUM: 'info', HIGH: 'orange', URGENT: 'danger' }

const STATUS_OPTIONS = REQUEST_STATUSES.map((s) => ({ value: s, label: titleCase(s) }))
const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: titleCase(p) }))

type FormState = { request?: KitchenRequest; item?: PickedItem | null } | null

export default function RequestsPage() {
  const session = useSession()
  const role = session?.user.role_name
  const userId = session?.user.id
  // The access table decides: a custom role reads the list (any signed-in role) and gets no buttons.
  const canCreate = canAccess(kitchenAccess['POST /api/kitchen-requests'], role)
  const canReview = canAccess(kitchenAccess['PATCH /api/kitchen-requests/:id/approve'], role)
  const f = useFormat()

  const [search, setSearch] = useState('')
  const q = useDebounced(search.trim(), 300)
  // /requests?status=PENDING: a dashboard's count card opens the list it counts.
  const [status, setStatus] = useState<RequestStatus | ''>(() => statusFromAddress(window.location.search))
  const [priority, setPriority] = useState<Priority | ''>('')
  // /requests?mine=1: only the signed-in person's requests (what the Chef dashboard's cards count).
  const [mine, setMine] = useState(() => new URLSearchParams(window.location.search).has('mine'))
  const chefId = mine ? userId : undefined

  const list = usePagedList(
    ({ page, limit, signal }) =>
      listRequests({ page, limit, q, status, priority, chef_id: chefId }, signal).catch((err: unknown) => {
        throw loadFailure(err, M.requestsLoadFailed)
      }),
    [q, status, priority, chefId],
  )
  const stats = useLoad((signal) => getRequestStatistics(signal).then((r) => r.data), [], M.requestsLoadFailed)

  const [form, setForm] = useState<FormState>(null)
  const [approving, setApproving] = useState<KitchenRequest | null>(null)
  const [rejecting, setRejecting] = useState<KitchenRequest | null>(null)
  const [fulfilling, setFulfilling] = useState<{ request: KitchenRequest; key: string } | null>(null)
  const [deleting, setDeleting] = useState<KitchenRequest | null>(null)

  const refresh = () => {
    list.retry()
    stats.reload()
  }
  const done = (message: string) => {
    toast({ kind: 'success', title: UI.successTitle, message })
    refresh()
  }
  const failed = (message: string) => {
    toast({ kind: 'error', title: UI.errorTitle, message })
    refresh()
  }

  // /requests?item_id=… opens New Request with that item (the Chef dashboard's 'Request More').
  const query = useSearch()
  const [, navigate] = useLocation()
  useEffect(() => {
    const itemId = Number(new URLSearchParams(query).get('item_id'))
    if (!canCreate || !Number.isInteger(itemId) || itemId < 1) return
    // The URL is tidied once the item is known, so a reload does not open the form again.
    getItem(itemId)
      .then(
        (res) => setForm({ item: { id: res.data.id, name: res.data.name, unit: res.data.unit, quantity: res.data.current_quantity } }),
        (err: unknown) => {
          toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, M.requestsLoadFailed, M.requestsLoadFailed) })
          setForm({})
        },
      )
      .finally(() => navigate('/requests', { replace: true }))
  }, [query, canCreate, navigate])

  const canEdit = (r: KitchenRequest) => r.status === 'PENDING' && (role === MANAGER || (role === CHEF && r.chef_id === userId))

  const columns: Column<KitchenRequest>[] = [
    { header: 'Request #', cell: (r) => <span className="font-mono text-xs font-semibold whitespace-nowrap">{r.request_number}</span> },
    {
      header: 'Item',
      cell: (r) => (
        <span>
          <span className="font-medium">{r.item_name}</span>
          {r.remarks && <span className="hidden text-xs text-slate-600 lg:block dark:text-slate-400">{r.remarks}</span>}
        </span>
      ),
    },
    { header: 'Chef', cell: (r) => r.chef_name },
    {
      header: 'Requested / Approved',
      numeric: true,
      cell: (r) => (
        <span className="whitespace-nowrap">
          {f.quantity(r.quantity_requested, r.unit)} / {r.quantity_approved === null ? '—' : f.quantity(r.quantity_approved, r.unit)}
        </span>
      ),
    },
    { header: 'Priority', cell: (r) => <Badge tone={PRIORITY_TONE[r.priority]}>{titleCase(r.priority)}</Badge> },
    {
      header: 'Status',
      cell: (r) => (
        <span>
          <Badge tone={STATUS_TONE[r.status]}>{titleCase(r.status)}</Badge>
          <ReviewNote request={r} />
        </span>
      ),
    },
    { header: 'Requested', cell: (r) => <span className="whitespace-nowrap">{f.dateTime(r.requested_at)}</span> },
  ]

  const actions = (r: KitchenRequest) => {
    const buttons = []
    if (canReview && r.status === 'PENDING') {
      buttons.push(
        <Button key="approve" className={rowButton} onClick={() => setApproving(r)} aria-label={`Approve ${r.request_number}`}>
          Approve
        </Button>,
        <Button key="reject" variant="secondary" className={rowButton} onClick={() => setRejecting(r)} aria-label={`Reject ${r.request_number}`}>
          Reject
        </Button>,
      )
    }
    if (canReview && r.status === 'APPROVED') {
      buttons.push(
        <Button key="fulfil" className={rowButton} onClick={() => setFulfilling({ request: r, key: newKey() })} aria-label={`Fulfil ${r.request_number}`}>
          Fulfil
        </Button>,
      )
    }
    if (canEdit(r)) {
      buttons.push(
        <Button key="edit" variant="secondary" className={rowButton} onClick={() => setForm({ request: r })} aria-label={`Edit ${r.request_number}`}>
          Edit
        </Button>,
        <Button key="delete" variant="ghost" className={`${rowButton} text-red-700! dark:text-red-300!`} onClick={() => setDeleting(r)} aria-label={`Delete ${r.request_number}`}>
          Delete
        </Button>,
      )
    }
    return buttons.length ? buttons : <span className="text-xs text-slate-500 dark:text-slate-400">—</span>
  }

  const s = stats.data
  return (
    <section>
      <PageHeader
        title="Kitchen Requests"
        description="Ingredients the kitchen asks the store for, from request to delivery."
        actions={
          canCreate && (
            <Button className="w-full sm:w-auto" onClick={() => setForm({})}>
              New Request
            </Button>
          )
        }
      />
      <StatCards
        label="Request statistics"
        loading={stats.loading}
        error={stats.error}
        onRetry={stats.reload}
        stats={[
          { label: 'Total Requests', value: s?.total_requests },
          { label: 'Pending', value: s?.pending_count, tone: 'warning' },
          { label: 'Approved', value: s?.approved_count, tone: 'success' },
          { label: 'Active Urgent', value: s?.urgent_count, tone: 'danger' },
        ]}
      />

      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <TextField label="Search" type="search" placeholder="Request #, item, chef or remarks" value={search} onChange={setSearch} />
        <SelectField label="Status" value={status} onChange={(v) => setStatus(v as RequestStatus | '')} options={STATUS_OPTIONS} placeholder="All statuses" />
        <SelectField label="Priority" value={priority} onChange={(v) => setPriority(v as Priority | '')} options={PRIORITY_OPTIONS} placeholder="All priorities" />
      </div>
      {mine && (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          {M.onlyMine}
          <Button variant="secondary" onClick={() => setMine(false)}>
            {M.showEveryone}
          </Button>
        </p>
      )}

      <DataTable kind="requests" caption="Kitchen requests" columns={columns} list={list} searchTerm={q} actions={actions} />

      <RequestForm
        open={form !== null}
        onClose={() => setForm(null)}
        request={form?.request}
        initialItem={form?.item}
        onSaved={(_, message) => done(message)}
        onFailed={refresh}
      />
      <ApproveDialog request={approving} onClose={() => setApproving(null)} onDone={done} onFailed={refresh} />
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} onDone={done} onFailed={refresh} />
      <ConfirmDialog
        open={!!fulfilling}
        title="Fulfil Request"
        // Names what moves: 'Mark this request as fulfilled? 2.5 kg of Garlic (KR-0007) go from the store to the kitchen.'
        message={fulfilling ? `${KITCHEN_MSG.fulfilConfirm} ${M.fulfilWhat(f.quantity(fulfilling.request.quantity_approved ?? fulfilling.request.quantity_requested, fulfilling.request.unit), fulfilling.request.item_name, fulfilling.request.request_number)}` : ''}
        confirmLabel="Fulfil"
        onClose={() => setFulfilling(null)}
        onConfirm={async () => {
          if (!fulfilling) return
          try {
            done((await fulfilRequest(fulfilling.request.id, fulfilling.key)).message)
          } catch (err) {
            failed(failureMessage(err, M.fulfilFailed, M.fulfilError))
          }
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete Request"
        message={deleting ? `Delete request ${deleting.request_number} for ${f.quantity(deleting.quantity_requested, deleting.unit)} of ${deleting.item_name}?` : ''}
        confirmLabel="Delete"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return
          try {
            done((await deleteRequest(deleting.id)).message)
          } catch (err) {
            failed(failureMessage(err, M.deleteFailed, M.deleteError))
          }
        }}
      />
    </section>
  )
}
