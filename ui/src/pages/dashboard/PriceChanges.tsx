import { Link } from 'wouter'
import { pricePer } from '../../../../src/contract/purchasing'
import { getPriceChanges } from '../../api/purchasing'
import { useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { PURCHASING_UI as T } from '../../messages/purchasing'
import { Loading, Pending, Section } from './parts'

/** How many recent changes the card lists. */
const SHOWN = 5

/**
 * The Manager's "Price changes" card (issue 32.5): the latest received lines whose price differed from the last
 * price, or on a first delivery from the item's cost price, with the change in % and a link to the order.
 */
export function PriceChanges({ ready }: { ready: boolean }) {
  return (
    <Section title={T.priceChangesTitle} className="mb-6">
      {ready ? <PriceChangeList /> : <Pending label="Loading price changes" />}
    </Section>
  )
}

function PriceChangeList() {
  const fmt = useFormat()
  const state = useLoad(async (signal) => (await getPriceChanges(SHOWN, signal)).data, [], T.priceChangesFailed)
  return (
    <Loading state={state} label="Loading price changes">
      {(rows) =>
        rows.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{T.priceChangesNone}</p>
        ) : (
          <ul className="space-y-2">
            {rows.map((c) => {
              const up = c.change_pct > 0
              const body = (
                <>
                  <span className="font-semibold wrap-anywhere">{c.item_name}</span>
                  <span className={`font-semibold ${c.over_threshold ? (up ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300') : ''}`}>
                    {up ? '+' : ''}
                    {c.change_pct}%
                  </span>
                  <span className="w-full text-slate-600 dark:text-slate-400">
                    {T.priceChangeLine(fmt.money(c.old_price), fmt.money(c.new_price), c.compared_with)} {pricePer(c.pack, c.unit)} · {c.supplier_name} · {c.order_number ?? `Invoice ${c.invoice_number}`} · {fmt.date(c.invoice_date)}
                  </span>
                </>
              )
              const box = 'flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700'
              return (
                <li key={c.receipt_line_id}>
                  {c.order_id !== null ? (
                    <Link href={`/purchasing/orders/${c.order_id}`} className={`${box} hover:border-brand-600`}>
                      {body}
                    </Link>
                  ) : (
                    <div className={box}>{body}</div>
                  )}
                </li>
              )
            })}
          </ul>
        )
      }
    </Loading>
  )
}
