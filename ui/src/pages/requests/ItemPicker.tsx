import { useEffect, useId, useRef, useState } from 'react'
import { useDebounced } from './shared'

export interface PickedItem {
  id: number
  name: string
  unit: string
  /** The balance where the picker looks (main store or kitchen), when known. */
  quantity?: number
  /** A second line in the list (category, balance). */
  detail?: string
}

interface ItemPickerProps {
  label: string
  value: PickedItem | null
  onChange: (item: PickedItem | null) => void
  /** Searches the items to offer (a page of at most ~8). */
  search: (q: string, signal: AbortSignal) => Promise<PickedItem[]>
  error?: string
  hint?: string
  /** Shown read-only (the form was opened for one item). */
  locked?: boolean
  autoFocus?: boolean
}

/**
 * A searchable combobox over items (DECISIONS: pickers search `/items/search`): type to search,
 * arrows to move, Enter to choose, Esc to close. The ARIA 1.2 combobox pattern.
 */
export function ItemPicker({ label, value, onChange, search, error, hint, locked, autoFocus }: ItemPickerProps) {
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState(value?.name ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [options, setOptions] = useState<PickedItem[]>([])
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle')
  const q = useDebounced(text, 250)
  const searchRef = useRef(search)
  searchRef.current = search
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(blurTimer.current), [])

  useEffect(() => {
    if (value) setText(value.name)
  }, [value])

  useEffect(() => {
    if (!open || locked) return
    const ctrl = new AbortController()
    setState('loading')
    searchRef.current(value && q === value.name ? '' : q.trim(), ctrl.signal).then(
      (rows) => {
        setOptions(rows)
        setActive(0)
        setState('idle')
      },
      () => {
        if (!ctrl.signal.aborted) setState('error')
      },
    )
    return () => ctrl.abort()
  }, [q, open, locked, value])

  const choose = (item: PickedItem) => {
    onChange(item)
    setText(item.name)
    setOpen(false)
  }

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  const inputClass = `block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 sm:text-sm dark:bg-slate-900 dark:text-slate-100 ${
    error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
  } read-only:border-transparent read-only:bg-slate-100 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 dark:read-only:bg-slate-800`

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && !locked}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${id}-opt-${options[active].id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        readOnly={locked}
        data-autofocus={autoFocus ? true : undefined}
        placeholder="Search items by name or barcode"
        value={text}
        className={inputClass}
        onFocus={() => {
          clearTimeout(blurTimer.current)
          if (!locked) setOpen(true)
        }}
        onClick={() => !locked && setOpen(true)}
        onBlur={() => {
          // Let a click on an option land first; typed text that matches nothing chosen is dropped.
          blurTimer.current = setTimeout(() => {
            setOpen(false)
            setText((t) => (value && t === value.name ? t : (value?.name ?? '')))
          }, 150)
        }}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          if (value) onChange(null)
        }}
        onKeyDown={(e) => {
          if (locked) return
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setOpen(true)
            setActive((a) => Math.min(a + 1, options.length - 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (e.key === 'Enter' && open && options[active]) {
            e.preventDefault()
            choose(options[active])
          } else if (e.key === 'Escape' && open) {
            e.preventDefault()
            e.stopPropagation()
            setOpen(false)
          }
        }}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || locked}
        className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-md dark:border-slate-700 dark:bg-slate-900"
      >
        {state === 'loading' && options.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">Searching…</li>}
        {state === 'error' && <li className="px-3 py-2 text-sm text-red-700 dark:text-red-300">Could not search items. Type again to retry.</li>}
        {state === 'idle' && options.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">No items found</li>}
        {options.map((o, i) => (
          <li
            key={o.id}
            id={`${id}-opt-${o.id}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(o)}
            onMouseEnter={() => setActive(i)}
            className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm ${i === active ? 'bg-brand-50 dark:bg-brand-950' : ''}`}
          >
            <span className="font-medium">{o.name}</span>
            {o.detail && <span className="text-xs text-slate-600 dark:text-slate-400">{o.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  )
}
