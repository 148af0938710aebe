import { useState } from 'react'
import { ApiError } from '../api/client'
import { UI } from '../messages/common'
import { failureMessage } from './failureMessage'

/** A call that never reached the server: say the connection was lost (the form keeps what was typed). */
const isNetworkFailure = (err: unknown) => err instanceof ApiError && err.status === 0

/**
 * A form's send: `busy` while it runs, and SPEC §8's failure line (kept for the form to show) when it
 * fails; when the call never reached the server the line adds that the connection was lost and the
 * entries are kept (forms stay open on a failure).
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  /** `failed` when the server answered without a message, `error` when the call never completed; `onFailed` after a failure. */
  async function run(send: () => Promise<void>, failed: string, error = failed, onFailed?: () => void) {
    setBusy(true)
    try {
      await send()
    } catch (err) {
      const line = failureMessage(err, failed, error)
      setFailure(isNetworkFailure(err) ? `${line} ${UI.connectionLost}` : line)
      onFailed?.()
    } finally {
      setBusy(false)
    }
  }
  return { busy, failure, setFailure, run }
}
