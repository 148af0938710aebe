import type { AroundNavHandler } from 'wouter'

// The one guard open at a time (the screen being edited, lib/useLeaveGuard), kept apart from the hook and its
// dialog so the router's aroundNav costs the first load a few lines, not the dialog's code.

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

/** wouter's aroundNav: a navigation to another page waits for the open guard's answer; one within the page goes. */
export const guardedNav: AroundNavHandler = (navigate, to, options) => {
  const guard = openGuard
  if (guard?.dirty() && pathOf(to) !== location.pathname) guard.ask(() => navigate(to, options))
  else navigate(to, options)
}

/** Leaving within a page (another area of the same screen): `leave` runs now, or once the open guard's user agrees. */
export function askToLeave(leave: () => void) {
  const guard = openGuard
  if (guard?.dirty()) guard.ask(leave)
  else leave()
}
