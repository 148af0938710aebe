import { OPEN_DRAFT_STATUSES, type InvoiceDraft } from '../../../../src/contract/invoices'
import { Badge } from '../../components/Badge'
import { PageHeader } from '../../components/PageHeader'
import { useFormat } from '../../lib/useFormat'
import { INVOICE_UI as T } from '../../messages/invoices'
import { Differences } from './Differences'
import { HeadFix } from './HeadFix'
import { NeedsPerson } from './NeedsPerson'
import { STATUS } from './status'

const muted = 'text-slate-600 dark:text-slate-400'

/** The invoice's head: supplier, number, date, the order, totals as printed and what the lines add up to, and what needs a person. */
export function DraftHead({ draft: d, onChanged }: { draft: InvoiceDraft; onChanged: (d: InvoiceDraft) => void }) {
  const fmt = useFormat()
  const linesCents = d.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0)
  return (
    <>
      <PageHeader
        title={T.draftTitle(d.invoice_number)}
        description={
          <>
            <span className="font-semibold">{d.supplier_name}</span> · {d.invoice_date ? fmt.date(d.invoice_date) : T.noDate}
            {d.order_number && ` · ${T.order(d.order_number)}`} · <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
          </>
        }
      />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm sm:grid-cols-4 dark:border-slate-800 dark:bg-slate-900">
        <dt className={muted}>{T.net}</dt>
        <dd className="text-right font-semibold sm:text-left">{fmt.money(d.net)}</dd>
        <dt className={muted}>{T.tax}</dt>
        <dd className="text-right sm:text-left">{fmt.money(d.tax)}</dd>
        <dt className={muted}>{T.gross}</dt>
        <dd className="text-right font-semibold sm:text-left">{fmt.money(d.gross)}</dd>
        <dt className={muted}>{T.linesSum}</dt>
        <dd className="text-right sm:text-left">{fmt.money(linesCents / 100)}</dd>
      </dl>
      {d.credit_note && <p className="mt-2 text-sm font-semibold">{T.creditNote}</p>}
      {d.status === 'DISPUTED' && d.dispute_reason && <p className="mt-2 text-sm">{T.disputedBecause(d.dispute_reason)}</p>}
      <NeedsPerson className="mt-3" messages={d.problems.map((p) => p.message)} />
      {OPEN_DRAFT_STATUSES.includes(d.status) && d.problems.some((p) => p.code === 'NO_NUMBER' || p.code === 'NO_DATE') && <HeadFix draft={d} onChanged={onChanged} />}
      <Differences differences={d.differences} />
    </>
  )
}
