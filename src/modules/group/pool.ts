import { availableParallelism } from 'node:os'
import type { GroupSiteFigures } from '../../contract/group'

export interface FiguresRequest {
  id: number
  siteId: string
  path: string
  /** The copy's snapshot key: a worker reopens the site's file when it changes. */
  version: string
  start: string
  end: string
}
export type FiguresResult =
  | { id: number; ok: true; currency: string; timeZone: string; figures: GroupSiteFigures }
  /** unreadable: the copy failed while being read (else it is another RIMS version's, and error says so). */
  | { id: number; ok: false; error: string; unreadable: boolean }

// Inside the executable the worker is another entrypoint (scripts/build.ts), addressed from src/; from source, beside this file.
const workerUrl = () => (Bun.main.startsWith('/$bunfs/') ? './modules/group/figures-worker.ts' : new URL('./figures-worker.ts', import.meta.url).href)

/**
 * Workers that compute the sites' figures, one per core (at most 4): a site always goes to the same worker, which
 * keeps its copy open read-only between requests. Started on first use.
 */
export function createFiguresPool(size = Math.max(1, Math.min(4, availableParallelism()))) {
  let workers: Worker[] | null = null
  const waiting = new Map<number, (r: FiguresResult) => void>()
  /** Sites dealt to the workers in turn, so that ten sites on two cores are five and five. */
  const dealt = new Map<string, number>()
  let next = 0
  const failAll = (error: string) => {
    for (const [id, resolve] of waiting) resolve({ id, ok: false, error, unreadable: true })
    waiting.clear()
  }
  const stop = () => {
    for (const w of workers ?? []) w.terminate()
    workers = null
    dealt.clear()
  }
  const start = () =>
    (workers ??= Array.from({ length: size }, () => {
      const w = new Worker(workerUrl())
      w.onmessage = (e: MessageEvent<FiguresResult>) => {
        waiting.get(e.data.id)?.(e.data)
        waiting.delete(e.data.id)
      }
      // A worker that dies (out of memory, say) fails what was asked of the pool; the next request starts new ones.
      w.onerror = (e) => (failAll(`The figures could not be computed: ${e.message}`), stop())
      return w
    }))
  const workerOf = (siteId: string) => {
    const all = start()
    if (!dealt.has(siteId)) dealt.set(siteId, dealt.size % size)
    return all[dealt.get(siteId)!]
  }
  return {
    run(q: Omit<FiguresRequest, 'id'>): Promise<FiguresResult> {
      const id = ++next
      return new Promise((resolve) => {
        waiting.set(id, resolve)
        workerOf(q.siteId).postMessage({ ...q, id } satisfies FiguresRequest)
      })
    },
    close() {
      stop()
      failAll('The group view is stopping')
    },
  }
}
