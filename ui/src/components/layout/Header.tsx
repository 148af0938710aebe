import { useEffect, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { MANAGER } from '../../../../src/contract/roles'
import { useDisplaySettings } from '../../lib/display'
import { useWaiting } from '../../lib/offline/app'
import { COUNT_UI } from '../../messages/counts'
import { UI } from '../../messages/common'
import { logout } from '../../session/logout'
import { ConfirmDialog } from '../ConfirmDialog'
import { useSession } from '../../session/store'
import { Brand } from '../Brand'
import { groupMode, homePath } from '../../lib/mode'
import { isActive, isGroup, navFor, type NavEntry } from './nav'
import { NavDropdown } from './NavDropdown'

const linkClass =
  'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:text-brand-800 aria-[current=page]:bg-brand-50 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-brand-950 dark:aria-[current=page]:text-brand-300'

export function Header() {
  const session = useSession()
  const { restaurant_name } = useDisplaySettings()
  const [path] = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  // Issue 33.4: signing out with counts or kitchen records still on this phone asks first.
  const waiting = useWaiting()
  const [askOut, setAskOut] = useState(false)
  const signOut = () => (waiting.entries + waiting.records > 0 ? setAskOut(true) : logout())
  useEffect(() => setMenuOpen(false), [path])
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])
  if (!session) return null
  const { user } = session
  // The group server has one page: no site's menu, profile or settings there.
  const nav: NavEntry[] = groupMode ? [{ label: 'Group', href: '/group' }] : navFor(user.role_name)

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link href={homePath} className="flex min-h-11 items-center rounded-lg">
          <Brand name={restaurant_name} />
        </Link>

        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {nav.map((e) =>
            isGroup(e) ? (
              <NavDropdown key={e.label} group={e} />
            ) : (
              <Link key={e.href} href={e.href} aria-current={isActive(path, e.href) ? 'page' : undefined} className={linkClass}>
                {e.label}
              </Link>
            ),
          )}
        </nav>

        <div className="ml-auto hidden items-center gap-2 md:flex">
          {groupMode ? (
            <span className="text-left leading-tight">
              <span className="block text-sm font-medium">{user.name}</span>{' '}
              <span className="block text-xs text-slate-600 dark:text-slate-400">{user.role_name}</span>
            </span>
          ) : (
            <Link href="/profile" aria-label={profileName(user.name, user.role_name)} className="flex min-h-11 items-center gap-2 rounded-lg px-2 hover:bg-slate-100 dark:hover:bg-slate-800">
              <Avatar name={user.name} />{' '}
              <span className="text-left leading-tight">
                <span className="block text-sm font-medium">{user.name}</span>{' '}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{user.role_name}</span>
              </span>
            </Link>
          )}
          {user.role_name === MANAGER && !groupMode && (
            // DECISIONS "UI behaviour": Settings is also reached from the user menu.
            <Link href="/manager/settings" aria-current={isActive(path, '/manager/settings') ? 'page' : undefined} className={linkClass}>
              Settings
            </Link>
          )}
          <button type="button" onClick={signOut} className={linkClass}>
            Logout
          </button>
        </div>

        <button
          type="button"
          className="ml-auto flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800">
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {nav.map((e) =>
              isGroup(e) ? (
                <li key={e.label}>
                  <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{e.label}</p>
                  <ul className="space-y-1">
                    {e.links.map((l) => (
                      <li key={l.href}>
                        <Link href={l.href} aria-current={isActive(path, l.href) ? 'page' : undefined} className={linkClass}>
                          {l.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={e.href}>
                  <Link href={e.href} aria-current={isActive(path, e.href) ? 'page' : undefined} className={linkClass}>
                    {e.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="mt-3 space-y-1 border-t border-slate-200 pt-3 dark:border-slate-800">
          {!groupMode && (
            <Link href="/profile" aria-label={profileName(user.name, user.role_name)} className="flex min-h-11 items-center gap-3 rounded-lg px-3 hover:bg-slate-100 dark:hover:bg-slate-800">
              <Avatar name={user.name} />{' '}
              <span className="leading-tight">
                <span className="block text-sm font-medium">{user.name}</span>{' '}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{user.role_name}</span>
              </span>
            </Link>
          )}
          <button type="button" onClick={signOut} className={`${linkClass} w-full`}>
            Logout
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={askOut}
        title={UI.signOutWaitingTitle}
        message={UI.signOutWaiting([waiting.entries > 0 && COUNT_UI.onPhone(waiting.entries), waiting.records > 0 && UI.recordsOnPhone(waiting.records)].filter(Boolean).join('; '))}
        confirmLabel={UI.signOutAnyway}
        cancelLabel={UI.stay}
        danger
        onConfirm={logout}
        onClose={() => setAskOut(false)}
      />
    </header>
  )
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?'

/**
 * The profile link's name holds every word it shows, in the order shown (WCAG 2.5.3, axe
 * label-content-name-mismatch): 'Profile: MB Mwila Banda, Manager'.
 */
const profileName = (name: string, role: string) => `Profile: ${initialsOf(name)} ${name}, ${role}`

function Avatar({ name }: { name: string }) {
  const initials = initialsOf(name)
  return (
    <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-200">
      {initials}
    </span>
  )
}
