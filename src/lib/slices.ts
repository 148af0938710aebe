// Long work on the one JS thread (an import's plan) shares it: it calls `slice()` often, and every few
// milliseconds of work it waits one turn of the event loop, so requests that arrived meanwhile are answered.

export type Slice = () => Promise<void> | undefined

/** A slice budget of `budgetMs`: `await slice()` returns at once until the budget is used, then yields once. */
export function timeSlices(budgetMs = 4): Slice {
  let started = performance.now()
  return () => {
    if (performance.now() - started < budgetMs) return undefined
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        started = performance.now()
        resolve()
      }),
    )
  }
}
