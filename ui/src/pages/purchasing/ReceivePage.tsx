import { useState, type FormEvent } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { shownCode } from '../../../../src/contract/barcodes'
import { localDate } from '../../../../src/contract/dates'
import { toCents } from '../../../../src/contract/fixed'
import { OrderReceiptBody, OrderReceiptLine, priceJump, pricePer, type PurchaseOrder } from '../../../../src/contract/purchasing'
import { parseQuantity } from '../../../../src/contract/quantity'
import { getOrder, receiveOrder } from '../../api/purchasing'
import { Button, buttonClass } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { QuantityField } from '../../components/QuantityField'
import { PageLoading } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { useFigureCheck } from '../../components/useFigureCheck'
import { useDisplaySettings } from '../../lib/display'
import { newKey, numberOrUndefined, withLabels } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { resolveBarcode } from '../../api/barcodes'
import { scanFeedback } from '../../components/scan/feedback'
import { receiveScan } from '../../components/scan/receiveScan'
import { ScanButton, useKeyboardScans } from '../../components/scan/ScanButton'
import { failureMessage } from '../../components/failureMessage'
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

/** The schema's field names in the words on the form ("received_quantity is required" → "Received is required"). */
const INVOICE_LABELS = { invoice_number: T.invoiceNumber, invoice_date: T.invoiceDate, invoice_total: 'Invoice total' }
const LINE_LABELS = { received_quantity: T.received, refused_quantity: T.refused, unit_price: T.price, expiry_date: 'Expiry date' }

/** What the contract's OrderReceiptBody refused: the invoice's fields, and each line's (by order line id). */
interface Errors {
  invoice: Record<string, string>
  lines: Record<number, Record<string, string>>
}
const NO_ERRORS: Errors = { invoice: {}, lines: {} }

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
  const [errors, setErrors] = useState<Errors>(NO_ERRORS)
  const { busy, failure, setFailure, run } = useSubmit()
  const figures = useFigureCheck()
  // A 409 about the same invoice offers "Record it again" (confirm_duplicate).
  const duplicate = !!failure?.includes('confirm_duplicate')
  /** An invoice field typed into: its mark goes until the next Save. */
  const unmark = (field: string) => setErrors((e) => (e.invoice[field] ? { ...e, invoice: { ...e.invoice, [field]: '' } } : e))
  const set = (lineId: number, patch: Partial<LineState>) => {
    setConfirmed(false)
    setErrors((e) => (e.lines[lineId] ? { ...e, lines: { ...e.lines, [lineId]: {} } } : e))
    setLines((s) => ({ ...s, [lineId]: { ...s[lineId], ...patch } }))
  }

  // Scanning (barcodes): "Count by scanning" starts every line at 0; each scan then adds one pack to the line
  // it finds, and GS1 data fills the expiry, the lot (in the line's note) and a weight in kg.
  const [scanNote, setScanNote] = useState<string | null>(null)
  const [lots, setLots] = useState<Record<number, string[]>>({})
  async function onScan(raw: string): Promise<boolean> {
    try {
      const r = (await resolveBarcode(raw)).data
      const hit = receiveScan(order.lines, r)
      if (!hit) {
        setScanNote(r.item ? `${r.item.name} is not on this order` : `No item has the code ${r.code ? shownCode(r.code) : raw}`)
        return false
      }
      const l = hit.line
      setLines((s) => {
        const cur = s[l.id]
        const next = Math.round(((num(cur.received) ?? 0) + hit.add) * 100) / 100
        const expiry = hit.expiry && (!cur.expiry || hit.expiry < cur.expiry) ? hit.expiry : cur.expiry
        return { ...s, [l.id]: { ...cur, received: String(next), expiry } }
      })
      if (hit.lot) setLots((s) => ({ ...s, [l.id]: [...new Set([...(s[l.id] ?? []), hit.lot!])] }))
      setConfirmed(false)
      setScanNote(`+${hit.add} ${l.pack ? l.pack.name : l.unit} ${l.item_name}${hit.expiry ? ` · expiry ${hit.expiry}` : ''}${hit.lot ? ` · lot ${hit.lot}` : ''}`)
      // The line just counted is brought on screen (a long delivery on a phone), without taking the scanner's focus.
      requestAnimationFrame(() => document.getElementById(`receive-line-${l.id}`)?.scrollIntoView({ block: 'nearest' }))
      return true
    } catch (err) {
      setScanNote(failureMessage(err, 'Failed to look the code up'))
      return false
    }
  }
  useKeyboardScans((code) => void onScan(code).then(scanFeedback))
  const countByScanning = () => setLines((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, { ...v, received: '0' }])))

  // Warnings before saving: the invoice total against the lines, and prices that jumped since the last delivery.
  const num = (t: string) => {
    const p = parseQuantity(t)
    return p.ok ? p.value : null
  }
  const totalValue = total.trim() ? num(total) : null
  /** `received`: figures chosen in the "Did you mean" question, not yet in the fields' state. */
  const warningsFor = (received: Record<number, number> = {}) => {
    const receivedOf = (lineId: number) => received[lineId] ?? num(lines[lineId].received)
    const linesCents = order.lines.reduce((sum, l) => {
      const q = receivedOf(l.id)
      const p = num(lines[l.id].price)
      return sum + (q === null || p === null ? 0 : Math.round((toCents(q) * toCents(p)) / 100))
    }, 0)
    const found: string[] = []
    if (totalValue !== null && Math.abs(toCents(totalValue) - linesCents) > 1) found.push(T.mismatch(fmt.money(totalValue), fmt.money(linesCents / 100)))
    // The server's own rule (the contract's priceJump): the jump its PRICE_CHANGE alert will flag.
    for (const l of order.lines) {
      const p = num(lines[l.id].price)
      const q = receivedOf(l.id)
      // Compared with the last price, or on a first delivery with the item's cost price (issue 32.5).
      if (p === null || !q || l.compare_price === null) continue
      const jump = priceJump(toCents(l.compare_price), toCents(p), order.price_alert_pct)
      if (jump) found.push(T.priceJump(l.item_name, fmt.money(l.compare_price), fmt.money(p), jump.change_pct, l.compare_basis ?? 'LAST_PRICE'))
    }
    return found
  }
  const warnings = warningsFor()

  /**
   * Issue 29.3: each received quantity more than 10 times what was ordered asks first ("Did you mean 24?").
   * The figures to send (a suggestion taken replaces the line's text), or null when the person went back.
   */
  async function checkFigures(): Promise<Record<number, number> | null> {
    const received: Record<number, number> = {}
    for (const l of order.lines) {
      const typed = num(lines[l.id].received)
      if (typed === null) continue
      const answer = await figures.confirm(toCents(typed), [{ kind: 'ordered quantity', value: toCents(l.quantity) }], l.pack ? l.pack.name : l.unit)
      if (answer === null) {
        requestAnimationFrame(() => document.getElementById(`receive-${l.id}-received`)?.focus())
        return null
      }
      received[l.id] = answer / 100
      if (answer !== toCents(typed)) set(l.id, { received: String(answer / 100) })
    }
    return received
  }

  /**
   * The request body as typed (`received`: figures chosen in the "Did you mean" question), checked with the
   * contract's OrderReceiptBody: the body to send, or null with each refused field marked. A blank or
   * unreadable figure is the field's error, never a NaN in the body.
   */
  function checkedBody(received: Record<number, number>, confirmDuplicate: boolean) {
    const body = {
      invoice_number: invoice,
      invoice_date: date,
      invoice_total: numberOrUndefined(total) ?? null,
      confirm_duplicate: confirmDuplicate,
      lines: order.lines.map((l) => ({
        line_id: l.id,
        received_quantity: received[l.id] ?? numberOrUndefined(lines[l.id].received),
        refused_quantity: numberOrUndefined(lines[l.id].refused),
        unit_price: numberOrUndefined(lines[l.id].price),
        expiry_date: lines[l.id].expiry || null,
        note: lots[l.id]?.length ? `Lot ${lots[l.id].join(', ')}` : null,
      })),
    }
    const r = check(OrderReceiptBody, body)
    if (r.ok) {
      setErrors(NO_ERRORS)
      return r.value
    }
    const lineErrors: Errors['lines'] = {}
    body.lines.forEach((b) => {
      const c = check(OrderReceiptLine, b)
      if (!c.ok) lineErrors[b.line_id] = withLabels(c.errors, LINE_LABELS)
    })
    const { lines: listError, ...invoiceErrors } = r.errors
    setErrors({ invoice: withLabels(invoiceErrors, INVOICE_LABELS), lines: lineErrors })
    // A field may be off-screen on a phone: the line beside Save says to look (or says what no field shows).
    setFailure(Object.keys(lineErrors).length === 0 && listError ? listError : (invoiceErrors._ ?? T.checkFields))
    return null
  }

  async function submit(e: FormEvent, confirmDuplicate = false) {
    e.preventDefault()
    setFailure(null)
    if (!checkedBody({}, confirmDuplicate)) return
    // The duplicate-invoice resend carries the figures already asked about.
    const received = confirmDuplicate ? {} : await checkFigures()
    if (!received) return
    const changed = order.lines.some((l) => received[l.id] !== undefined && received[l.id] !== num(lines[l.id].received))
    if (warningsFor(received).length > 0 && (!confirmed || changed)) {
      setConfirmed(true)
      setFailure(T.checkWarnings)
      return
    }
    const body = checkedBody(received, confirmDuplicate)
    if (!body) return
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
    <form onSubmit={(e) => void submit(e)} noValidate>
      <PageHeader
        title={`${T.receive}: ${order.number}`}
        description={order.supplier_name}
        actions={
          // Issue 34: the supplier's own invoice file read into the lines instead of typing them.
          <Link href={`/purchasing/invoices/new?order=${order.id}`} className={buttonClass('secondary')}>
            {T.fromInvoice}
          </Link>
        }
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={T.invoiceNumber} value={invoice} onChange={(v) => (setInvoice(v), unmark('invoice_number'))} error={errors.invoice.invoice_number || undefined} required />
        <TextField label={T.invoiceDate} type="date" value={date} onChange={(v) => (setDate(v), unmark('invoice_date'))} error={errors.invoice.invoice_date || undefined} required />
        <QuantityField label={T.invoiceTotal} value={total} onChange={(v) => (setTotal(v), setConfirmed(false), unmark('invoice_total'))} error={errors.invoice.invoice_total || undefined} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={countByScanning}>
          Count by scanning
        </Button>
        <ScanButton continuous title="Scan the delivery" status={scanNote ?? undefined} onCode={onScan} />
        <p role="status" aria-live="polite" className="text-sm font-semibold" data-testid="receive-scan">
          {scanNote}
        </p>
      </div>
      <ul className="mt-4 space-y-3">
        {order.lines.map((l) => (
          <li key={l.id} id={`receive-line-${l.id}`} className="scroll-my-24 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900" aria-label={l.item_name}>
            <p className="mb-2 text-sm font-semibold">
              {l.item_name} · ordered {l.quantity} {l.pack ? `${l.pack.name} (${l.pack.size} ${l.unit})` : l.unit}
            </p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <QuantityField id={`receive-${l.id}-received`} label={`${T.received}: ${l.item_name}`} value={lines[l.id].received} onChange={(v) => set(l.id, { received: v })} error={errors.lines[l.id]?.received_quantity} hint=" " />
              <QuantityField label={`${T.refused}: ${l.item_name}`} value={lines[l.id].refused} onChange={(v) => set(l.id, { refused: v })} error={errors.lines[l.id]?.refused_quantity} hint=" " />
              <QuantityField
                label={`${T.price}: ${l.item_name}`}
                unit={pricePer(l.pack, l.unit)}
                value={lines[l.id].price}
                onChange={(v) => set(l.id, { price: v })}
                error={errors.lines[l.id]?.unit_price}
                hint={l.compare_price !== null ? T.comparedWith(fmt.money(l.compare_price), l.compare_basis ?? 'LAST_PRICE') : ' '}
              />
              <TextField label={`${T.expiry}: ${l.item_name}`} type="date" value={lines[l.id].expiry} onChange={(v) => set(l.id, { expiry: v })} error={errors.lines[l.id]?.expiry_date} />
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
      {figures.dialog}
      <div className="mt-4 space-y-3">
        <ErrorLine message={failure} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {warnings.length > 0 && confirmed ? T.saveAnyway : T.save}
          </Button>
          {duplicate && (
            <Button variant="secondary" disabled={busy} onClick={(e) => void submit(e as unknown as FormEvent, true)}>
              {T.recordDuplicate}
            </Button>
          )}
        </div>
      </div>
    </form>
  )
}

