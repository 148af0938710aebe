import { useState } from 'react'
import { Link, useParams } from 'wouter'
import type { ReceiptSummary } from '../../../../src/contract/purchasing'
import { MANAGER } from '../../../../src/contract/roles'
import { cancelOrder, closeOrder, getOrder, orderText } from '../../api/purchasing'
import { Badge } from '../../components/Badge'
import { Button, buttonClass } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { PageLoading } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { useDisplaySettings } from '../../lib/display'
import { useFormat } from '../../lib/useFormat'
import { PURCHASING_UI as T } from '../../messages/purchasing'
import { useSession } from '../../session/store'
import { ItemCell, PriceCell, QuantityCell, ReceivedCell, ReturnedCell } from './OrderLineCells'
import { ReturnDialog } from './ReturnDialog'
import { SendOrderDialog } from './SendOrderDialog'
import { STATUS } from './status'

const muted = 'text-slate-600 dark:text-slate-400'

/** /purchasing/orders/:id — an order's lines and receipts, with send, copy text, print, receive, cancel, close and returns. */
export default function OrderPage() {
  const id = Number(useParams<{ id: string }>().id)
  const fmt = useFormat()
  const { restaurant_name } = useDisplaySettings()
  const role = useSession()?.user.role_name
  const state = useLoad(async (signal) => (await getOrder(id, signal)).data, [id], T.loadFailed)
  const [text, setText] = useState<string | null>(null)
  const [reason, setReason] = useState('')
  const [closing, setClosing] = useState(false)
  const [returning, setReturning] = useState<ReceiptSummary | null>(null)
  const [sending, setSending] = useState(false)
  const { busy, failure, setFailure, run } = useSubmit()
  if (state.loading && !state.data) return <PageLoading />
  if (state.error || !state.data) return <LoadError error={state.error ?? T.loadFailed} retry={state.reload} />
  const o = state.data
  const act = (send: () => Promise<unknown>, done: string) => {
    setFailure(null)
    void run(async () => {
      await send()
      toast({ kind: 'success', title: done })
      state.reload()
    }, T.actionFailed)
  }
  const copy = () => {
    setFailure(null)
    void run(async () => {
      const t = await orderText(o.id)
      setText(t)
      try {
        await navigator.clipboard.writeText(t)
        toast({ kind: 'success', title: T.copied })
      } catch {
        // No clipboard (an old phone browser): the text is shown below to copy by hand.
      }
    }, T.actionFailed)
  }
  const open = o.status === 'SENT' || o.status === 'PARTIALLY_RECEIVED'
  return (
    // print-sheet: printed without the app's header, menus and footer (index.css); buttons and receipts are print:hidden.
    <div className="print-sheet print:text-black">
      <p className="hidden text-lg font-semibold print:block">{T.printedFor(restaurant_name)}</p>
      <PageHeader
        title={`${o.number}`}
        description={
          <>
            {o.supplier_name} · <Badge tone={STATUS[o.status].tone}>{STATUS[o.status].label}</Badge>
            {o.expected_date && ` · Expected ${fmt.date(o.expected_date)}`}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            {o.status === 'DRAFT' && (
              <Button disabled={busy} onClick={() => setSending(true)}>
                {T.send}
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={copy}>
              {T.copyText}
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              {T.print}
            </Button>
            {open && (
              <Link href={`/purchasing/orders/${o.id}/receive`} className={buttonClass('primary')}>
                {T.receive}
              </Link>
            )}
            {(o.status === 'DRAFT' || (o.status === 'SENT' && role === MANAGER)) && (
              <Button variant="danger" disabled={busy} onClick={() => act(() => cancelOrder(o.id), T.cancelled)}>
                {T.cancel}
              </Button>
            )}
            {o.status === 'PARTIALLY_RECEIVED' && role === MANAGER && !closing && (
              <Button variant="secondary" onClick={() => setClosing(true)}>
                {T.close}
              </Button>
            )}
          </div>
        }
      />
      {closing && (
        <div className="mb-4 flex flex-wrap items-end gap-2 print:hidden">
          <div className="min-w-64 flex-1">
            <TextField label={T.closeReason} value={reason} onChange={setReason} />
          </div>
          <Button disabled={busy || !reason.trim()} onClick={() => act(() => closeOrder(o.id, reason), T.closed)}>
            {T.close}
          </Button>
        </div>
      )}
      <ErrorLine message={failure} />
      {text && (
        <pre aria-label="Order text" className="mb-4 whitespace-pre-wrap rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm print:hidden dark:border-slate-700 dark:bg-slate-800">
          {text}
        </pre>
      )}
      {/* Under 640 px each line is a card (issue 32.9): six columns do not fit a phone without scrolling sideways. */}
      <ul aria-label="Order lines" className="space-y-2 sm:hidden print:hidden">
        {o.lines.map((l) => (
          <li key={l.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900">
            <p className="font-medium wrap-anywhere">
              <ItemCell line={l} />
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
              <dt className={muted}>{T.ordered}</dt>
              <dd>
                <QuantityCell line={l} />
              </dd>
              <dt className={muted}>{T.price}</dt>
              <dd>
                <PriceCell line={l} />
              </dd>
              <dt className={muted}>Value</dt>
              <dd>{fmt.money(l.value)}</dd>
              <dt className={muted}>{T.received}</dt>
              <dd>
                <ReceivedCell line={l} />
              </dd>
              <dt className={muted}>{T.returned}</dt>
              <dd>
                <ReturnedCell line={l} />
              </dd>
            </dl>
          </li>
        ))}
        <li className="rounded-xl border border-slate-200 bg-white p-3 text-sm font-semibold dark:border-slate-800 dark:bg-slate-900">
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
            <dt>{T.ordered}</dt>
            <dd>{fmt.money(o.total)}</dd>
            <dt>{T.received}</dt>
            <dd>{fmt.money(o.received_total)}</dd>
            <dt>{T.returned}</dt>
            <dd>{fmt.money(o.returned_total)}</dd>
          </dl>
        </li>
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block print:block dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Order lines</caption>
          <thead className="bg-slate-50 dark:bg-slate-800">
            <tr>
              <th className="p-2">Item</th>
              <th className="p-2">Quantity</th>
              <th className="p-2">{T.price}</th>
              <th className="p-2">Value</th>
              <th className="p-2">{T.received}</th>
              <th className="p-2">{T.returned}</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                <td className="p-2">
                  <ItemCell line={l} />
                </td>
                <td className="p-2">
                  <QuantityCell line={l} />
                </td>
                <td className="p-2">
                  <PriceCell line={l} />
                </td>
                <td className="p-2">{fmt.money(l.value)}</td>
                <td className="p-2">
                  <ReceivedCell line={l} />
                </td>
                <td className="p-2">
                  <ReturnedCell line={l} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-200 font-semibold dark:border-slate-800">
              <td className="p-2" colSpan={3}>
                Total
              </td>
              <td className="p-2">{fmt.money(o.total)}</td>
              <td className="p-2">{fmt.money(o.received_total)}</td>
              <td className="p-2">{fmt.money(o.returned_total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {o.note && <p className="mt-3 text-sm">Note: {o.note}</p>}
      {o.close_reason && <p className="mt-3 text-sm">Closed: {o.close_reason}</p>}
      {o.receipts.length > 0 && (
        <section aria-label="Receipts" className="mt-6 print:hidden">
          <h2 className="mb-2 text-base font-semibold">Receipts</h2>
          <ul className="space-y-2 text-sm">
            {o.receipts.map((r) => (
              <li
                key={r.id}
                className={`flex flex-wrap items-center justify-between gap-2 rounded-xl border p-3 ${r.total_mismatch ? 'border-red-500 text-red-800 dark:text-red-300' : 'border-slate-200 dark:border-slate-800'}`}
              >
                <span>
                  Invoice {r.invoice_number} · {fmt.date(r.invoice_date)} · lines {fmt.money(r.lines_total)}
                  {r.invoice_total !== null && ` · invoice ${fmt.money(r.invoice_total)}`}
                  {r.total_mismatch && ' · totals differ'} · {r.user_name}
                </span>
                <Button variant="secondary" onClick={() => setReturning(r)} aria-label={`${T.returnGoods}: invoice ${r.invoice_number}`}>
                  {T.returnGoods}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {sending && (
        <SendOrderDialog
          order={o}
          onClose={() => setSending(false)}
          onSent={() => {
            setSending(false)
            state.reload()
          }}
        />
      )}
      {returning && (
        <ReturnDialog
          receipt={returning}
          onClose={() => setReturning(null)}
          onDone={() => {
            setReturning(null)
            state.reload()
          }}
        />
      )}
    </div>
  )
}
