import { useId, useMemo, useRef, useState } from 'react'

/** The IANA names this browser knows (the server checks against its own runtime's list). */
export const BROWSER_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return []
  }
})()

/** How far a zone is from UTC now, as the browser writes it: 'GMT+02:00'. */
function offsetOf(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? ''
  } catch {
    return ''
  }
}

/** 'new york', 'New_York', 'america/new' all find America/New_York. */
const fold = (s: string) => s.toLowerCase().replace(/[_\s]+/g, ' ')
const MAX_SHOWN = 50

/**
 * The time zone, picked from a searchable list of IANA names: type part of a city or region, then
 * tap (or arrow down and Enter) a match. The chosen zone stays shown with its offset; nothing is free text.
 */
export function TimeZonePicker({ label, value, onChange, error, zones = BROWSER_ZONES }: { label: string; value: string; onChange: (zone: string) => void; error?: string; zones?: string[] }) {
  const id = useId()
  const listId = `${id}-list`
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  const all = useMemo(() => (zones.includes(value) || value === '' ? zones : [value, ...zones]), [zones, value])
  const matches = useMemo(() => {
    const q = fold(query.trim())
    const found = q === '' ? all : all.filter((z) => fold(z).includes(q))
    return found.slice(0, MAX_SHOWN)
  }, [all, query])
  const total = useMemo(() => (query.trim() === '' ? all.length : all.filter((z) => fold(z).includes(fold(query.trim()))).length), [all, query])

  const choose = (zone: string) => {
    onChange(zone)
    setQuery('')
    setOpen(false)
    input.current?.focus()
  }

  return (
    <div className="space-y-1.5 sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <p id={`${id}-current`} className="text-sm text-slate-700 dark:text-slate-200" data-testid="time-zone-current">
        <span className="font-semibold">{value || 'Not set'}</span>
        {value && <span className="text-slate-600 dark:text-slate-400"> · {offsetOf(value)}</span>}
      </p>
      <input
        ref={input}
        id={id}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-current ${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search a city or region, e.g. Lusaka"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            setOpen(true)
            setActive((a) => Math.max(0, Math.min(matches.length - 1, a + (e.key === 'ArrowDown' ? 1 : -1))))
          } else if (e.key === 'Enter' && open && matches[active]) {
            e.preventDefault()
            choose(matches[active])
          } else if (e.key === 'Escape') setOpen(false)
        }}
        className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-500 sm:text-sm dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${
          error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
        }`}
      />
      {open && matches.length === 0 && (
        <p role="status" className="rounded-lg border border-slate-200 px-3 py-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No time zone matches “{query.trim()}”
        </p>
      )}
      {open && matches.length > 0 && (
        <ul id={listId} role="listbox" aria-label={`${label} matches`} className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {matches.map((z, i) => (
            <li
              key={z}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={z === value}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(z)}
              className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 text-sm ${i === active ? 'bg-brand-50 dark:bg-brand-950' : ''} ${z === value ? 'font-semibold' : ''}`}
            >
              <span>{z.replace(/_/g, ' ')}</span>
              <span className="text-xs text-slate-600 dark:text-slate-400">{offsetOf(z)}</span>
            </li>
          ))}
        </ul>
      )}
      {open && total > matches.length && <p className="text-xs text-slate-600 dark:text-slate-400">{total - matches.length} more: type more of the name</p>}
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          Days, reports and backups follow this zone.
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
