// A page loaded lazily that survives a bad connection and an upgrade (issue 24):
// - a chunk that fails to load is tried again by itself (twice, 1 s then 3 s later);
// - when it still fails and its file is gone (404: the server was upgraded and the page's code has a
//   new name), the page is reloaded once to fetch the new index; a sessionStorage mark per file stops
//   a reload loop;
// - otherwise the failure reaches the layout's error boundary ('RIMS can't be reached'), whose Retry
//   calls `retryFailedPages()`: React.lazy keeps a rejected load for good, so a failed page gets a
//   fresh lazy component and is fetched again, with no reload of the app.
import { lazy, useState, type ComponentType } from 'react'
import { setOffline } from '../api/connection'

type Loader = () => Promise<{ default: ComponentType }>

const RETRY_DELAYS_MS = [1000, 3000]
const RELOAD_MARK = 'rims:reloaded-for'

const resets = new Set<() => void>()

/** True for a failure to fetch a module or its CSS (Chromium, Firefox, Safari and Vite's preload words). */
export function isChunkLoadError(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError|Load failed/i.test(text)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const urlIn = (err: unknown) => (err instanceof Error ? /(https?:\/\/\S+?\.(?:js|css))/.exec(err.message)?.[1] : undefined)

/** The failed file answers 404 (an upgrade renamed it): reload once per file, never in a loop. */
async function reloadIfUpgraded(err: unknown): Promise<boolean> {
  const url = urlIn(err)
  if (!url) return false
  let status: number
  try {
    status = (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status
    setOffline(false)
  } catch {
    setOffline(true)
    return false
  }
  if (status !== 404) return false
  try {
    if (sessionStorage.getItem(RELOAD_MARK) === url) return false
    sessionStorage.setItem(RELOAD_MARK, url)
  } catch {
    return false // no sessionStorage: no guard against a loop, so no reload
  }
  window.location.reload()
  return true
}

async function loadWithRetries(load: Loader) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load()
    } catch (err) {
      if (!isChunkLoadError(err)) throw err
      if (attempt < RETRY_DELAYS_MS.length) {
        await sleep(RETRY_DELAYS_MS[attempt])
        continue
      }
      if (await reloadIfUpgraded(err)) return new Promise<never>(() => {}) // the page is reloading
      throw err
    }
  }
}

/** A page component whose code can be fetched before it is first rendered. */
export type LazyPage = ComponentType & { preload(): Promise<void> }

/**
 * `React.lazy` with retries, the upgrade reload, and a fresh start after `retryFailedPages()`. Once its code has
 * arrived (`preload()` or an earlier render) a page renders at once: React.lazy suspends on its first render even
 * when the module is already loaded, and React then holds the page back ≥ 300 ms after the spinner it showed
 * (its fallback throttle) — at start on a slowed phone that was the page shown a third of a second late.
 */
export function lazyPage(load: Loader): LazyPage {
  let failed = false
  let loaded: ComponentType | null = null
  const loadAndKeep = () =>
    loadWithRetries(load).then((m) => {
      loaded = m.default
      return m
    })
  const make = () =>
    lazy(() =>
      loadAndKeep().catch((err: unknown) => {
        failed = true
        throw err
      }),
    )
  let current = make()
  resets.add(() => {
    if (!failed) return
    failed = false
    current = make()
  })
  // A stable component for the route table. Which component it renders is chosen once per mount, so a page that
  // mounted through the lazy one is never remounted (its state lost) when the loaded one becomes known.
  const Page = () => {
    const [Chosen] = useState<ComponentType>(() => loaded ?? current)
    return <Chosen />
  }
  Page.preload = () => loadAndKeep().then(
    () => {},
    () => {}, // a failed preload is the render's to retry and report
  )
  return Page
}

/** The boundary's Retry: every page whose load failed is fetched again on its next render. */
export function retryFailedPages() {
  resets.forEach((r) => r())
}
