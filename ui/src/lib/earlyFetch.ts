// A page's first API answer asked for by the entry itself, beside the page's chunks, instead of after those chunks
// have run and the page has rendered once (on a phone at 4× slower CPU the count sheet's GET started ≈ 0.5–0.8 s
// after the entry ran). Only for a route whose data is known from the URL and the session; the page takes it once.
import { CHEF, MANAGER, STOREKEEPER } from '../../../src/contract/roles'
import { call, type Envelope } from '../api/client'

/** Older than this, an answer fetched at start is not used (the page fetches its own). */
const FRESH_MS = 10_000
const early = new Map<string, { at: number; answer: Promise<Envelope<unknown>>; arrived?: unknown }>()

/** Starts GET `path` now (the session's token is in place). Failures are left to the page's own fetch. */
export function fetchEarly(path: string) {
  const entry: { at: number; answer: Promise<Envelope<unknown>>; arrived?: unknown } = { at: performance.now(), answer: call<unknown>('GET', path) }
  entry.answer.then((r) => (entry.arrived = r.data), () => {})
  early.set(path, entry)
}

/** Settles when every answer asked for at start has arrived or failed: the first render waits for it (briefly: main.tsx). */
export const allEarly = () => Promise.all([...early.values()].map((e) => e.answer.catch(() => {}))).then(() => {})

/**
 * The data of that answer when it has already arrived (and is fresh), without taking it: a page's first render can
 * show it, where the answer `takeEarly` gives lands a render later (after the first paint).
 */
export function peekEarly<T>(path: string): T | null {
  const e = early.get(path)
  return e && e.arrived !== undefined && performance.now() - e.at <= FRESH_MS ? (e.arrived as T) : null
}

/** The answer started by fetchEarly, once, while fresh; else (or when it failed) `fetch()`. */
export function takeEarly<T>(path: string, fetch: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
  const e = early.get(path)
  early.delete(path)
  if (!e || performance.now() - e.at > FRESH_MS) return fetch()
  return (e.answer as Promise<Envelope<T>>).catch(() => fetch())
}

/** The dashboard's one request by role (the page takes it with the same path); a custom role's asks for nothing. */
export const DASHBOARD_DATA: Record<string, string> = { [MANAGER]: '/manager/dashboard', [STOREKEEPER]: '/dashboard', [CHEF]: '/dashboard' }

/**
 * The routes whose data the entry asks for at start: the count sheet (its 500 lines are most of its wait), and the
 * signed-in user's dashboard (/, /login and /dashboard all end there), which otherwise waited for the layout's first render.
 */
export function fetchEarlyFor(pathname: string, role: string) {
  const sheet = /^\/counts\/(\d+)\/?$/.exec(pathname)
  if (sheet) fetchEarly(`/stock-counts/${sheet[1]}`)
  else if (opensDashboard(pathname) && DASHBOARD_DATA[role]) fetchEarly(DASHBOARD_DATA[role])
}

/** Where a signed-in user lands on the dashboard: /, /login (both redirect there) and /dashboard itself. */
export const opensDashboard = (pathname: string) => /^\/(login|dashboard)?\/?$/.test(pathname)
