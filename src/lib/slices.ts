// Long work on the one JS thread (an import's plan) shares it: it calls `slice()` often, and after each
// millisecond of work it rests for a millisecond, in which requests that arrived meanwhile are answered.
// A request needs a few turns of the event loop (read, handler, write), each of which may wait behind one
// slice; resting (not just yielding one turn) leaves the thread free half the time, so most turns wait for nothing.

export type Slice = () => Promise<void> | undefined

/** Work for `budgetMs`, then rest `restMs`: `await slice()` returns at once until the budget is used. */
export function timeSlices(budgetMs = 1, restMs = 1): Slice {
  let started = performance.now()
  return () => {
    if (performance.now() - started < budgetMs) return undefined
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        started = performance.now()
        resolve()
      }, restMs),
    )
  }
}
