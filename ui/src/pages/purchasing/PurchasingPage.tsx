import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { FromSuggestionsBody, PO_MSG, SuggestionPacks, type ParCoverage, type SupplierSuggestions } from '../../../../src/contract/purchasing'
import { createFromSuggestions, getSuggestions, listOrders } from '../../api/purchasing'
import { Badge } from '../../components/Badge'
import { Button, buttonClass } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { QuantityField } from '../../components/QuantityField'
import { PageLoading } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { numberOrUndefined, relabel } from '../../lib/formInput'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { PURCHASING_UI as T } from '../../messages/purchasing'
import { ParEditor } from './ParEditor'
import { STATUS } from './status'

const tabClass = (on: boolean) =>
  `min-h-11 rounded-lg px-4 text-sm font-semibold ${on ? 'bg-brand-700 text-white dark:bg-brand-400 dark:text-slate-950' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`

/** /purchasing: suggestions by supplier (editable packs, "Create orders") and the orders list. */
export default function PurchasingPage() {
  const [tab, setTab] = useState<'suggestions' | 'orders'>(() => (new URLSearchParams(window.location.search).get('tab') === 'orders' ? 'orders' : 'suggestions'))
  return (
    <div>
      <PageHeader
        title={T.title}
        description={T.description}
        actions={
          // A delivery without an order, from the supplier's invoice file (issue 34).
          <Link href="/purchasing/invoices/new" className={buttonClass('secondary')}>
            {T.fromInvoice}
          </Link>
        }
      />
      <div role="tablist" aria-label={T.title} className="mb-4 flex flex-wrap gap-2">
        <button role="tab" aria-selected={tab === 'suggestions'} className={tabClass(tab === 'suggestions')} onClick={() => setTab('suggestions')}>
          {T.suggestionsTab}
        </button>
        <button role="tab" aria-selected={tab === 'orders'} className={tabClass(tab === 'orders')} onClick={() => setTab('orders')}>
          {T.ordersTab}
        </button>
      </div>
      <div role="tabpanel">{tab === 'suggestions' ? <Suggestions onCreated={() => setTab('orders')} /> : <Orders />}</div>
    </div>
  )
}

const noticeClass = 'rounded-xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-700 dark:bg-slate-900'

/**
 * What the suggestions cannot see (issue 32): the server's message when there is nothing to suggest (no par levels
 * at all, or how many low or out items have none), and the low or out items without a par, each with its par level
 * and order pack editable right here.
 */
function ParGaps({ par, message, empty, onSaved }: { par: ParCoverage; message: string; empty: boolean; onSaved: () => void }) {
  const fmt = useFormat()
  const gap = par.without_par_low > 0
  if (!empty && !gap) return null
  return (
    <section aria-label={T.parlessTitle(par.without_par_low, par.without_par.length)} className={`${noticeClass} space-y-3`}>
      <p role="status" className="font-medium">
        {empty ? message : PO_MSG.withoutParLow(par.without_par_low)}
      </p>
      {empty && !gap && (
        <p>
          <Link href="/stock" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {T.stockLink}
          </Link>
        </p>
      )}
      {gap && (
        <>
          <h2 className="text-base font-semibold">{T.parlessTitle(par.without_par_low, par.without_par.length)}</h2>
          <p className="text-slate-600 dark:text-slate-400">
            {T.parlessHint} {T.parlessBulk}{' '}
            <Link href="/stock" className="font-semibold text-brand-700 underline dark:text-brand-300">
              {T.stockLink}
            </Link>
          </p>
          <ul aria-label="Items without a par level" className="divide-y divide-slate-200 dark:divide-slate-800">
            {par.without_par.map((it) => (
              <li key={it.item_id} className="space-y-2 py-3">
                <p>
                  <span className="font-medium">{it.item_name}</span> <Badge tone={it.status === 'out' ? 'danger' : 'warning'}>{it.status === 'out' ? 'Out' : 'Low'}</Badge>{' '}
                  <span className="text-slate-600 dark:text-slate-400">
                    {it.supplier_name} · on hand {fmt.quantity(it.on_hand, it.unit)} · min {fmt.quantity(it.min_stock_level, it.unit)}
                  </span>
                </p>
                <ParEditor item={{ ...it, par_level: null }} onSaved={onSaved} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function Suggestions({ onCreated }: { onCreated: () => void }) {
  const fmt = useFormat()
  const state = useLoad(async (signal) => {
    const res = await getSuggestions(signal)
    return { groups: res.data, par: res.par, message: res.message }
  }, [], T.loadFailed)
  const [packs, setPacks] = useState<Record<number, string>>({})
  const [editing, setEditing] = useState<number | null>(null)
  const { busy, failure, setFailure, run } = useSubmit()
  const [, navigate] = useLocation()
  if (state.loading && !state.data) return <PageLoading />
  if (state.error) return <LoadError error={state.error} retry={state.reload} />
  const groups = state.data?.groups ?? []
  const par: ParCoverage = state.data?.par ?? { with_par: 0, without_par_low: 0, without_par: [] }
  const saved = () => {
    setEditing(null)
    state.reload()
  }
  const gaps = <ParGaps par={par} message={state.data?.message || T.noSuggestions} empty={groups.length === 0} onSaved={saved} />
  if (groups.length === 0) return gaps
  const value = (itemId: number, suggested: number) => packs[itemId] ?? String(suggested)
  // The packs changed on screen, checked as the server checks them (FromSuggestionsBody): a blank or
  // unreadable figure marks its field and keeps "Create orders" off.
  const edited = Object.entries(packs).map(([id, text]) => ({ item_id: Number(id), packs: numberOrUndefined(text) }))
  const fieldErrors: Record<number, string | undefined> = {}
  for (const e of edited) {
    const c = check(SuggestionPacks, e)
    if (!c.ok) fieldErrors[e.item_id] = relabel(c.errors.packs ?? c.errors.item_id, 'Packs')
  }
  const invalid = !check(FromSuggestionsBody, { packs: edited }).ok

  function create(supplierIds?: number[]) {
    setFailure(null)
    const body = check(FromSuggestionsBody, { supplier_ids: supplierIds, packs: edited })
    if (!body.ok) return
    void run(async () => {
      const res = await createFromSuggestions(body.value)
      toast({ kind: 'success', title: T.ordersCreated(res.data.length), message: res.message })
      if (res.data.length === 1) navigate(`/purchasing/orders/${res.data[0].id}`)
      else onCreated()
    }, T.createFailed)
  }

  return (
    <div className="space-y-4">
      {gaps}
      {groups.map((g: SupplierSuggestions) => (
        <section key={g.supplier_id} aria-label={g.supplier_name} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold">{g.supplier_name}</h2>
            <Button variant="secondary" disabled={busy || invalid} onClick={() => create([g.supplier_id])}>
              {T.createOrders}: {g.supplier_name}
            </Button>
          </div>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {g.lines.map((l) => (
              <li key={l.item_id} className="grid gap-2 py-3 sm:grid-cols-[1fr_12rem] sm:items-end">
                <div className="text-sm">
                  <p className="font-medium">
                    {l.item_name} {l.flag && <Badge tone={l.flag === 'HIGH' ? 'orange' : 'info'}>{l.flag === 'HIGH' ? 'More than usual' : 'Less than usual'}</Badge>}
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    On hand {fmt.quantity(l.on_hand, l.unit)} · on order {fmt.quantity(l.on_order, l.unit)} · par {fmt.quantity(l.par_level, l.unit)}
                    {l.last_ordered_packs !== null && ` · last order ${l.last_ordered_packs}`}
                  </p>
                  <button type="button" className="mt-1 min-h-11 text-sm font-semibold text-brand-700 underline dark:text-brand-300" aria-expanded={editing === l.item_id} onClick={() => setEditing(editing === l.item_id ? null : l.item_id)}>
                    {T.editPar(l.item_name)}
                  </button>
                  {editing === l.item_id && <ParEditor item={{ ...l, order_pack_id: l.pack?.id ?? null }} onSaved={saved} />}
                </div>
                <QuantityField
                  label={T.packsLabel(l.item_name, l.pack ? `${l.pack.name} of ${l.pack.size} ${l.unit}` : l.unit)}
                  value={value(l.item_id, l.suggested_packs)}
                  onChange={(v) => setPacks((p) => ({ ...p, [l.item_id]: v }))}
                  error={fieldErrors[l.item_id]}
                  hint={`Suggested ${l.suggested_packs}`}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <ErrorLine message={failure} />
      <Button disabled={busy || invalid} onClick={() => create()}>
        {T.createOrders}
      </Button>
    </div>
  )
}

function Orders() {
  const fmt = useFormat()
  const state = useLoad(async (signal) => (await listOrders({ page: 1, limit: 100 }, signal)).data, [], T.loadFailed)
  if (state.loading && !state.data) return <PageLoading />
  if (state.error) return <LoadError error={state.error} retry={state.reload} />
  const orders = state.data ?? []
  if (orders.length === 0) return <p className="text-sm">{T.noOrders}</p>
  return (
    <ul className="space-y-2">
      {orders.map((o) => (
        <li key={o.id}>
          <Link href={`/purchasing/orders/${o.id}`} className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900">
            <span className="font-semibold">{o.number}</span>
            <span>{o.supplier_name}</span>
            <Badge tone={STATUS[o.status].tone}>{STATUS[o.status].label}</Badge>
            <span>{fmt.money(o.total)}</span>
            <span className="text-slate-600 dark:text-slate-400">{o.expected_date ? `Expected ${fmt.date(o.expected_date)}` : ''}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
