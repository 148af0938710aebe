import { useState } from 'react'
import { failureMessage } from './failureMessage'

/** A form's send: `busy` while it runs, and SPEC §8's failure line (kept for the form to show) when it fails. */
export function useSubmit() {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  /** `failed` when the server answered without a message, `error` when the call never completed; `onFailed` after a failure. */
  async function run(send: () => Promise<void>, failed: string, error = failed, onFailed?: () => void) {
    setBusy(true)
    try {
      await send()
    } catch (err) {
      setFailure(failureMessage(err, failed, error))
      onFailed?.()
    } finally {
      setBusy(false)
    }
  }
  return { busy, failure, setFailure, run }
}
