// The sign-in screen as static HTML for index.html (ui/dist/login-shell.html), written by scripts/build.ts after the
// Vite build: the server puts it before #root on /login and /, so the first paint needs no script; the React page
// takes its place without a shift when it mounts (ui/src/lib/shell.ts). Rendered from the page itself, so the two
// cannot drift apart.
//   bun scripts/login-shell.tsx
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { Router } from 'wouter'

/** Stands for the restaurant's name; the server writes the escaped name in its place (src/http/static.ts). */
export const NAME_SLOT = '@@RIMS_RESTAURANT_NAME@@'

export async function writeLoginShell(dist = join(import.meta.dir, '..', 'ui/dist')) {
  // The display settings module reads the server's <meta name="rims-display"> once, at load: give it the slot.
  const g = globalThis as { document?: unknown; localStorage?: unknown }
  const before = { document: g.document, localStorage: g.localStorage }
  g.document = { querySelector: () => ({ content: JSON.stringify({ restaurant_name: NAME_SLOT }) }), getElementById: () => null }
  // No session: the page as a signed-out visitor sees it.
  g.localStorage = { getItem: () => null, setItem() {}, removeItem() {} }
  try {
    const { default: LoginPage } = await import('../ui/src/pages/login/LoginPage')
    let html = renderToStaticMarkup(
      <Router ssrPath="/login">
        <LoginPage />
      </Router>,
    )
    // Before the script runs, the form must not submit (a GET would put the password in the URL): without a submit
    // button a form of two fields never submits implicitly, and a plain button does nothing.
    html = html.replace(/type="submit"/g, 'type="button"')
    if (!html.includes(NAME_SLOT)) throw new Error('the login shell lost the restaurant name')
    writeFileSync(join(dist, 'login-shell.html'), html)
    return html.length
  } finally {
    Object.assign(g, before)
  }
}

if (import.meta.main) console.log(`ui/dist/login-shell.html: ${await writeLoginShell()} bytes`)
