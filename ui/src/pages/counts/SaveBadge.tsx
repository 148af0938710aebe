import { Button } from '../../components/Button'
import { UI } from '../../messages/common'
import { COUNT_UI } from '../../messages/counts'
import type { SaveState } from '../../lib/counting/lineState'

/** Where a line's save stands: saving, on this phone (not yet on the box), saved on the box, failed (with Retry) or not counted. */
export function SaveBadge({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  if (state === 'saving') return <span className="text-xs font-medium text-slate-600 dark:text-slate-300">{COUNT_UI.lineSaving}</span>
  if (state === 'queued') return <span className="text-xs font-medium text-amber-900 dark:text-amber-200">{COUNT_UI.lineQueued}</span>
  if (state === 'saved') return <span className="text-xs font-medium text-emerald-800 dark:text-emerald-300">{COUNT_UI.lineSaved}</span>
  if (state === 'failed')
    return (
      <span className="flex items-center gap-2 text-xs font-medium text-red-800 dark:text-red-300">
        {COUNT_UI.lineFailed}
        <Button variant="secondary" className="min-h-11 px-3" onClick={onRetry}>
          {UI.retry}
        </Button>
      </span>
    )
  return <span className="text-xs text-slate-600 dark:text-slate-400">{COUNT_UI.lineNotCounted}</span>
}
