// A page's first data asked for by the entry itself, beside the page's chunks, instead of after those chunks have run
// and the page has rendered once (on a phone at 4× slower CPU the count sheet's GET started ≈ 0.5–0.8 s after the
// entry ran). Only for a route whose data is known from the URL and the session; the page takes it once.
import { CHEF, MANAGER, STOREKEEPER } from '../../../src/contract/roles'
import { call } from '../api/client'
import { sheetOnPhone } from './offline/drafts'

/** Older than this, data read at start is not used (the page reads its own). */
const FRESH_MS = 10_000
const early = new Map<string, { at: number; answer: Promise<unknown>; arrived?: { value: unknown } }>()

/** Starts `work` now under `key` (an API path, or what the page names). Failures are left to the page's own read. */
export function startEarly(key: string, work: () => Promise<unknown>) {
  const entry: { at: number; answer: Promise<unknown>; arrived?: { value: unknown } } = { at: performance.now(), answer: work() }
  entry.answer.then((value) => (entry.arrived = { value }), () => {})
  early.set(key, entry)
}

/** Starts GET `path` now (the session's token is in place). */
export const fetchEarly = (path: string) => startEarly(path, () => call<unknown>('GET', path))

const fresh = (key: string) => {
  const e = early.get(key)
  return e && performance.now() - e.at <= FRESH_MS ? e : undefined
}

/** Settles when everything started at start has arrived or failed: the first render waits for it (briefly: main.tsx). */
export const allEarly = () => Promise.all([...early.values()].map((e) => e.answer.catch(() => {}))).then(() => {})

/**
 * What was read under `key` when it has already arrived (and is fresh), without taking it: a page's first render can
 * show it, where the answer `takeEarly` gives lands a render later (after the first paint).
 */
export function peekEarly<T>(key: string): T | null {
  const e = fresh(key)
  return e?.arrived ? (e.arrived.value as T) : null
}

/** The same, taken: a page that renders from it reads afresh on its next load (a reload, a Retry). */
export function takeArrived<T>(key: string): T | null {
  const value = peekEarly<T>(key)
  if (value !== null) early.delete(key)
  return value
}

/** What startEarly began under `key`, once, while fresh; else (or when it failed) `read()`. */
export function takeEarly<T>(key: string, read: () => Promise<T>): Promise<T> {
  const e = fresh(key)
  early.delete(key)
  if (!e) return read()
  return (e.answer as Promise<T>).catch(() => read())
}

/** The dashboard's one request by role (the page takes it with the same path); a custom role's asks for nothing. */
export const DASHBOARD_DATA: Record<string, string> = { [MANAGER]: '/manager/dashboard', [STOREKEEPER]: '/dashboard', [CHEF]: '/dashboard' }

/** The count sheet's two halves: the box's answer, and its part kept on this phone (its drafts and the outbox). */
export const sheetKeys = (id: number) => ({ count: `/stock-counts/${id}`, phone: `phone:/stock-counts/${id}` })

/**
 * The routes whose data the entry asks for at start: the count sheet (its 500 lines are most of its wait; with its
 * drafts and outbox read from IndexedDB beside them, so the page's first render can be the sheet), and the signed-in
 * user's dashboard (/, /login and /dashboard all end there), which otherwise waited for the layout's first render.
 */
export function fetchEarlyFor(pathname: string, role: string) {
  const sheet = /^\/counts\/(\d+)\/?$/.exec(pathname)
  if (sheet) {
    const id = Number(sheet[1])
    fetchEarly(sheetKeys(id).count)
    startEarly(sheetKeys(id).phone, () => sheetOnPhone(id))
  } else if (opensDashboard(pathname) && DASHBOARD_DATA[role]) fetchEarly(DASHBOARD_DATA[role])
}

/** Where a signed-in user lands on the dashboard: /, /login (both redirect there) and /dashboard itself. */
export const opensDashboard = (pathname: string) => /^\/(login|dashboard)?\/?$/.test(pathname)
