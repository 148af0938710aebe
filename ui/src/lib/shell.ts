// The static sign-in screen (scripts/login-shell.tsx) that the server puts before #root on /login and /, so the
// first paint needs no script. index.css hides #root while it is there; the React page removes it when it mounts,
// in a layout effect, so the swap happens within one frame and nothing moves.

const shell = () => (typeof document === 'undefined' ? null : document.getElementById('shell'))

/** What was typed into the static screen before the page took over, and whether Sign In was pressed there (boot.js). */
export function shellValues(): { email: string; password: string; submitted: boolean } {
  const s = shell()
  const value = (type: string) => s?.querySelector<HTMLInputElement>(`input[type="${type}"]`)?.value ?? ''
  return { email: value('email'), password: value('password'), submitted: s?.dataset.submitted === 'true' }
}

/**
 * Runs `takeOver` now, or, when a press began on the static screen and has not ended (boot.js marks it), once it
 * has: that press is a click of the static button, noted as such. Returns what cancels the wait.
 */
export function whenShellIdle(takeOver: (deferred: boolean) => void): () => void {
  const s = shell()
  if (s?.dataset.pressed !== 'true') {
    takeOver(false)
    return () => {}
  }
  const run = () => takeOver(true)
  s.addEventListener('released', run, { once: true })
  return () => s.removeEventListener('released', run)
}

/** Removes the static screen; the field that had the focus there hands it to its twin in `root`. */
export function dropShell(root?: HTMLElement | null) {
  const s = shell()
  if (!s) return
  const active = document.activeElement
  const focusedType = active instanceof HTMLInputElement && s.contains(active) ? active.type : null
  s.remove()
  if (focusedType && root) root.querySelector<HTMLInputElement>(`input[type="${focusedType}"]`)?.focus()
}
