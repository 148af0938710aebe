// A page loaded lazily that survives a bad connection and an upgrade (issue 24):
// - a chunk that fails to load is tried again by itself (twice, 1 s then 3 s later);
// - when it still fails and its file is gone (404: the server was upgraded and the page's code has a
//   new name), the page is reloaded once to fetch the new index; a sessionStorage mark per file stops
//   a reload loop;
// - otherwise the failure reaches the layout's error boundary ('RIMS can't be reached'), whose Retry
//   calls `retryFailedPages()`: React.lazy keeps a rejected load for good, so a failed page gets a
//   fresh lazy component and is fetched again, with no reload of the app.
import { lazy, type ComponentType } from 'react'
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

/** `React.lazy` with retries, the upgrade reload, and a fresh start after `retryFailedPages()`. */
export function lazyPage(load: Loader): ComponentType {
  let failed = false
  const make = () =>
    lazy(() =>
      loadWithRetries(load).catch((err: unknown) => {
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
  // A stable component for the route table that renders whichever lazy component is current.
  const Page = () => {
    const Current = current
    return <Current />
  }
  return Page
}

/** The boundary's Retry: every page whose load failed is fetched again on its next render. */
export function retryFailedPages() {
  resets.forEach((r) => r())
}
