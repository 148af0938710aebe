import { useState, type FormEvent } from 'react'
import { useLocation, useParams } from 'wouter'
import { localDate } from '../../../../src/contract/dates'
import { toCents } from '../../../../src/contract/fixed'
import type { PurchaseOrder } from '../../../../src/contract/purchasing'
import { parseQuantity } from '../../../../src/contract/quantity'
import { getOrder, receiveOrder } from '../../api/purchasing'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { QuantityField } from '../../components/QuantityField'
import { PageLoading } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { useDisplaySettings } from '../../lib/display'
import { newKey } from '../../lib/formInput'
import { useFormat } from '../../lib/useFormat'
import { PURCHASING_UI as T } from '../../messages/purchasing'

/** /purchasing/orders/:id/receive — a delivery on a phone, prefilled with what is still expected and the last prices. */
export default function ReceivePage() {
  const id = Number(useParams<{ id: string }>().id)
  const state = useLoad(async (signal) => (await getOrder(id, signal)).data, [id], T.loadFailed)
  if (state.loading && !state.data) return <PageLoading />
  if (state.error || !state.data) return <LoadError error={state.error ?? T.loadFailed} retry={state.reload} />
  return <ReceiveForm order={state.data} />
}

interface LineState {
  received: string
  refused: string
  price: string
  expiry: string
}

function ReceiveForm({ order }: { order: PurchaseOrder }) {
  const fmt = useFormat()
  const { time_zone } = useDisplaySettings()
  const [, navigate] = useLocation()
  const [key] = useState(newKey)
  const [invoice, setInvoice] = useState('')
  const [date, setDate] = useState(() => localDate(new Date(), time_zone))
  const [total, setTotal] = useState('')
  const [lines, setLines] = useState<Record<number, LineState>>(() =>
    Object.fromEntries(order.lines.map((l) => [l.id, { received: String(l.outstanding), refused: '0', price: String(l.last_price ?? l.unit_price), expiry: '' }])),
  )
  const [confirmed, setConfirmed] = useState(false)
  const { busy, failure, setFailure, run } = useSubmit()
  // A 409 about the same invoice offers "Record it again" (confirm_duplicate).
  const duplicate = !!failure?.includes('confirm_duplicate')
  const set = (lineId: number, patch: Partial<LineState>) => {
    setConfirmed(false)
    setLines((s) => ({ ...s, [lineId]: { ...s[lineId], ...patch } }))
  }

  // Warnings before saving: the invoice total against the lines, and prices that jumped since the last delivery.
  const num = (t: string) => {
    const p = parseQuantity(t)
    return p.ok ? p.value : null
  }
  const linesCents = order.lines.reduce((sum, l) => {
    const q = num(lines[l.id].received)
    const p = num(lines[l.id].price)
    return sum + (q === null || p === null ? 0 : Math.round((toCents(q) * toCents(p)) / 100))
  }, 0)
  const totalValue = total.trim() ? num(total) : null
  const warnings: string[] = []
  if (totalValue !== null && Math.abs(toCents(totalValue) - linesCents) > 1) warnings.push(T.mismatch(fmt.money(totalValue), fmt.money(linesCents / 100)))
  for (const l of order.lines) {
    const p = num(lines[l.id].price)
    const q = num(lines[l.id].received)
    if (p === null || !q || l.last_price === null || l.last_price <= 0) continue
    const pct = Math.round(((p - l.last_price) / l.last_price) * 10000) / 100
    if (Math.abs(pct) >= order.price_alert_pct) warnings.push(T.priceJump(l.item_name, fmt.money(l.last_price), fmt.money(p), pct))
  }

  function submit(e: FormEvent, confirmDuplicate = false) {
    e.preventDefault()
    setFailure(null)
    if (warnings.length > 0 && !confirmed) {
      setConfirmed(true)
      setFailure(T.checkWarnings)
      return
    }
    const body = {
      invoice_number: invoice,
      invoice_date: date,
      invoice_total: totalValue,
      confirm_duplicate: confirmDuplicate,
      lines: order.lines.map((l) => ({
        line_id: l.id,
        received_quantity: num(lines[l.id].received) ?? Number.NaN,
        refused_quantity: num(lines[l.id].refused) ?? 0,
        unit_price: num(lines[l.id].price) ?? Number.NaN,
        expiry_date: lines[l.id].expiry || null,
        note: null,
      })),
    }
    void run(
      async () => {
        const res = await receiveOrder(order.id, body, confirmDuplicate ? `${key}-dup` : key)
        toast({ kind: 'success', title: T.saved, message: res.data.price_changes.length ? `${res.data.price_changes.length} price change(s) flagged` : undefined })
        navigate(`/purchasing/orders/${order.id}`)
      },
      T.saveFailed,
    )
  }

  return (
    <form onSubmit={(e) => submit(e)} noValidate>
      <PageHeader title={`${T.receive}: ${order.number}`} description={order.supplier_name} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={T.invoiceNumber} value={invoice} onChange={setInvoice} required />
        <TextField label={T.invoiceDate} type="date" value={date} onChange={setDate} required />
        <QuantityField label={T.invoiceTotal} value={total} onChange={(v) => (setTotal(v), setConfirmed(false))} />
      </div>
      <ul className="mt-4 space-y-3">
        {order.lines.map((l) => (
          <li key={l.id} className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900" aria-label={l.item_name}>
            <p className="mb-2 text-sm font-semibold">
              {l.item_name} · ordered {l.quantity} {l.pack ? `${l.pack.name} (${l.pack.size} ${l.unit})` : l.unit}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <QuantityField label={`${T.received}: ${l.item_name}`} value={lines[l.id].received} onChange={(v) => set(l.id, { received: v })} hint=" " />
              <QuantityField label={`${T.refused}: ${l.item_name}`} value={lines[l.id].refused} onChange={(v) => set(l.id, { refused: v })} hint=" " />
              <QuantityField label={`${T.price}: ${l.item_name}`} value={lines[l.id].price} onChange={(v) => set(l.id, { price: v })} hint={l.last_price !== null ? `Last ${fmt.money(l.last_price)}` : ' '} />
              <TextField label={`${T.expiry}: ${l.item_name}`} type="date" value={lines[l.id].expiry} onChange={(v) => set(l.id, { expiry: v })} />
            </div>
          </li>
        ))}
      </ul>
      {warnings.length > 0 && (
        <div role="alert" className="mt-4 rounded-xl border border-red-500 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200">
          <ul className="list-disc pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4 space-y-3">
        <ErrorLine message={failure} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {warnings.length > 0 && confirmed ? T.saveAnyway : T.save}
          </Button>
          {duplicate && (
            <Button variant="secondary" disabled={busy} onClick={(e) => submit(e as unknown as FormEvent, true)}>
              {T.recordDuplicate}
            </Button>
          )}
        </div>
      </div>
    </form>
  )
}

