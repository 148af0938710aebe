import { Link } from 'wouter'
import { listCounts } from '../../api/counts'
import { useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { COUNT_UI } from '../../messages/counts'
import { Loading, Pending, Section } from './parts'

const SHOWN = 5

/**
 * The Manager's card (issue 32.3): submitted counts awaiting approval, each opening its review; an honest line when
 * none. Asked for once the dashboard's numbers are painted (`ready`), like the charts.
 */
export function CountsToReview({ ready }: { ready: boolean }) {
  return (
    <Section title={COUNT_UI.toReviewTitle} className="mb-6">
      {ready ? <WaitingCounts /> : <Pending label="Loading counts to review" />}
    </Section>
  )
}

function WaitingCounts() {
  const fmt = useFormat()
  const waiting = useLoad((signal) => listCounts({ page: 1, limit: SHOWN, status: 'SUBMITTED' }, signal).then((r) => ({ rows: r.data, total: r.meta?.total ?? r.data.length })), [], COUNT_UI.listFailed)
  return (
    <Loading state={waiting} label="Loading counts to review">
      {({ rows, total }) =>
        rows.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{COUNT_UI.toReviewNone}</p>
        ) : (
          <>
            <ul className="space-y-2" aria-label={COUNT_UI.toReviewTitle}>
              {rows.map((c) => (
                <li key={c.id}>
                  <Link href={`/counts/${c.id}/review`} className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm hover:border-brand-600 dark:border-slate-700">
                    <span className="font-semibold wrap-anywhere">{COUNT_UI.toReviewLine(c.id, c.areas.map((a) => a.name).join(', '))}</span>
                    <span>{fmt.dateTime(c.submitted_at)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {total > rows.length && (
              <Link href="/counts" className="mt-2 inline-block text-sm font-medium text-brand-700 underline dark:text-brand-300">
                {COUNT_UI.toReviewMore(total - rows.length)}
              </Link>
            )}
          </>
        )
      }
    </Loading>
  )
}
