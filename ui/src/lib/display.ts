import { useSyncExternalStore } from 'react'
import type { DisplaySettings } from '../../../src/contract/settings'
import { getDisplaySettings } from '../api/settings'

/** Shown until the server answers (and if it never does): the spec's own defaults. */
export const DEFAULT_DISPLAY: DisplaySettings = {
  restaurant_name: 'RIMS',
  currency: 'ZMW',
  locale: 'en-ZM',
  time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  expiring_days: 7,
}

/** The settings the server put into index.html (`<meta name="rims-display" content="{…}">`: data, no inline script), if any. */
function inlinedDisplay(): Partial<DisplaySettings> | null {
  const text = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="rims-display"]')?.content
  if (!text) return null
  try {
    return JSON.parse(text) as Partial<DisplaySettings>
  } catch {
    return null
  }
}

const inlined = inlinedDisplay()
/** True when index.html already carried the display settings: the start needs no fetch for them. */
export const displayInlined = inlined !== null
let current: DisplaySettings = inlined ? { ...DEFAULT_DISPLAY, ...inlined } : DEFAULT_DISPLAY
const listeners = new Set<() => void>()

/** Loads the public display settings (no token); call again after the Manager saves settings. */
export async function loadDisplaySettings() {
  try {
    current = { ...DEFAULT_DISPLAY, ...(await getDisplaySettings()).data }
    listeners.forEach((l) => l())
  } catch {
    // Defaults stay; every screen still works.
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
export const getDisplay = () => current
export const useDisplaySettings = () => useSyncExternalStore(subscribe, getDisplay, getDisplay)
