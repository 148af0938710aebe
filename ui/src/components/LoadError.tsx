import { UI } from '../messages/common'
import { Button } from './Button'
import { ErrorLine } from './ErrorLine'

/**
 * A failed load shown, never a silently empty screen: the message and a Retry, in a card where the
 * list would be, or `inline` on one line (a statistics row, the filters' lookups). `detail`, the
 * reason, goes on its own line under `error` when the screen's line is the spec's alone.
 */
export function LoadError({ error, detail, retry, inline = false, className = '' }: { error: string; detail?: string | null; retry: () => void; inline?: boolean; className?: string }) {
  const retryButton = (
    <Button variant="secondary" onClick={retry}>
      {UI.retry}
    </Button>
  )
  if (inline)
    return (
      <div className={`flex flex-wrap items-center gap-3 ${className}`}>
        <div className="flex-1">
          <ErrorLine message={error} detail={detail} />
        </div>
        {retryButton}
      </div>
    )
  return (
    <div className={`space-y-3 border bg-white dark:bg-slate-900 ${className || 'rounded-xl border-slate-200 p-4 dark:border-slate-700'}`}>
      <ErrorLine message={error} detail={detail} />
      {retryButton}
    </div>
  )
}
