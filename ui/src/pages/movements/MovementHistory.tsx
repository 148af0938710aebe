import type { MovementHistoryEntry, MovementSnapshot } from '../../../../src/contract/stock'
import { getMovement } from '../../api/stock'
import { useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { MOVEMENT_UI } from '../../messages/stock'
import { movementLabel } from './display'

type Fmt = ReturnType<typeof useFormat>

/** "quantity 10 → 1", one part per changed value. */
export function changes(before: MovementSnapshot, after: MovementSnapshot, fmt: Fmt): string[] {
  const parts: string[] = []
  if (before.item_id !== after.item_id) parts.push(`item ${before.item_name} → ${after.item_name}`)
  if (before.type !== after.type) parts.push(`type ${movementLabel(before)} → ${movementLabel(after)}`)
  if (before.quantity !== after.quantity) parts.push(`quantity ${fmt.quantity(before.quantity)} → ${fmt.quantity(after.quantity)}`)
  if ((before.remarks ?? '') !== (after.remarks ?? '')) parts.push(`remarks "${before.remarks ?? ''}" → "${after.remarks ?? ''}"`)
  return parts
}

const line = (h: MovementHistoryEntry, fmt: Fmt) =>
  h.after === null
    ? `Deleted by ${h.user_name} at ${fmt.dateTime(h.at)}`
    : `Edited by ${h.user_name} at ${fmt.dateTime(h.at)}: ${changes(h.before, h.after, fmt).join(', ') || 'no change'}`

/** A movement's edit history, loaded from its detail (GET /stock-movements/{id}); nothing while it was never edited. */
export function MovementHistory({ movementId }: { movementId: number }) {
  const fmt = useFormat()
  const detail = useLoad((signal) => getMovement(movementId, signal).then((r) => r.data.history ?? []), [movementId], MOVEMENT_UI.loadFailed)
  if (detail.loading) return null
  if (detail.error) return <p className="text-sm text-red-700 dark:text-red-300">{detail.error}</p>
  if (!detail.data?.length) return null
  return (
    <div>
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">History</p>
      <ul className="mt-1.5 space-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Edit history">
        {detail.data.map((h, i) => (
          <li key={i}>{line(h, fmt)}</li>
        ))}
      </ul>
    </div>
  )
}
