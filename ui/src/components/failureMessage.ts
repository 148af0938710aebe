import { ApiError, messageOr } from '../api/client'

/**
 * SPEC §8's three outcomes of a call: the server's message when it sent one, the screen's
 * 'Failed to …' when it answered without one, and 'Error …' when the call never completed.
 */
export const failureMessage = (err: unknown, failed: string, error: string = failed): string =>
  messageOr(err, err instanceof ApiError && err.status !== 0 ? failed : error)

/** A list's loading error for `usePagedList`: the server's message, else the page's own line. */
export function loadFailure(err: unknown, fallback: string): Error {
  if (err instanceof DOMException && err.name === 'AbortError') return err
  return new Error(messageOr(err, fallback))
}
