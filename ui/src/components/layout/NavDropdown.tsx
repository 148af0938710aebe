import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { isActive, type NavGroup } from './nav'

/** A disclosure menu of links: the button says whether it is open, Esc and a click outside close it. */
export function NavDropdown({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false)
  const [path] = useLocation()
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const active = group.links.some((l) => isActive(path, l.href))

  useEffect(() => setOpen(false), [path])
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={`flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-medium ${
          active ? 'text-brand-800 dark:text-brand-300' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
        }`}
      >
        {group.label}
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute left-0 z-30 mt-1 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {group.links.map((l) => (
          <li key={l.href}>
            <Link
              href={l.href}
              aria-current={isActive(path, l.href) ? 'page' : undefined}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm text-slate-700 hover:bg-slate-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:text-brand-300"
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
