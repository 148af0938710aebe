import { Link } from 'wouter'
import type { InvoiceDraft } from '../../../../src/contract/invoices'
import type { Receipt } from '../../../../src/contract/purchasing'
import { buttonClass } from '../../components/Button'
import { PageHeader } from '../../components/PageHeader'
import { useFormat } from '../../lib/useFormat'
import { INVOICE_UI as T } from '../../messages/invoices'
import { Differences } from './Differences'

/** The receipt the draft became: what went into stock, what was refused, and where to go next. */
export function ReceiptView({ draft, receipt: r }: { draft: InvoiceDraft; receipt: Receipt }) {
  const fmt = useFormat()
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={T.receiptTitle(r.invoice_number)} description={`${r.supplier_name} · ${fmt.date(r.invoice_date)} · ${T.receiptLines(r.lines.length)}`} />
      <ul aria-label="Received lines" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {r.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap justify-between gap-2 p-3">
            <span className="font-medium">{l.item_name}</span>
            <span>
              {T.receivedLine(fmt.number(l.received_quantity), l.pack ? l.pack.name : l.unit, fmt.money(l.value))}
              {l.refused_quantity > 0 && ` · ${T.refusedLine(fmt.number(l.refused_quantity))}`}
            </span>
            {(l.expiry_date || l.note) && <span className="w-full text-slate-600 dark:text-slate-400">{[l.expiry_date && T.expiresOn(fmt.date(l.expiry_date)), l.note].filter(Boolean).join(' · ')}</span>}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        {T.receiptTotal} <span className="font-semibold">{fmt.money(r.lines_total)}</span>
      </p>
      <Differences differences={draft.differences} />
      <div className="mt-4 flex flex-wrap gap-2">
        {draft.order_id && (
          <Link href={`/purchasing/orders/${draft.order_id}`} className={buttonClass('secondary')}>
            {T.toOrder}
          </Link>
        )}
        <Link href="/purchasing/invoices/new" className={buttonClass('primary')}>
          {T.another}
        </Link>
      </div>
    </div>
  )
}
