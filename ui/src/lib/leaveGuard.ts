import type { AroundNavHandler } from 'wouter'

// The one guard open at a time (the screen being edited, lib/useLeaveGuard), kept apart from the hook and its
// dialog so the router's aroundNav costs the first load a few lines, not the dialog's code. Back and Forward are
// caught here too: a popstate listener added when this module loads runs before wouter's (added on its first
// render; listeners on the window run in the order added, capture or not), so a stopped popstate never reaches it.

export interface OpenGuard {
  dirty: () => boolean
  ask: (leave: () => void) => void
}

let openGuard: OpenGuard | null = null

/** Opens `guard`; the function returned closes it (if it is still the one open). */
export function openLeaveGuard(guard: OpenGuard) {
  openGuard = guard
  return () => {
    if (openGuard === guard) openGuard = null
  }
}

const pathOf = (to: string) => new URL(to, location.href).pathname

/**
 * wouter's aroundNav: a navigation to another page waits for the open guard's answer. One within the page goes, and so
 * does a replace: those are redirects (the route guard's, once signed out in another tab), not someone leaving.
 */
export const guardedNav: AroundNavHandler = (navigate, to, options) => {
  const guard = openGuard
  if (guard?.dirty() && !options?.replace && pathOf(to) !== location.pathname) guard.ask(() => navigate(to, options))
  else navigate(to, options)
}

// Where the app is (every pushState and replaceState, wouter's patched history tells), to come back to.
let here = { url: location.href, state: history.state as unknown }
const follow = () => (here = { url: location.href, state: history.state })
addEventListener('pushState', follow)
addEventListener('replaceState', follow)
addEventListener('popstate', (e) => {
  const guard = openGuard
  if (!guard?.dirty() || location.href === here.url) return follow()
  // The address has already changed: put this page's back (wouter never saw it go), then Back again once agreed.
  e.stopImmediatePropagation()
  history.pushState(here.state, '', here.url)
  guard.ask(() => history.back())
})

/** Leaving within a page (another area of the same screen): `leave` runs now, or once the open guard's user agrees. */
export function askToLeave(leave: () => void) {
  const guard = openGuard
  if (guard?.dirty()) guard.ask(leave)
  else leave()
}
