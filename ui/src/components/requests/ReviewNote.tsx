import type { KitchenRequest } from '../../../../src/contract/kitchen'
import { useFormat } from '../../lib/useFormat'

/**
 * What the store said about a request, under its status: the reason of a rejection, the approver's
 * remarks, and the approved quantity when it differs from the one asked for. The Chef reads why.
 */
export function ReviewNote({ request: r }: { request: KitchenRequest }) {
  const f = useFormat()
  const changed = r.quantity_approved !== null && r.quantity_approved !== r.quantity_requested
  if (!r.review_remarks && !changed) return null
  return (
    <span className="mt-1 block max-w-xs space-y-0.5 text-xs text-slate-700 dark:text-slate-300" data-testid="review-note">
      {changed && (
        <span className="block">
          Approved {f.quantity(r.quantity_approved, r.unit)} of {f.quantity(r.quantity_requested, r.unit)}
        </span>
      )}
      {r.review_remarks && (
        <span className={`block ${r.status === 'REJECTED' ? 'font-medium text-red-700 dark:text-red-300' : ''}`}>
          {r.status === 'REJECTED' ? 'Reason' : 'Store'}: {r.review_remarks}
        </span>
      )}
    </span>
  )
}
