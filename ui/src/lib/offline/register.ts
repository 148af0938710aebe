import { useSyncExternalStore } from 'react'
// Registers the service worker (ui/src/sw/sw.ts, served by the box at /sw.js) so the app opens without the box.
// Only in a secure context (HTTPS with the box's CA trusted, or localhost): browsers refuse a worker elsewhere, and
// there the count sheet's in-page queue works only while its tab stays open (docs/offline.md).

/** How long after the page's load event the worker is registered: its first install downloads the offline pages' code, which must not compete with the first screen and its data. */
const AFTER_LOAD_MS = 1000

/** Whether this browser can have the worker at all. */
export const canWorkOffline = () => window.isSecureContext && 'serviceWorker' in navigator

export function registerServiceWorker() {
  // The Vite dev server has no /sw.js (the worker is written by the production build).
  if (!import.meta.env.PROD || !canWorkOffline()) return
  const register = () =>
    setTimeout(() => {
      // updateViaCache 'none': the browser asks the box for /sw.js itself on every visit, so a new build's worker is found.
      navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {}) // a failed registration is tried again on the next visit
    }, AFTER_LOAD_MS)
  if (document.readyState === 'complete') register()
  else addEventListener('load', register, { once: true })
}

/**
 * What this phone has: `works` (a worker controls the page: the app opens without the box), `installing` (it may
 * have one, not yet in control: the first visit, before the worker has stored the app), `insecure` (plain HTTP) or
 * `unsupported` (a browser without service workers).
 */
export type OfflineMode = 'works' | 'installing' | 'insecure' | 'unsupported'

export function offlineMode(): OfflineMode {
  if (!window.isSecureContext) return 'insecure'
  if (!('serviceWorker' in navigator)) return 'unsupported'
  return navigator.serviceWorker.controller ? 'works' : 'installing'
}

const subscribe = (changed: () => void) => {
  if (!('serviceWorker' in navigator)) return () => {}
  navigator.serviceWorker.addEventListener('controllerchange', changed)
  return () => navigator.serviceWorker.removeEventListener('controllerchange', changed)
}

/** offlineMode(), kept current: a worker that takes control while the page is open changes it. */
export const useOfflineMode = () => useSyncExternalStore(subscribe, offlineMode)
