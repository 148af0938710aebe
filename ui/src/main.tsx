import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { getProfile } from './api/auth'
import { displayInlined, loadDisplaySettings } from './lib/display'
import { allEarly, fetchEarlyFor, opensDashboard } from './lib/earlyFetch'
import { groupMode, homePath } from './lib/mode'
import { startOutbox } from './lib/offline/app'
import { registerServiceWorker } from './lib/offline/register'
import { dropShell } from './lib/shell'
import { AppRoutes, pageFor } from './routes'
import { dropExpiredSession, getSession, updateUser } from './session/store'
import './index.css'

// SPEC §4 start-up: an expired token ends the session silently before the first screen.
dropExpiredSession()
// index.html carries the display settings when the RIMS server sent it; the Vite dev server's does not.
if (!displayInlined) void loadDisplaySettings()
// Then the profile is re-read; the client ends the session on a 401 only, never on a network error (DECISIONS).
if (getSession()) getProfile().then((r) => updateUser(r.data), () => {})
// Issue 33.4: what waits on this phone (count entries, kitchen records) is sent when the app opens, then as the box answers.
if (!groupMode) startOutbox()
// A page whose data the URL and the role name (the count sheet, the dashboard) asks for it now, beside its chunks.
const session = getSession()
if (session && !groupMode) fetchEarlyFor(location.pathname, session.user.role_name)
// Its code too (the server's modulepreload links have it on the way): the first render waits for both, up to
// FIRST_PAGE_WAIT_MS, so it shows the page itself rather than a spinner and then, ≥ 300 ms later, the page — and
// with its data, rather than a spinner and a render later its content.
const FIRST_PAGE_WAIT_MS = 500
const firstPage = session ? pageFor(opensDashboard(location.pathname) ? homePath : location.pathname) : undefined

// The static sign-in screen stays only for a signed-out visitor on /login or / (the login page removes it when it
// mounts); anything else shows #root at once. If the page's script never arrives, the app is shown after all.
if (getSession() || !/^\/(login\/?)?$/.test(location.pathname)) dropShell()
else setTimeout(dropShell, 15_000)

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  )
if (firstPage) void Promise.race([Promise.all([firstPage.preload(), allEarly()]), new Promise((r) => setTimeout(r, FIRST_PAGE_WAIT_MS))]).then(render)
else render()

// The service worker that opens the app without the box: after the page has loaded, never before the first paint.
// The group view has no offline work to keep.
if (!groupMode) registerServiceWorker()
