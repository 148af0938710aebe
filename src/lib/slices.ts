// Long work on the one JS thread (an import's plan) shares it: it calls `slice()` often, and after each quarter
// millisecond of work it rests 1.5 ms, in which requests that arrived meanwhile are answered. A request needs a
// few turns of the event loop (read, handler, write), each of which may wait behind one slice; resting (not just
// yielding one turn) leaves the thread free most of the time, so most turns wait for nothing. The import takes
// about seven times its CPU time (half a millisecond of work per rest kept the items page at 2.5 × idle, a quarter
// under 2 ×); nobody else waits for it (docs/import.md, "Imports under load").

export type Slice = () => Promise<void> | undefined

/** Work for `budgetMs`, then rest `restMs`: `await slice()` returns at once until the budget is used. */
export function timeSlices(budgetMs = 0.25, restMs = 1.5): Slice {
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
