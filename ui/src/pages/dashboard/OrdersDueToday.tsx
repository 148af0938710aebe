import { Link } from 'wouter'
import { listOrders } from '../../api/purchasing'
import { LoadError } from '../../components/LoadError'
import { useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { PURCHASING_UI as T } from '../../messages/purchasing'
import { Section } from './parts'

/** The Storekeeper's card: sent orders expected today or earlier, each opening its receiving screen. */
export function OrdersDueToday() {
  const fmt = useFormat()
  const state = useLoad(async (signal) => (await listOrders({ page: 1, limit: 20, due: 'today' }, signal)).data, [], T.loadFailed)
  return (
    <Section title={T.dueToday} className="mb-6">
      {state.error ? (
        <LoadError error={state.error} retry={state.reload} inline />
      ) : !state.data ? null : state.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{T.noneDue}</p>
      ) : (
        <ul className="space-y-2">
          {state.data.map((o) => (
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
