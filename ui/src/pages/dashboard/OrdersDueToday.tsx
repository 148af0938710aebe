import { Link } from 'wouter'
import type { OrderDue } from '../../../../src/contract/dashboard'
import { useFormat } from '../../lib/useFormat'
import { PURCHASING_UI as T } from '../../messages/purchasing'
import { Section } from './parts'

/** The Storekeeper's card: sent orders expected today or earlier (from the dashboard's answer), each opening its receiving screen. */
export function OrdersDueToday({ orders }: { orders: OrderDue[] }) {
  const fmt = useFormat()
  return (
    <Section title={T.dueToday} className="mb-6">
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{T.noneDue}</p>
      ) : (
        <ul className="space-y-2">
          {orders.map((o) => (
            <li key={o.id}>
              <Link href={`/purchasing/orders/${o.id}/receive`} className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm hover:border-brand-600 dark:border-slate-700">
                <span className="font-semibold">{o.number}</span>
                <span>{o.supplier_name}</span>
                <span>{o.expected_date ? fmt.date(o.expected_date) : ''}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
