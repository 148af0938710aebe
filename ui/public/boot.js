// Starts the app after the static sign-in screen has been painted (src/http/static.ts puts this script in place of
// the entry's on /login and /, and preloads the entry beside it): the first paint never waits for the app's script
// to run. requestAnimationFrame + setTimeout lands just after that paint; the plain timeout covers a hidden tab.
const entry = document.querySelector('script[data-entry]').dataset.entry
let started = false
const start = () => {
  if (!started) (started = true), import(entry)
}
requestAnimationFrame(() => setTimeout(start))
setTimeout(start, 200)

// Sign In pressed (or Enter typed) on the static screen before the app took over: noted, and the login page carries
// it out when it replaces the screen (ui/src/lib/shell.ts). The static form itself never submits.
const shell = document.getElementById('shell')
const note = () => shell && (shell.dataset.submitted = 'true')
shell?.addEventListener('click', (e) => e.target instanceof Element && e.target.closest('form button') && note())
shell?.addEventListener('keydown', (e) => e.key === 'Enter' && e.target instanceof HTMLInputElement && note())

// A press that began on the static screen ends there: the app waits for it before taking over (ui/src/lib/shell.ts),
// since a mousedown on one button and a mouseup on its twin make no click at all. The timeout lets the click land first.
const released = () => {
  if (shell?.dataset.pressed !== 'true') return
  setTimeout(() => {
    delete shell.dataset.pressed
    shell.dispatchEvent(new Event('released'))
  })
}
shell?.addEventListener('pointerdown', () => (shell.dataset.pressed = 'true'))
addEventListener('pointerup', released, true)
addEventListener('pointercancel', released, true)
